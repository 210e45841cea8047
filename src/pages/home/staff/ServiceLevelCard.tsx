import { Link as RouterLink } from 'react-router-dom';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { usePermissions, useTranslate } from 'react-admin';
import { canAccessWith } from '../../../../contract/permissions';
import { adminTicketDetailRoute } from '../../../../contract/tickets';
import { SlaTargetChip } from '../../../resources/tickets/sla/TicketSlaChip';
import { fetchSlaSummary } from '../../supportDesk/serviceLevelsApi';
import { DashboardCard } from '../DashboardCard';
import { useLiveSummary } from '../useLiveSummary';

/** A ticket's change, or the settings', moves the figures. */
const LIVE_ON = ['tickets', 'service-levels'] as const;

/**
 * Service levels on staff Home (issue 25): how many open tickets breached a target or near one, and the most
 * overdue of them, each linking to its ticket. Reloaded when a ticket changes (the clock itself moves on reload).
 */
export function ServiceLevelCard() {
  const translate = useTranslate();
  const { permissions } = usePermissions<string[]>();
  const allowed =
    canAccessWith(permissions ?? [], { resource: 'ServiceLevels', action: 'View' }) &&
    canAccessWith(permissions ?? [], { resource: 'Tickets', action: 'AdminView' });
  const summary = useLiveSummary(allowed, fetchSlaSummary, LIVE_ON);

  if (!allowed || !summary) return null;
  return (
    <DashboardCard title={translate('serviceLevels.home.title')} testId="dashboard-service-levels">
      <Stack spacing={1} sx={{ px: 2, pb: 1 }}>
        <Stack direction="row" spacing={3}>
          {(['breached', 'near'] as const).map((state) => (
            <Stack key={state} spacing={0}>
              <Typography variant="h4" component="p" data-testid={`dashboard-sla-${state}`} color={state === 'breached' ? 'error' : 'warning'}>
                {summary[state]}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {translate(`serviceLevels.home.${state}`)}
              </Typography>
            </Stack>
          ))}
        </Stack>
        {summary.tickets.length > 0 && (
          <List dense disablePadding>
            {summary.tickets.map((ticket) => (
              <ListItem key={ticket.id} disableGutters sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                <Link component={RouterLink} to={adminTicketDetailRoute(ticket.id)} sx={{ flex: '1 1 12rem', minWidth: 0, overflowWrap: 'anywhere' }}>
                  {ticket.subject}
                </Link>
                <SlaTargetChip kind={ticket.target} target={{ state: ticket.state, businessMinutesLeft: ticket.businessMinutesLeft, dueAt: null }} />
              </ListItem>
            ))}
          </List>
        )}
      </Stack>
    </DashboardCard>
  );
}
