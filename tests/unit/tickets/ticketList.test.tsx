import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { PagedResult } from '../../../contract/envelope';
import type { TicketDto } from '../../../contract/tickets';
import { ok } from '../../../mocks/envelopes';
import { server } from '../../../mocks/server';
import { ticketRow } from '../../../mocks/tickets';
import TicketListPage from '../../../src/resources/tickets/TicketListPage';
import { signInAs } from '../sessionFixtures';
import { renderWithAdmin } from './renderTickets';

const subjects = () => screen.getAllByTestId('ticket-row-subject').map((s) => s.textContent);

describe("the partner's ticket list", () => {
  it('lists the tickets with their status chips and links to their chat', async () => {
    signInAs('partner');
    renderWithAdmin(<TicketListPage />);
    await waitFor(() => expect(subjects()).toEqual(['Ticket 1', 'Ticket 2', 'Ticket 3']));
    expect(screen.getAllByTestId('ticket-status').map((chip) => chip.getAttribute('data-status'))).toEqual(['OPEN', 'PENDING', 'CLOSED']);
    expect(screen.getAllByTestId('ticket-row')[0]).toHaveAttribute('href', '/tickets/00000000-0000-4000-c000-000000000001/detail');
  });

  it('searches id, subject and message text with one keyword (react-admin q), and says so in en and vi', async () => {
    // The server's search across conversations (tests/server/ticketConversationSearch.test.ts): here, which keyword it is sent.
    const keywords: (string | undefined)[] = [];
    const byMessage = ticketRow(7, { subject: 'Giao hàng chậm' });
    server.use(
      http.post('/api/v1/tickets/search', async ({ request }) => {
        const body = (await request.json()) as { pageNumber: number; pageSize: number; subject?: string; advancedSearch?: { keyword?: string } };
        const keyword = body.advancedSearch?.keyword;
        keywords.push(body.subject ?? keyword);
        const items = !keyword ? [ticketRow(1), byMessage] : keyword === 'đà nẵng' ? [{ ...byMessage, matchedText: '… giữ ở kho Đà Nẵng từ thứ Hai' }] : [];
        return ok<PagedResult<TicketDto>>({ items, totalCount: items.length, currentPage: body.pageNumber, pageSize: body.pageSize });
      }),
    );
    const user = userEvent.setup();
    signInAs('partner');
    renderWithAdmin(<TicketListPage />);
    await waitFor(() => expect(subjects()).toHaveLength(2));
    const box = screen.getByRole('textbox', { name: 'Search by ID, subject or message text' });
    expect(box).toHaveAttribute('placeholder', 'Search by ID, subject or message text');
    await user.type(box, 'đà nẵng');
    await waitFor(() => expect(subjects()).toEqual(['Giao hàng chậm']));
    expect(keywords.at(-1)).toBe('đà nẵng');
    // Found by a message: the words around the match under the subject.
    expect(screen.getByTestId('ticket-matched-text')).toHaveTextContent('In a message: … giữ ở kho Đà Nẵng từ thứ Hai');
    await user.clear(box);
    await user.type(box, 'nothing like it');
    expect(await screen.findByTestId('ticket-list-empty')).toHaveTextContent('No ticket matches this search.');
  });

  it('says in Vietnamese that the box searches messages too', async () => {
    signInAs('partner');
    renderWithAdmin(<TicketListPage />, { language: 'vi' });
    expect(await screen.findByRole('textbox', { name: 'Tìm theo mã, tiêu đề hoặc nội dung tin nhắn' })).toBeInTheDocument();
  });
});
