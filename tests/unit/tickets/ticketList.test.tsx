import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
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

  it('searches by subject', async () => {
    const user = userEvent.setup();
    signInAs('partner');
    renderWithAdmin(<TicketListPage />);
    await waitFor(() => expect(subjects()).toHaveLength(3));
    await user.type(screen.getByTestId('ticket-search'), 'ticket 2');
    await waitFor(() => expect(subjects()).toEqual(['Ticket 2']));
    await user.clear(screen.getByTestId('ticket-search'));
    await user.type(screen.getByTestId('ticket-search'), 'nothing like it');
    expect(await screen.findByTestId('ticket-list-empty')).toHaveTextContent('No ticket matches this search.');
  });
});
