import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../../mocks/server';
import { ticketsMock } from '../../../mocks/tickets';
import ticketManagerTable from '../../../src/resources/ticketManager/ticketManagerTable';
import { renderEntityScreen } from '../entityTable/renderEntityTable';
import { LOAD } from '../renderWithRouter';
import { signInAs } from '../sessionFixtures';

describe("the ticket manager's search box (issue 25: across conversations)", { timeout: 20_000 }, () => {
  beforeEach(() => {
    ticketsMock.reset();
    signInAs('admin');
  });

  it('says it searches message text too, and sends what is typed as the keyword of the search', async () => {
    const searches: { advancedSearch?: { keyword?: string } }[] = [];
    const listen = ({ request }: { request: Request }) => {
      if (request.url.endsWith('/api/v1/tickets/search'))
        void request
          .clone()
          .json()
          .then((body) => searches.push(body));
    };
    server.events.on('request:start', listen);
    try {
      const user = userEvent.setup();
      renderEntityScreen(ticketManagerTable, { basePath: '/ticket-management', url: '/ticket-management' });
      await waitFor(() => expect(screen.queryAllByTestId('entity-row')).toHaveLength(3), LOAD);
      const box = screen.getByRole('searchbox', { name: 'Search by ID, subject or message text' });
      await user.type(box, 'kho Đà Nẵng{Enter}');
      await waitFor(() => expect(searches.at(-1)?.advancedSearch?.keyword).toBe('kho Đà Nẵng'), LOAD);
    } finally {
      server.events.removeListener('request:start', listen);
    }
  });
});
