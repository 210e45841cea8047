import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LOAD } from '../../renderWithRouter';
import { signInAs } from '../../sessionFixtures';
import { mockDashboard, partnerDashboard } from './dashboardMock';
import { renderHome } from './renderHome';

describe('Home follows the hub', () => {
  it('refetches the dashboard when a ticket, form or file changes, and not on other changes', async () => {
    let subject = 'Invoice 42 is missing';
    const sent = mockDashboard(() =>
      partnerDashboard({
        ticketsAwaitingAnswer: { total: 1, items: [{ id: 't1', subject, status: 'OPEN', partnerName: 'Acme', waitingSince: new Date().toISOString() }] },
      }),
    );
    signInAs('partner');
    const { changes } = renderHome();
    await screen.findByRole('link', { name: /Invoice 42 is missing/ }, LOAD);

    changes.apply({ resource: 'users', id: 'u1', action: 'updated' });
    subject = 'Invoice 43 is missing';
    changes.apply({ resource: 'tickets', id: 't1', action: 'updated' });
    expect(await screen.findByRole('link', { name: /Invoice 43 is missing/ }, LOAD)).toBeInTheDocument();
    expect(sent.calls).toBe(2);

    for (const resource of ['partner-forms', 'file-grants', 'files', 'file-requests']) {
      const before = sent.calls;
      changes.apply({ resource, id: 'x', action: 'updated' });
      await waitFor(() => expect(sent.calls).toBe(before + 1));
    }
    changes.stop();
  });
});
