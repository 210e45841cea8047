import { useQuery } from '@tanstack/react-query';
import type { DashboardDto } from '../../../contract/dashboard';
import { apiPaths } from '../../config/apiPaths';
import { apiRequest } from '../../providers/http';
import type { LiveResourceMeta } from '../../realtime/resourceChanges';

/** The hub resources whose changes move a figure of either dashboard (the layout's listener refetches on them). */
export const DASHBOARD_LIVE_RESOURCES = ['tickets', 'partner-forms', 'file-grants', 'files', 'file-requests'] as const;

const live: LiveResourceMeta = { liveResource: DASHBOARD_LIVE_RESOURCES };

/** GET /dashboard for the signed-in reader's audience; a failure is shown on the page, not as a toast. */
export function useDashboard() {
  return useQuery({
    queryKey: ['dashboard', 'get', { meta: live }],
    queryFn: async ({ signal }) => (await apiRequest<DashboardDto>(apiPaths.resource('dashboard'), { signal, notify: false })).data,
    placeholderData: (previous) => previous,
  });
}
