import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminClaims } from '../../../mocks/accounts';
import { ok } from '../../../mocks/envelopes';
import { server } from '../../../mocks/server';
import { ticketsMock } from '../../../mocks/tickets';
import { TicketChat } from '../../../src/resources/tickets/chat/TicketChat';
import { signInAs } from '../sessionFixtures';
import { hub } from '../realtime/fakeSignalr';
import { renderWithAdmin } from '../tickets/renderTickets';

vi.mock('@microsoft/signalr', () => import('../realtime/fakeSignalr'));

const { realtime } = await import('../../../src/realtime/realtime');

/** Issue 39: help articles in the composer's `/` picker beside canned responses, inserted as a link or as text. */
let deactivate: () => void;

beforeEach(() => {
  hub.connection?.reset();
  server.use(http.post('/api/v1/canned-responses/search', () => ok({ items: [], totalCount: 0, currentPage: 1, pageSize: 100 })));
});
afterEach(() => deactivate());

const input = () => screen.getByTestId('chat-input');

async function renderStaffChat() {
  signInAs('admin');
  deactivate = realtime.activate();
  await waitFor(() => expect(realtime.getState()).toBe('Connected'));
  const ticket = ticketsMock.tickets[0];
  renderWithAdmin(<TicketChat ticketId={ticket.id} ticket={ticket} status={ticket.status} userId={adminClaims.sub} readerPartnerId={adminClaims.partnerId} />);
  await screen.findByText('Message 1');
  await waitFor(() => expect(input()).toHaveAttribute('role', 'combobox'));
}

describe('help articles in the / picker', () => {
  it('are offered for the words after the /, and Enter inserts the article’s link', async () => {
    await renderStaffChat();
    const user = userEvent.setup();
    await user.type(input(), '/password');
    const articles = within(await screen.findByRole('group', { name: 'Help articles' }));
    const options = articles.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Reset your passwordInsert link', 'Reset your passwordInsert text']);
    expect(input()).toHaveAttribute('aria-activedescendant', options[0].id);
    await user.keyboard('{Enter}');
    expect(input()).toHaveValue(`Reset your password: ${window.location.origin}/help-center/reset-your-password?lang=en`);
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('insert the article’s text as a second choice', async () => {
    await renderStaffChat();
    const user = userEvent.setup();
    await user.type(input(), 'Hello,{Shift>}{Enter}{/Shift}/password');
    const articles = within(await screen.findByRole('group', { name: 'Help articles' }));
    await user.click(articles.getByRole('option', { name: /Insert text/ }));
    await waitFor(() => expect(input()).toHaveValue('Hello,\nReset your password\n\nOpen Profile and choose Change password.'));
  });
});
