import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ticketsMock } from '../../../mocks/tickets';
import ticketManagerTable from '../../../src/resources/ticketManager/ticketManagerTable';
import { renderEntityScreen } from '../entityTable/renderEntityTable';
import { LOAD } from '../renderWithRouter';
import { signInAs } from '../sessionFixtures';
import { recordSearches } from './searchRequests';

describe("the ticket manager's search box (issue 25: across conversations)", { timeout: 20_000 }, () => {
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
});
