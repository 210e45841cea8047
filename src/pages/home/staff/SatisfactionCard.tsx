import { useCallback, useEffect, useState } from 'react';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useLocaleState, usePermissions, useTranslate } from 'react-admin';
import { canAccessWith } from '../../../../contract/permissions';
import { TICKET_RATING_MAX, type TicketRatingSummary } from '../../../../contract/tickets';
import { isAbortError } from '../../../providers/http';
import { useHubEvent } from '../../../realtime/hooks';
import { fetchRatingSummary } from '../../../resources/tickets/merge/ticketMergeApi';
import { DashboardCard } from '../DashboardCard';

/** Satisfaction on staff Home (issue 25): the partners' average rating and how many rated, over the last 30 days. */
export function SatisfactionCard() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { permissions } = usePermissions<string[]>();
  const allowed = canAccessWith(permissions ?? [], { resource: 'TicketRatings', action: 'View' });
  const [summary, setSummary] = useState<TicketRatingSummary | null>(null);

  const load = useCallback(
    (signal?: AbortSignal) =>
      fetchRatingSummary(signal).then(setSummary, (error: unknown) => {
        if (!isAbortError(error)) setSummary(null);
      }),
    [],
  );
  useEffect(() => {
    if (!allowed) return;
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [allowed, load]);
  // A rating changes its ticket: the figure follows.
  useHubEvent('ResourceChanged', (change) => {
    if (allowed && change.resource === 'tickets') void load();
  });

  if (!allowed || !summary) return null;
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
