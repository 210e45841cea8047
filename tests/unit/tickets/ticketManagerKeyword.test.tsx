import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PagedResult } from '../../../contract/envelope';
import type { TicketDto } from '../../../contract/tickets';
import { ok } from '../../../mocks/envelopes';
import { server } from '../../../mocks/server';
import { ticketRow, ticketsMock } from '../../../mocks/tickets';
import ticketManagerTable from '../../../src/resources/ticketManager/ticketManagerTable';
import { renderEntityScreen } from '../entityTable/renderEntityTable';
import { LOAD } from '../renderWithRouter';
import { signInAs } from '../sessionFixtures';
import { recordSearches } from './searchRequests';

describe("the ticket manager's search box (issue 25: across conversations)", () => {
  beforeEach(() => {
    ticketsMock.reset();
    signInAs('admin');
  });

  it('says it searches message text too, and sends what is typed as the keyword of the search', async () => {
    const searches = recordSearches<{ advancedSearch?: { keyword?: string } }>('/api/v1/tickets/search');
    try {
      const user = userEvent.setup();
      renderEntityScreen(ticketManagerTable, { basePath: '/ticket-management', url: '/ticket-management' });
      await waitFor(() => expect(screen.queryAllByTestId('entity-row')).toHaveLength(3), LOAD);
      const box = screen.getByRole('searchbox', { name: 'Search by ID, subject or message text' });
      await user.type(box, 'kho Đà Nẵng{Enter}');
      await waitFor(() => expect(searches.bodies.at(-1)?.advancedSearch?.keyword).toBe('kho Đà Nẵng'), LOAD);
    } finally {
      searches.stop();
    }
  });

  it('shows, under the subject of a ticket found by a message, the words around the match (as the partners’ list does)', async () => {
    const byMessage = ticketRow(7, { subject: 'Giao hàng chậm' });
    server.use(
      http.post('/api/v1/tickets/search', async ({ request }) => {
        const body = (await request.json()) as { pageNumber: number; pageSize: number; advancedSearch?: { keyword?: string } };
        const items =
          body.advancedSearch?.keyword === 'đà nẵng' ? [{ ...byMessage, matchedText: '… giữ ở kho Đà Nẵng từ thứ Hai' }] : [ticketRow(1), byMessage];
        return ok<PagedResult<TicketDto>>({ items, totalCount: items.length, currentPage: body.pageNumber, pageSize: body.pageSize });
      }),
    );
    const user = userEvent.setup();
    renderEntityScreen(ticketManagerTable, { basePath: '/ticket-management', url: '/ticket-management' });
    await waitFor(() => expect(screen.queryAllByTestId('entity-row')).toHaveLength(2), LOAD);
    expect(screen.queryByTestId('ticket-matched-text')).toBeNull();
    await user.type(screen.getByRole('searchbox', { name: 'Search by ID, subject or message text' }), 'đà nẵng{Enter}');
    await waitFor(() => expect(screen.queryAllByTestId('entity-row')).toHaveLength(1), LOAD);
    const [row] = screen.getAllByTestId('entity-row');
    expect(within(row).getByTestId('ticket-matched-text')).toHaveTextContent('In a message: … giữ ở kho Đà Nẵng từ thứ Hai');
    expect(row).toHaveTextContent('Giao hàng chậm');
  });
});
