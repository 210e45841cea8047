import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { created, ok } from '../../../mocks/envelopes';
import { server } from '../../../mocks/server';
import { EntityTableScreen } from '../../../src/entityTable/EntityTableScreen';
import validationRules from '../../../src/resources/validationRules/validationRuleTable';
import { renderInAdmin } from '../entityTable/renderEntityTable';
import { LOAD } from '../renderWithRouter';
import { signInAs } from '../sessionFixtures';

function withNoRules(posted: unknown[]) {
  server.use(
    http.post('/api/v1/validation-rules/search', () => ok({ items: [], totalCount: 0, currentPage: 1, pageSize: 10 })),
    http.post('/api/v1/validation-rules', async ({ request }) => {
      const body = (await request.json()) as object;
      posted.push(body);
      return created(
        { id: '00000000-0000-4000-8000-00000000a003', createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', ...body },
        'Created',
      );
    }),
  );
}

/** Regexes hold `[` and `{`, which `user.type` reads as key names. */
async function pasteInto(input: HTMLElement, text: string) {
  const user = userEvent.setup();
  await user.click(input);
  await user.paste(text);
}

describe('the rule editor and the pattern cost bound', () => {
  it('refuses a pattern whose compiled program is too large before any call, saying why on the field', async () => {
    const user = userEvent.setup();
    const posted: unknown[] = [];
    signInAs('admin');
    withNoRules(posted);
    renderInAdmin(<EntityTableScreen resource={validationRules} basePath="/validation-rules" />, { url: '/validation-rules', path: '/validation-rules/:id?' });
    await user.click(await screen.findByTestId('entity-add', {}, LOAD));
    const dialog = within(await screen.findByTestId('entity-form-dialog'));
    await user.type(dialog.getByRole('textbox', { name: 'Name' }), 'Review');
    const regex = () => dialog.getByRole('textbox', { name: 'Regex' });
    await pasteInto(regex(), '(?:.?){1000}a{1000}');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(regex()).toHaveAttribute('aria-invalid', 'true'));
    expect(dialog.getByText(/more than 1000 instructions/)).toBeInTheDocument();
    expect(posted).toEqual([]);
    await user.clear(regex());
    await pasteInto(regex(), '[0-9]{10}');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posted).toMatchObject([{ name: 'Review', regex: '[0-9]{10}' }]));
  });
});
