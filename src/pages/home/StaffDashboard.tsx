import type { StaffDashboardDto } from '../../../contract/dashboard';
import { adminTicketDetailRoute } from '../../../contract/tickets';
import { DashboardGrid } from './DashboardCard';
import { TicketListCard } from './TicketListCard';
import { ActivityCard } from './staff/ActivityCard';
import { FileRequestsCard } from './staff/FileRequestsCard';
import { FunnelCard } from './staff/FunnelCard';
import { HelpCenterCard } from './staff/HelpCenterCard';
import { SatisfactionCard } from './staff/SatisfactionCard';
import { ServiceLevelCard } from './staff/ServiceLevelCard';
import { TICKET_MANAGER_ROUTE, TicketsByStatusCard } from './staff/TicketsByStatusCard';

/** Staff's Home: tickets by status and those waiting longest, the onboarding funnel, file requests, recent activity, the help center's figures. */
export function StaffDashboard({ dashboard }: { dashboard: StaffDashboardDto }) {
  return (
    <DashboardGrid>
      {dashboard.ticketsByStatus && <TicketsByStatusCard counts={dashboard.ticketsByStatus} />}
      {dashboard.ticketsWaitingForUs && (
        <TicketListCard
          tickets={dashboard.ticketsWaitingForUs}
          texts="dashboard.waitingForUs"
          listRoute={TICKET_MANAGER_ROUTE}
          detailRoute={adminTicketDetailRoute}
          testId="dashboard-tickets-waiting"
        />
      )}
      {dashboard.funnel && <FunnelCard rows={dashboard.funnel} />}
      {dashboard.fileRequestsWaiting && <FileRequestsCard requests={dashboard.fileRequestsWaiting} />}
      {dashboard.recentActivity && <ActivityCard activity={dashboard.recentActivity} />}
      <ServiceLevelCard />
      <SatisfactionCard />
      <HelpCenterCard />
    </DashboardGrid>
  );
}
