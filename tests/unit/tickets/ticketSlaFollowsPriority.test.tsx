import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TicketSla } from '../../../contract/serviceLevels';
import type { TicketDto } from '../../../contract/tickets';
import { ok } from '../../../mocks/envelopes';
import { server } from '../../../mocks/server';
import { ticketsMock } from '../../../mocks/tickets';
import { AdminTicketDetailPage } from '../../../src/resources/tickets/TicketDetailPage';
import { hub } from '../realtime/fakeSignalr';
import { signInAs } from '../sessionFixtures';
import { renderWithAdmin } from './renderTickets';

vi.mock('@microsoft/signalr', () => import('../realtime/fakeSignalr'));

const { realtime } = await import('../../../src/realtime/realtime');
let deactivate: () => void;

beforeEach(async () => {
  hub.connection!.reset();
  signInAs('admin');
  deactivate = realtime.activate();
  await waitFor(() => expect(realtime.getState()).toBe('Connected'));
});
afterEach(() => deactivate());

const resolutionIn = (minutes: number): TicketSla => ({ firstResponse: null, resolution: { state: 'ok', businessMinutesLeft: minutes, dueAt: null } });

describe("the ticket page's SLA panel", () => {
  it("shows the new priority's time as soon as the priority is saved, whatever a read that started before brings", async () => {
    const user = userEvent.setup();
    const ticket = ticketsMock.tickets[0];
    ticket.sla = resolutionIn(24 * 60);
    // The save answers the ticket as it now is; reads keep answering the ticket as it was (they raced the save).
    server.use(
      http.put(`/api/v1/tickets/${ticket.id}/priority`, () => ok<TicketDto>({ ...ticket, priority: 'URGENT', sla: resolutionIn(4 * 60) }, 'Priority saved')),
    );
    renderWithAdmin(<AdminTicketDetailPage />, { url: `/ticket-management/${ticket.id}/detail`, path: '/ticket-management/:id/detail' });
    const panel = await screen.findByTestId('ticket-sla-panel');
    expect(panel).toHaveTextContent(/Resolution: On track\s*24 h 0 min left/);

    await user.click(screen.getByTestId('ticket-priority-select'));
    await user.click(within(await screen.findByRole('listbox')).getAllByRole('option')[3]);
    await waitFor(() => expect(screen.getByTestId('ticket-sla-panel')).toHaveTextContent(/Resolution: On track\s*4 h 0 min left/));
    expect(screen.getByTestId('ticket-priority-select')).toHaveTextContent('Urgent');
  });
});
