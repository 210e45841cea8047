import Button from '@mui/material/Button';
import { useTranslate } from 'react-admin';
import { EmptyState } from '../../components/EmptyState';
import { DashboardSkeleton } from './DashboardSkeleton';
import { PartnerDashboard } from './PartnerDashboard';
import { PendingAgreements } from './PendingAgreements';
import { StaffDashboard } from './StaffDashboard';
import { useDashboard } from './useDashboard';
import { WelcomeCard } from './WelcomeCard';

/** Home (`/`): what needs the reader now, for their audience (DESIGN.md "Home"); live through the hub. */
export default function HomePage() {
  const translate = useTranslate();
  const { data, error, isPending, isFetching, refetch } = useDashboard();
  return (
    <>
      <WelcomeCard audience={data?.audience} />
      <PendingAgreements />
      {data ? (
        data.audience === 'partner' ? (
          <PartnerDashboard dashboard={data} />
        ) : (
          <StaffDashboard dashboard={data} />
        )
      ) : isPending ? (
        <DashboardSkeleton />
      ) : (
        error && (
          <EmptyState
            testId="dashboard-load-failed"
            title={translate('dashboard.loadFailed.title')}
            hint={translate('dashboard.loadFailed.hint')}
            action={
              <Button variant="contained" disabled={isFetching} onClick={() => void refetch()}>
                {translate('dashboard.loadFailed.retry')}
              </Button>
            }
          />
        )
      )}
    </>
  );
}
