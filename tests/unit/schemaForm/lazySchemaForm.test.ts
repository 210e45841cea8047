import { act, renderHook } from '@testing-library/react';
import * as yup from 'yup';
import { describe, expect, it } from 'vitest';
import { lazySchema, useLazySchemaForm } from '../../../src/schemaForm/lazySchema';

/** A schema whose chunk is still on its way until `arrive()` (a loaded machine, a slow phone). */
function slowSchema() {
  let arrive!: () => void;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  const schema = lazySchema(async () => {
    await arrived;
    return yup.object({ email: yup.string().required().email() });
  });
  return { schema, arrive };
}

describe('a form checked by a schema loaded on first use', () => {
  it('takes a submit made before the schema is in: the check waits for it and passes valid values on', async () => {
    const { schema, arrive } = slowSchema();
    const { result } = renderHook(() => useLazySchemaForm(schema, { email: 'ada@example.com' }));
    expect(result.current.isValid).toBe(false);
    const checked = result.current.validNow();
    await act(async () => {
      arrive();
      await checked;
    });
    expect(await checked).toBe(true);
    expect(result.current.isValid).toBe(true);
  });

  it('still refuses invalid values submitted before the schema is in', async () => {
    const { schema, arrive } = slowSchema();
    const { result } = renderHook(() => useLazySchemaForm(schema, { email: 'not an address' }));
    const checked = result.current.validNow();
    await act(async () => arrive());
    expect(await checked).toBe(false);
  });
});
