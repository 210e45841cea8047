import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ticketsMock } from '../../../mocks/tickets';
import { linkedFilterOf } from '../../../src/entityTable/linkedFilter';
import { ticketsWithStatusRoute } from '../../../src/pages/home/staff/TicketsByStatusCard';
import ticketManagerTable from '../../../src/resources/ticketManager/ticketManagerTable';
import { renderEntityScreen } from '../entityTable/renderEntityTable';
import { LOAD } from '../renderWithRouter';
import { signInAs } from '../sessionFixtures';
import { recordSearches } from './searchRequests';

const shownStatuses = () => screen.queryAllByTestId('entity-row').map((row) => row.querySelector('[data-status]')?.getAttribute('data-status'));

describe('the ticket manager opened from a link with a filter', () => {
  beforeEach(() => {
    ticketsMock.reset();
    signInAs('admin');
  });

  it('shows only the tickets of that status, the filter set in the open advanced search, and clears it', async () => {
    const user = userEvent.setup();
    renderEntityScreen(ticketManagerTable, { basePath: '/ticket-management', url: ticketsWithStatusRoute('PENDING') });
    await waitFor(() => expect(screen.queryAllByTestId('entity-row')).toHaveLength(1), LOAD);
    expect(shownStatuses()).toEqual(['PENDING']);
    expect(screen.getByRole('button', { name: 'Advanced search (1 filter set)' })).toHaveAttribute('aria-expanded', 'true');
    const search = screen.getByTestId('entity-advanced-search');
    expect(within(search).getByRole('combobox', { name: 'Status' })).toHaveTextContent('Pending');

    await user.click(screen.getByTestId('entity-filters-clear'));
    await waitFor(() => expect(screen.queryAllByTestId('entity-row')).toHaveLength(3), LOAD);
    expect(screen.getByRole('button', { name: 'Advanced search' })).toBeInTheDocument();
  });

  it('asks the server for that status from its first search on', async () => {
    const searches = recordSearches<{ status?: string }>('/api/v1/tickets/search');
    try {
      renderEntityScreen(ticketManagerTable, { basePath: '/ticket-management', url: ticketsWithStatusRoute('CLOSED') });
      await waitFor(() => expect(shownStatuses()).toEqual(['CLOSED']), LOAD);
      expect(searches.bodies.length).toBeGreaterThan(0);
      expect(searches.bodies.every((body) => body.status === 'CLOSED')).toBe(true);
    } finally {
      searches.stop();
    }
  });

  it('keeps only the filters the table declares, a select only with one of its choices', () => {
    const filter = (value: unknown) => `?filter=${encodeURIComponent(JSON.stringify(value))}`;
    expect(linkedFilterOf(filter({ status: 'OPEN' }), ticketManagerTable)).toEqual({ status: 'OPEN' });
    expect(linkedFilterOf(filter({ status: 'LOST', secret: 'x' }), ticketManagerTable)).toBeNull();
    expect(linkedFilterOf(filter({ subject: 'refund', status: 'CLOSED' }), ticketManagerTable)).toEqual({ subject: 'refund', status: 'CLOSED' });
    expect(linkedFilterOf('?filter=%7Bnot%20json', ticketManagerTable)).toBeNull();
    expect(linkedFilterOf(filter(['OPEN']), ticketManagerTable)).toBeNull();
    expect(linkedFilterOf('', ticketManagerTable)).toBeNull();
  });
});
