import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import Button from '@mui/material/Button';
import { usePermissions, useTranslate } from 'react-admin';
import type { PartnerDashboardDto } from '../../../contract/dashboard';
import { canAccessWith } from '../../../contract/permissions';
import { ticketDetailRoute } from '../../../contract/tickets';
import { DashboardGrid } from './DashboardCard';
import { ExpiringFilesCard } from './partner/ExpiringFilesCard';
import { OnboardingCard } from './partner/OnboardingCard';
import { RecentNotificationsCard } from './partner/RecentNotificationsCard';
import { TicketListCard } from './TicketListCard';

const TicketCreateDialog = lazy(() => import('../../resources/tickets/TicketCreateDialog').then((m) => ({ default: m.TicketCreateDialog })));

/** A partner's Home: forms due, tickets awaiting their answer, files about to expire, recent notifications. */
export function PartnerDashboard({ dashboard }: { dashboard: PartnerDashboardDto }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { permissions } = usePermissions<string[]>();
  const mayRaise = canAccessWith(permissions ?? [], { resource: 'Tickets', action: 'Create' });
  const [raising, setRaising] = useState(false);
  return (
    <DashboardGrid>
      {dashboard.onboarding && <OnboardingCard onboarding={dashboard.onboarding} />}
      {dashboard.ticketsAwaitingAnswer && (
        <TicketListCard
          tickets={dashboard.ticketsAwaitingAnswer}
          texts="dashboard.awaiting"
          listRoute="/tickets"
          detailRoute={ticketDetailRoute}
          testId="dashboard-tickets-awaiting"
          emptyAction={
            mayRaise && (
              <Button variant="contained" size="small" onClick={() => setRaising(true)}>
                {translate('dashboard.awaiting.raise')}
              </Button>
            )
          }
        />
      )}
      {dashboard.expiringFiles && <ExpiringFilesCard files={dashboard.expiringFiles} />}
      <RecentNotificationsCard />
      {raising && (
        <Suspense fallback={null}>
          <TicketCreateDialog needsPartner={false} onClose={() => setRaising(false)} onCreated={(ticket) => navigate(ticketDetailRoute(ticket.id))} />
        </Suspense>
      )}
    </DashboardGrid>
  );
}
