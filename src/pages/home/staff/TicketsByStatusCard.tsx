import { lazy } from 'react';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import { Link as RouterLink } from 'react-router-dom';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { StaffDashboardDto } from '../../../../contract/dashboard';
import { TICKET_STATUSES, type TicketStatus } from '../../../../contract/tickets';
import { EmptyState } from '../../../components/EmptyState';
import { TicketStatusChip } from '../../../resources/tickets/TicketStatusChip';
import { visuallyHiddenSx } from '../../../components/visuallyHidden';
import { DashboardCard } from '../DashboardCard';
import { ChartFrame } from './ChartFrame';

const TicketStatusChart = lazy(() => import('./TicketStatusChart'));
export const TICKET_MANAGER_ROUTE = '/ticket-management';
/** The ticket manager filtered on one status, the way react-admin lists write their filters in the address. */
export const ticketsWithStatusRoute = (status: TicketStatus) => `${TICKET_MANAGER_ROUTE}?filter=${encodeURIComponent(JSON.stringify({ status }))}`;

/** Every ticket counted by status: a bar chart and, beside it, the same figures as a list. */
export function TicketsByStatusCard({ counts }: { counts: NonNullable<StaffDashboardDto['ticketsByStatus']> }) {
  const translate = useTranslate();
  const figures = TICKET_STATUSES.map((status) => ({ status, label: translate(`tickets.status.${status}`), count: counts[status] ?? 0 }));
  const total = figures.reduce((sum, figure) => sum + figure.count, 0);
  return (
    <DashboardCard
      title={translate('dashboard.byStatus.title')}
      more={{ to: TICKET_MANAGER_ROUTE, label: translate('dashboard.byStatus.all') }}
      testId="dashboard-tickets-by-status"
    >
      {total === 0 ? (
        <EmptyState dense title={translate('dashboard.byStatus.emptyTitle')} hint={translate('dashboard.byStatus.emptyHint')} />
      ) : (
        <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 2, px: 2, alignItems: { sm: 'center' } }}>
          <ChartFrame height={40 + figures.length * 36}>
            <TicketStatusChart figures={figures} />
          </ChartFrame>
          <Box sx={{ flexShrink: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {translate('dashboard.byStatus.total', { smart_count: total })}
            </Typography>
            <List dense disablePadding aria-label={translate('dashboard.byStatus.title')} data-testid="dashboard-status-figures">
              {figures.map((figure) => (
                <ListItem key={figure.status} disablePadding>
                  {/* Named by the hidden sentence ("Open tickets: 12"); the chip and figure show it. */}
                  <ListItemButton
                    component={RouterLink}
                    to={ticketsWithStatusRoute(figure.status)}
                    data-testid="dashboard-status-figure"
                    sx={{ px: 1, mx: -1, borderRadius: 1 }}
                  >
                    <Box component="span" sx={visuallyHiddenSx}>
                      {translate('dashboard.byStatus.figure', { status: figure.label, count: figure.count })}
                    </Box>
                    <Box component="span" aria-hidden sx={{ display: 'flex', flex: 1, gap: 1, justifyContent: 'space-between', alignItems: 'center' }}>
                      <TicketStatusChip status={figure.status} />
                      <Typography component="span" sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
                        {figure.count}
                      </Typography>
                    </Box>
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
          </Box>
        </Box>
      )}
    </DashboardCard>
  );
}
