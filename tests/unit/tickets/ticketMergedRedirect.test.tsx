import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messageRow, ticketsMock } from '../../../mocks/tickets';
import { PartnerTicketDetailPage } from '../../../src/resources/tickets/TicketDetailPage';
import { hub } from '../realtime/fakeSignalr';
import { signInAs } from '../sessionFixtures';
import { renderWithAdmin } from './renderTickets';

vi.mock('@microsoft/signalr', () => import('../realtime/fakeSignalr'));

const { realtime } = await import('../../../src/realtime/realtime');
let deactivate: () => void;

beforeEach(async () => {
  ticketsMock.reset();
  hub.connection!.reset();
  signInAs('partner');
  deactivate = realtime.activate();
  await waitFor(() => expect(realtime.getState()).toBe('Connected'));
});
afterEach(() => deactivate());

describe('a merged ticket', () => {
  it('leads from its old id to the ticket it was merged into, saying so', async () => {
    const [target, source] = ticketsMock.tickets;
    source.mergedIntoId = target.id;
    source.status = 'CLOSED';
    renderWithAdmin(<PartnerTicketDetailPage />, { url: `/tickets/${source.id}/detail`, path: '/tickets/:id/detail' });
    expect(await screen.findByTestId('ticket-merged-notice')).toHaveTextContent(`Ticket #${source.id.slice(0, 8)} was merged into this one`);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(target.subject);
  });

  it('the merge’s line shows in the chat in the reader’s words, and the moved messages load with it', async () => {
    const [target, source] = ticketsMock.tickets;
    renderWithAdmin(<PartnerTicketDetailPage />, { url: `/tickets/${target.id}/detail`, path: '/tickets/:id/detail' });
    await screen.findByTestId('chat-input');
    const moved = messageRow(7, target.id, { body: 'Moved from the duplicate', createdAt: '2026-01-01T09:00:00.000Z' });
    const line = messageRow(8, target.id, { body: '<p>Same printer</p>', system: { kind: 'merged', ticketId: source.id, subject: source.subject } });
    ticketsMock.messages.push(moved, line);
    act(() => hub.connection!.receive('TicketMessageCreated', line));
    expect(await screen.findByTestId('chat-merged-line')).toHaveTextContent(`Ticket #${source.id.slice(0, 8)} “${source.subject}” was merged into this one`);
    expect(await screen.findByText('Moved from the duplicate')).toBeInTheDocument();
  });
});
