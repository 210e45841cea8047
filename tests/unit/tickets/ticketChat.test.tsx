import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminClaims, partnerClaims } from '../../../mocks/accounts';
import { messageRow, ticketsMock } from '../../../mocks/tickets';
import { TicketChat } from '../../../src/resources/tickets/chat/TicketChat';
import { signInAs } from '../sessionFixtures';
import { hub } from '../realtime/fakeSignalr';
import { renderWithAdmin } from './renderTickets';

vi.mock('@microsoft/signalr', () => import('../realtime/fakeSignalr'));

const { realtime } = await import('../../../src/realtime/realtime');
const connection = () => hub.connection!;

let deactivate: () => void;
let online = true;

beforeEach(async () => {
  online = true;
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  connection().reset();
  signInAs('partner');
  deactivate = realtime.activate();
  await waitFor(() => expect(realtime.getState()).toBe('Connected'));
});
afterEach(() => deactivate());

const ticket = () => ticketsMock.tickets[0];
const bubbles = () => screen.queryAllByTestId('chat-message');

function renderChat(status = ticket().status) {
  return renderWithAdmin(<TicketChat ticketId={ticket().id} status={status} userId={partnerClaims.sub} readerPartnerId={partnerClaims.partnerId} />);
}

describe('the ticket chat', () => {
  it('joins the ticket on the hub while open, shows its messages, and leaves it when closed', async () => {
    const { unmount } = renderChat();
    expect(await screen.findByText('Message 1')).toBeInTheDocument();
    expect(bubbles()[0]).toHaveAttribute('data-own', 'false');
    expect(bubbles()[0]).toHaveTextContent(`${adminClaims.fullName} (support)`);
    expect(connection().invoked).toContainEqual(['JoinTicket', ticket().id]);
    unmount();
    expect(connection().invoked.at(-1)).toEqual(['LeaveTicket', ticket().id]);
  });

  it('shows a sent message once, on our side, though it comes back from the POST and from the hub', async () => {
    const user = userEvent.setup();
    renderChat();
    await screen.findByText('Message 1');
    await user.type(screen.getByTestId('chat-input'), 'Hello <support>{Enter}');
    await waitFor(() => expect(bubbles()).toHaveLength(2));
    const sent = ticketsMock.messages.at(-1)!;
    expect(ticketsMock.writes).toEqual([{ method: 'POST', path: `/api/v1/tickets/${ticket().id}/messages`, body: { body: 'Hello &lt;support&gt;' } }]);
    act(() => connection().receive('TicketMessageCreated', { ...sent }));
    expect(bubbles()).toHaveLength(2);
    expect(bubbles()[1]).toHaveAttribute('data-own', 'true');
    expect(bubbles()[1]).toHaveTextContent('Hello <support>');
    expect(screen.queryByTestId('chat-pending')).toBeNull();
  });

  it("adds the other side's messages as they arrive, only for this ticket", async () => {
    renderChat();
    await screen.findByText('Message 1');
    act(() => {
      connection().receive('TicketMessageCreated', messageRow(5, ticket().id, { body: '<p>We are on it</p>' }));
      connection().receive('TicketMessageCreated', messageRow(6, 'another-ticket', { body: '<p>Elsewhere</p>' }));
    });
    expect(await screen.findByText('We are on it')).toBeInTheDocument();
    expect(screen.queryByText('Elsewhere')).toBeNull();
  });

  it('shows who is typing, then forgets them', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderChat();
      await screen.findByText('Message 1');
      act(() => {
        connection().receive('UserTyping', { ticketId: ticket().id, userId: adminClaims.sub, fullName: 'Ada Admin' });
        connection().receive('UserTyping', { ticketId: 'another-ticket', userId: 'x', fullName: 'Someone Else' });
      });
      expect(screen.getByTestId('typing-indicator')).toHaveTextContent('Ada Admin is typing…');
      await act(() => vi.advanceTimersByTimeAsync(4_100));
      expect(screen.getByTestId('typing-indicator')).toHaveTextContent('');
    } finally {
      vi.useRealTimers();
    }
  });

  it('tells the others we are typing, at most every 2 seconds', async () => {
    const user = userEvent.setup();
    renderChat();
    await screen.findByText('Message 1');
    await user.type(screen.getByTestId('chat-input'), 'abc');
    expect(connection().sent).toEqual([['Typing', ticket().id]]);
  });

  it('keeps a message written offline and sends it once when the connection is back', async () => {
    const user = userEvent.setup();
    renderChat();
    await screen.findByText('Message 1');
    online = false;
    await user.type(screen.getByTestId('chat-input'), 'Written on the train{Enter}');
    const pending = await screen.findByTestId('chat-pending');
    expect(pending).toHaveTextContent('Waiting for the connection…');
    expect(ticketsMock.writes).toEqual([]);

    online = true;
    act(() => {
      connection().drop();
      connection().reconnect();
    });
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(screen.queryByTestId('chat-pending')).toBeNull());
    expect(ticketsMock.writes.filter((w) => w.method === 'POST')).toHaveLength(1);
    expect(within(bubbles().at(-1)!).getByTestId('chat-message-body')).toHaveTextContent('Written on the train');
    expect(bubbles()).toHaveLength(2);
  });

  it('is read-only on a closed ticket, and says why', async () => {
    renderChat('CLOSED');
    expect(await screen.findByTestId('chat-closed')).toHaveTextContent('This ticket is closed: it accepts no new messages.');
    expect(screen.getByTestId('chat-input')).toBeDisabled();
    expect(screen.getByTestId('chat-send')).toBeDisabled();
  });

  it('shows a refused message with the reason and a way to retry or discard it', async () => {
    const user = userEvent.setup();
    ticketsMock.failNext = { status: 409, message: 'This ticket is closed: it accepts no new messages' };
    renderChat();
    await screen.findByText('Message 1');
    await user.type(screen.getByTestId('chat-input'), 'Too late{Enter}');
    const pending = await screen.findByTestId('chat-pending');
    await waitFor(() => expect(pending).toHaveTextContent('Not sent: This ticket is closed'));
    await user.click(within(pending).getByRole('button', { name: 'Discard' }));
    expect(screen.queryByTestId('chat-pending')).toBeNull();
  });
});
