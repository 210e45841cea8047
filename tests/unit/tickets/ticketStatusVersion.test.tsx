import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ticketsMock } from '../../../mocks/tickets';
import { TicketStatusDialog } from '../../../src/resources/tickets/TicketStatusDialog';
import { signInAs } from '../sessionFixtures';
import { renderWithAdmin } from './renderTickets';

describe('changing a ticket status from a copy read earlier', () => {
  it('sends the version it was read with as If-Match, so a stale change is refused rather than applied', async () => {
    const user = userEvent.setup();
    signInAs('admin');
    const onChanged = vi.fn();
    renderWithAdmin(<TicketStatusDialog record={{ ...ticketsMock.tickets[0], version: 'v-read' }} onChanged={onChanged} onClose={vi.fn()} />);
    await user.click(await screen.findByTestId('ticket-status-select'));
    await user.click(await screen.findByTestId('ticket-status-option-PENDING'));
    await user.click(screen.getByTestId('ticket-status-save'));
    await user.click(await screen.findByTestId('ticket-status-confirm-confirm'));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(ticketsMock.writes).toEqual([expect.objectContaining({ method: 'PUT', ifMatch: '"v-read"' })]);
  });
});
