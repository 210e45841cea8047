import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useLocaleState, usePermissions, useTranslate } from 'react-admin';
import { canAccessWith } from '../../../../contract/permissions';
import { TICKET_RATING_MAX } from '../../../../contract/tickets';
import { fetchRatingSummary } from '../../../resources/tickets/merge/ticketMergeApi';
import { DashboardCard } from '../DashboardCard';
import { useLiveSummary } from '../useLiveSummary';

const TICKETS = ['tickets'] as const;

/** Satisfaction on staff Home (issue 25): the partners' average rating and how many rated, over the last 30 days. */
export function SatisfactionCard() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { permissions } = usePermissions<string[]>();
  const allowed = canAccessWith(permissions ?? [], { resource: 'TicketRatings', action: 'View' });
  // A rating changes its ticket: the figure follows.
  const summary = useLiveSummary(allowed, fetchRatingSummary, TICKETS);

  if (!summary) return null;
  const { average, count, days } = summary;
  return (
    <DashboardCard title={translate('ticketRatings.home.title')} testId="dashboard-satisfaction">
      <Stack spacing={0.5} sx={{ px: 2, pb: 1 }}>
        {average === null ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {translate('ticketRatings.home.none', { days })}
          </Typography>
        ) : (
          <>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography variant="h4" component="p" data-testid="dashboard-satisfaction-average">
                {translate('ticketRatings.home.average', { average: average.toLocaleString(locale) })}
              </Typography>
              <Rating value={average} precision={0.1} max={TICKET_RATING_MAX} readOnly aria-hidden />
            </Stack>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {translate('ticketRatings.home.count', { smart_count: count, days })}
            </Typography>
          </>
        )}
      </Stack>
    </DashboardCard>
  );
}
