import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { ok } from '../../../mocks/envelopes';
import { server } from '../../../mocks/server';
import { permissionsOfRole } from '../../../mocks/accounts';
import { helpCenterMock } from '../../../mocks/helpCenter';
import { savePermissions } from '../../../src/providers/session/sessionStorage';
import { renderHome } from '../pages/home/renderHome';
import { LOAD } from '../renderWithRouter';
import { signInAs } from '../sessionFixtures';

/** Issue 39: staff Home's help-center card from GET /help-center/insights, for those holding HelpArticles.View. */
// The satisfaction card beside it: its figure arrives as the help center's would.
beforeEach(() => server.use(http.get('/api/v1/ticket-ratings/summary', () => ok({ average: null, count: 0, days: 30 }))));

describe('the help center on staff Home', () => {
  it('shows the tickets avoided, the searches that found nothing and the feedback per article and language', async () => {
    helpCenterMock.insights = {
      deflectedLast30Days: 7,
      deflectedTotal: 41,
      unanswered: [{ query: 'hoá đơn điện tử', language: 'vi', count: 5, lastAskedAt: '2025-01-03T00:00:00.000Z' }],
      feedback: [
        {
          articleId: '0a000000-0000-4000-8000-000000000001',
          slug: 'reset-your-password',
          title: 'Reset your password',
          language: 'en',
          yes: 12,
          no: 3,
          comments: [{ text: 'No Profile menu on my phone', at: '2025-01-02T00:00:00.000Z' }],
        },
      ],
    };
    signInAs('admin');
    renderHome();
    const card = within(await screen.findByTestId('dashboard-help-center', {}, LOAD));
    expect(card.getByRole('heading', { name: 'Help center' })).toBeInTheDocument();
    expect(card.getByTestId('help-deflected')).toHaveTextContent('7');
    expect(card.getByText('41 in all')).toBeInTheDocument();
    expect(within(card.getByTestId('help-unanswered')).getByRole('listitem')).toHaveTextContent('hoá đơn điện tử5×');
    const feedback = within(card.getByTestId('help-feedback')).getByRole('listitem');
    expect(feedback).toHaveTextContent('Reset your password (English)');
    expect(feedback).toHaveTextContent('12 helpful, 3 not helpful');
    expect(feedback).toHaveTextContent('No Profile menu on my phone');
  });

  it('is not shown, nor asked for, without HelpArticles.View', async () => {
    let asked = 0;
    server.use(
      http.get('/api/v1/help-center/insights', () => {
        asked += 1;
        return ok(helpCenterMock.insights);
      }),
    );
    signInAs('admin');
    savePermissions(permissionsOfRole('Admin').filter((p) => !p.startsWith('Permissions.HelpArticles.')));
    renderHome();
    await screen.findByTestId('dashboard-satisfaction', {}, LOAD);
    expect(screen.queryByTestId('dashboard-help-center')).toBeNull();
    expect(asked).toBe(0);
  });
});
