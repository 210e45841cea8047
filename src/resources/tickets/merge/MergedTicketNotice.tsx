import { useEffect } from 'react';
import Alert from '@mui/material/Alert';
import { useTranslate } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { ticketNumberOf, type TicketDto } from '../../../../contract/tickets';

/** What the ticket page is told when it was reached from a merged ticket. */
interface MergedFromState {
  mergedFrom?: string;
}

/**
 * The old id of a merged ticket leads to the one it was merged into (in place of the history entry, so Back does not
 * bounce), telling which ticket it was.
 */
export function useMergedTicketRedirect(ticket: TicketDto | undefined, detailPathOf: (id: string) => string) {
  const navigate = useNavigate();
  const target = ticket?.mergedIntoId;
  useEffect(() => {
    if (ticket && target) navigate(detailPathOf(target), { replace: true, state: { mergedFrom: ticket.id } satisfies MergedFromState });
  }, [ticket, target, navigate, detailPathOf]);
  return !!target;
}

/** "Ticket #… was merged into this one", on the target after a redirect or a merge. */
export function MergedTicketNotice() {
  const translate = useTranslate();
  const mergedFrom = (useLocation().state as MergedFromState | null)?.mergedFrom;
  if (!mergedFrom) return null;
  return (
    <Alert severity="info" role="status" sx={{ mb: 2 }} data-testid="ticket-merged-notice">
      {translate('ticketMerge.notice', { number: ticketNumberOf(mergedFrom) })}
    </Alert>
  );
}
