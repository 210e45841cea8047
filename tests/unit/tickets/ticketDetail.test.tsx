import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ticketsMock } from '../../../mocks/tickets';
import { SkipLink } from '../../../src/layout/SkipLink';
import { PartnerTicketDetailPage } from '../../../src/resources/tickets/TicketDetailPage';
import { hub } from '../realtime/fakeSignalr';
import { signInAs } from '../sessionFixtures';
import { renderWithAdmin } from './renderTickets';

vi.mock('@microsoft/signalr', () => import('../realtime/fakeSignalr'));

const { realtime } = await import('../../../src/realtime/realtime');
let deactivate: () => void;

beforeEach(async () => {
  hub.connection!.reset();
  signInAs('partner');
  deactivate = realtime.activate();
  await waitFor(() => expect(realtime.getState()).toBe('Connected'));
});
afterEach(() => deactivate());

const ticket = () => ticketsMock.tickets[0];
const renderDetail = () => renderWithAdmin(<PartnerTicketDetailPage />, { url: `/tickets/${ticket().id}/detail`, path: '/tickets/:id/detail' });

describe('the ticket detail', () => {
  it('offers "Skip to the reply" at the second Tab, after "Skip to main content", and moves the focus to the reply box', async () => {
    const user = userEvent.setup();
    renderWithAdmin(
      <SkipLink>
        <PartnerTicketDetailPage />
      </SkipLink>,
      { url: `/tickets/${ticket().id}/detail`, path: '/tickets/:id/detail' },
    );
    const reply = await screen.findByTestId('chat-input');
    (document.activeElement as HTMLElement | null)?.blur();
    await user.tab();
    expect(document.activeElement).toHaveAccessibleName('Skip to main content');
    await user.tab();
    expect(document.activeElement).toHaveAccessibleName('Skip to the reply');
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(reply);
    expect(reply).toHaveAccessibleName('Write a message…');
  });

  it('renders a description holding <img onerror> inert', async () => {
    ticket().description = '<p>See below</p><img src="x" onerror="window.__xss=1"><a href="javascript:alert(1)">link</a>';
    renderDetail();
    const description = await screen.findByTestId('ticket-description');
    expect(description).toHaveTextContent('See below');
    expect(description.querySelector('img')).toBeNull();
    expect(description.querySelector('a')).not.toHaveAttribute('href');
    expect((window as unknown as { __xss?: number }).__xss).toBeUndefined();
  });

  it('turns the chat read-only as soon as the hub says the ticket was closed', async () => {
    renderDetail();
    expect(await screen.findByTestId('chat-input')).toBeEnabled();
    act(() => hub.connection!.receive('TicketStatusChanged', { ticketId: ticket().id, status: 'CLOSED', previousStatus: 'OPEN' }));
    expect(await screen.findByTestId('chat-closed')).toBeInTheDocument();
    expect(screen.getByTestId('chat-input')).toBeDisabled();
    expect(screen.getAllByTestId('ticket-status')[0]).toHaveAttribute('data-status', 'CLOSED');
  });

  it('lets the owner close the ticket after confirming', async () => {
    const user = userEvent.setup();
    renderDetail();
    await user.click(await screen.findByTestId('ticket-set-CLOSED'));
    expect(await screen.findByTestId('ticket-owner-status-confirm')).toHaveTextContent('Close this ticket?');
    await user.click(screen.getByTestId('ticket-owner-status-confirm-confirm'));
    await waitFor(() => expect(ticketsMock.writes).toEqual([{ method: 'PUT', path: `/api/v1/tickets/${ticket().id}`, body: { status: 'CLOSED' } }]));
    expect(await screen.findByTestId('chat-closed')).toBeInTheDocument();
  });

  it('says so when the ticket cannot be found', async () => {
    renderWithAdmin(<PartnerTicketDetailPage />, { url: '/tickets/00000000-0000-4000-c000-000000000999/detail', path: '/tickets/:id/detail' });
    expect(await screen.findByTestId('ticket-not-found')).toHaveTextContent('Ticket not found');
  });

  it("shows a partner's ticket whole without its SLA or team, which the server leaves out of a partner's answer", async () => {
    const teamed = ticket();
    teamed.teamId = '00000000-0000-4000-a000-000000000077';
    teamed.teamName = 'Tier two';
    teamed.sla = { firstResponse: null, resolution: { state: 'breached', businessMinutesLeft: -30, dueAt: teamed.createdAt } };
    renderDetail();
    expect(await screen.findByTestId('ticket-assignee')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: teamed.subject })).toBeInTheDocument();
    expect(screen.queryByTestId('ticket-team')).toBeNull();
    expect(screen.queryByTestId('ticket-sla-panel')).toBeNull();
    expect(screen.getByTestId('ticket-detail')).not.toHaveTextContent('Tier two');
  });
});
