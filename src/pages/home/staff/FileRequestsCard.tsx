import { useTranslate } from 'react-admin';
import type { StaffDashboardDto } from '../../../../contract/dashboard';
import { EmptyState } from '../../../components/EmptyState';
import { DashboardCard } from '../DashboardCard';
import { LinkedItemList } from '../LinkedItemList';
import { useTimeText } from '../useTimeText';
import { viewAll } from '../viewAll';

const FILE_REQUESTS_ROUTE = '/accessible-files?tab=requests';

/** Partners' requests for files waiting for a decision, oldest first; each opens the requests tab. */
export function FileRequestsCard({ requests }: { requests: NonNullable<StaffDashboardDto['fileRequestsWaiting']> }) {
  const translate = useTranslate();
  const time = useTimeText();
  return (
    <DashboardCard
      title={translate('dashboard.fileRequests.title')}
      more={viewAll(translate, FILE_REQUESTS_ROUTE, requests, 'dashboard.fileRequests.all')}
      testId="dashboard-file-requests"
    >
      {requests.items.length === 0 ? (
        <EmptyState dense title={translate('dashboard.fileRequests.emptyTitle')} hint={translate('dashboard.fileRequests.emptyHint')} />
      ) : (
        <LinkedItemList
          label={translate('dashboard.fileRequests.title')}
          items={requests.items.map((request) => ({
            key: request.id,
            to: FILE_REQUESTS_ROUTE,
            primary: request.subject,
            secondary: (
              <span title={time.absolute(request.createdAt)}>
                {translate('dashboard.fileRequests.by', {
                  requester: request.requesterName,
                  partner: request.partnerName,
                  time: time.relative(request.createdAt),
                })}
              </span>
            ),
          }))}
        />
      )}
    </DashboardCard>
  );
}
