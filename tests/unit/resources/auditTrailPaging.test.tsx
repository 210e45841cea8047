import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { AuditTrailEntryDto } from '../../../contract/auditTrail';
import type { PagedResult } from '../../../contract/envelope';
import { ok } from '../../../mocks/envelopes';
import { server } from '../../../mocks/server';
import users from '../../../src/resources/users/userTable';
import { renderEntityScreen, rowOf, rows } from '../entityTable/renderEntityTable';
import { LOAD } from '../renderWithRouter';
import { signInAs } from '../sessionFixtures';

const TOTAL = 120;
const entry = (n: number): AuditTrailEntryDto => ({
  id: `a${n}`,
  userId: null,
  type: 'Update',
  tableName: 'users',
  primaryKey: 'u',
  oldValues: { organization: `Old ${n}` },
  newValues: { organization: `New ${n}` },
  affectedColumns: ['organization'],
  dateTime: new Date(Date.UTC(2025, 0, 1) - n * 60_000).toISOString(),
});

describe('the audit trail dialog', () => {
  it('says how many entries there are and reads older ones a page at a time, instead of stopping silently', async () => {
    const asked: string[] = [];
    server.use(
      http.get('/api/users/:id/audit-trails', ({ request }) => {
        const query = new URL(request.url).searchParams;
        const pageNumber = Number(query.get('pageNumber'));
        const pageSize = Number(query.get('pageSize'));
        asked.push(`${pageNumber}/${pageSize}`);
        const items = Array.from({ length: TOTAL }, (_, i) => entry(i + 1)).slice((pageNumber - 1) * pageSize, pageNumber * pageSize);
        return ok({ items, totalCount: TOTAL, currentPage: pageNumber, pageSize } satisfies PagedResult<AuditTrailEntryDto>);
      }),
    );
    const user = userEvent.setup();
    signInAs('admin');
    renderEntityScreen(users, { basePath: '/user-management' });
    await waitFor(() => expect(rows()).toHaveLength(2), LOAD);
    await user.click(within(rowOf('Alice Nguyễn')).getByTestId('row-actions'));
    await user.click(await screen.findByRole('menuitem', { name: 'Audit trail' }));
    const dialog = within(await screen.findByTestId('user-audit-dialog'));
    await waitFor(() => expect(dialog.getAllByTestId('audit-entry')).toHaveLength(50));
    expect(dialog.getByTestId('audit-shown')).toHaveTextContent('Showing 50 of 120');
    // The scrolling entries are a named stop of the keyboard, so they can be scrolled without a mouse.
    const region = dialog.getByTestId('audit-entries');
    expect(region).toHaveAttribute('role', 'region');
    expect(region).toHaveAccessibleName('Audit trail entries');
    expect(region).toHaveAttribute('tabindex', '0');
    expect(region).toContainElement(dialog.getAllByTestId('audit-entry')[0]);
    await user.click(dialog.getByTestId('audit-more'));
    await waitFor(() => expect(dialog.getAllByTestId('audit-entry')).toHaveLength(100));
    await user.click(dialog.getByTestId('audit-more'));
    await waitFor(() => expect(dialog.getByTestId('audit-shown')).toHaveTextContent('Showing 120 of 120'));
    expect(dialog.queryByTestId('audit-more')).not.toBeInTheDocument();
    expect(asked).toEqual(['1/50', '2/50', '3/50']);
  });
});
