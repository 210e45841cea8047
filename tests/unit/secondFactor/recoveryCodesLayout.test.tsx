import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MOCK_RECOVERY_CODES } from '../../../mocks/secondFactor';
import { RecoveryCodesView } from '../../../src/secondFactor/RecoveryCodesView';

describe('the recovery codes, shown once', () => {
  it('keep each code on one line (never broken at a dash) in columns as wide as a code', () => {
    render(<RecoveryCodesView codes={MOCK_RECOVERY_CODES} onDone={() => undefined} />);
    const list = screen.getByRole('list', { name: 'Recovery codes' });
    for (const item of within(list).getAllByRole('listitem')) expect(item).toHaveStyle({ whiteSpace: 'nowrap' });
    // A column never narrower than a code (19 characters of a monospaced font), however wide the card.
    expect(list).toHaveStyle({ gridTemplateColumns: 'repeat(auto-fill, minmax(20ch, 1fr))', fontFamily: 'monospace' });
  });
});
