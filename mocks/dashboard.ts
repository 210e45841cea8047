import { http } from 'msw';
import type { DashboardDto } from '../contract/dashboard';
import { failed, ok } from './envelopes';
import { claimsOf } from './tokens';

const none = { total: 0, items: [] };

/** GET /api/v1/dashboard: an empty dashboard of the signed-in reader's audience (a user with a partner is a partner). */
export const dashboardHandlers = [
  http.get('/api/v1/dashboard', ({ request }) => {
    const claims = claimsOf(request.headers.get('authorization')?.replace(/^Bearer /, '') ?? '');
    if (!claims) return failed(401, 'Unauthorized');
    const dashboard: DashboardDto = claims.partnerId
      ? { audience: 'partner', onboarding: { assigned: 0, submitted: 0, due: none }, ticketsAwaitingAnswer: none, expiringFiles: none }
      : {
          audience: 'staff',
          ticketsByStatus: { OPEN: 0, PENDING: 0, RESOLVED: 0, CLOSED: 0 },
          ticketsWaitingForUs: none,
          funnel: [],
          fileRequestsWaiting: none,
          recentActivity: [],
        };
    return ok(dashboard);
  }),
];
