import { useCallback, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import ArrowBack from '@mui/icons-material/ArrowBack';
import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useGetIdentity, useGetOne, useTranslate } from 'react-admin';
import type { TicketDto } from '../../../contract/tickets';
import { useStateResetOn } from '../../components/useStateResetOn';
import { PageHeading } from '../../layout/PageHeading';
import type { SessionUser } from '../../providers/auth/sessionUser';
import { useHubEvent } from '../../realtime/hooks';
import { AttachmentChips } from '../../components/attachments/AttachmentChips';
import { TicketChat } from './chat/TicketChat';
import { MergedTicketNotice, useMergedTicketRedirect } from './merge/MergedTicketNotice';
import { TicketMergeAction } from './merge/TicketMergeAction';
import { TicketRatingCard } from './rating/TicketRatingCard';
import { TicketAssignmentPanel } from './assignment/TicketAssignmentPanel';
import { TicketSlaPanel } from './sla/TicketSlaPanel';
import { SafeHtml } from '../../components/richText/SafeHtml';
import { downloadAttachment } from './ticketApi';
import { TicketStatusActions } from './TicketStatusActions';
import { TicketStatusChip } from './TicketStatusChip';
import { displayStatus } from './ticketStatus';
import { useDateTimeFormat } from './useDateTimeFormat';

interface TicketDetailPageProps {
  /** The list this detail belongs to: the partner's tickets or the ticket manager. */
  backTo: string;
  backLabelKey: string;
  titleKey: string;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
        {label}
      </Typography>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/**
 * A ticket with its chat, for the partner (/tickets/{id}/detail) and for staff (/ticket-management/{id}/detail):
 * the same chat either way. The status follows TicketStatusChanged at once, and the ticket is read again
 * whenever the hub says it changed.
 */
export function TicketDetailPage({ backTo, backLabelKey, titleKey }: TicketDetailPageProps) {
  const translate = useTranslate();
  const formatTime = useDateTimeFormat();
  const { id = '' } = useParams();
  const { identity } = useGetIdentity();
  const user = identity as SessionUser | undefined;
  const { data: ticket, isPending, error, refetch } = useGetOne<TicketDto>('tickets', { id }, { retry: false });
  const queryClient = useQueryClient();
  /**
   * A save's answer is the ticket as it now is (the SLA under a new priority): shown at once, over any read of it that
   * started before the save and would bring the old figures back. Without an answer the ticket is read again.
   */
  const showSaved = async (saved?: TicketDto) => {
    if (!saved) return void refetch();
    const thisTicket = { queryKey: ['tickets', 'getOne', { id: String(id) }] };
    await queryClient.cancelQueries(thisTicket);
    queryClient.setQueriesData(thisTicket, saved);
  };
  const [liveStatus, setLiveStatus] = useStateResetOn<string | null>([ticket], () => null);
  useHubEvent('TicketStatusChanged', (change) => {
    if (change.ticketId === id) setLiveStatus(change.status);
  });
  const detailPathOf = useCallback((ticketId: string) => `${backTo}/${ticketId}/detail`, [backTo]);
  const redirecting = useMergedTicketRedirect(ticket, detailPathOf);

  const back = (
    <Button component={RouterLink} to={backTo} startIcon={<ArrowBack />} size="small" sx={{ mb: 1, ml: -1 }} data-testid="ticket-back">
      {translate(backLabelKey)}
    </Button>
  );

  if (isPending || redirecting) {
    return (
      <>
        {back}
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
          <CircularProgress aria-label={translate('app.loading')} />
        </Box>
      </>
    );
  }
  if (error || !ticket) {
    return (
      <>
        {back}
        <PageHeading title={translate(titleKey)} />
        <Card variant="outlined" data-testid="ticket-not-found">
          <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
            <SearchOffOutlined color="error" />
            <Typography>{translate('tickets.detail.notFound')}</Typography>
          </CardContent>
        </Card>
      </>
    );
  }

  const status = displayStatus(liveStatus ?? ticket.status);
  return (
    <>
      {back}
      <PageHeading title={ticket.subject}>
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
          {translate(titleKey)}
        </Typography>
      </PageHeading>
      <MergedTicketNotice />
      {/* The conversation comes first: on a phone it is what the page is for, the facts follow below it. */}
      <Grid container spacing={{ xs: 2, md: 3 }}>
        <Grid size={{ xs: 12, md: 8 }}>
          <TicketChat
            ticketId={ticket.id}
            ticket={ticket}
            status={status}
            userId={user?.id}
            readerPartnerId={user?.partnerId}
            statusControl={
              <>
                <TicketStatusChip status={status} size="medium" />
                <TicketStatusActions ticket={ticket} status={status} onChanged={() => void refetch()} />
                {!user?.partnerId && <TicketMergeAction ticket={ticket} detailPathOf={detailPathOf} />}
              </>
            }
          />
        </Grid>
        {/* Below md the page scrolls: room under the last card keeps it clear of the back-to-top button. */}
        <Grid size={{ xs: 12, md: 4 }} sx={{ mb: { xs: 8, md: 0 } }}>
          <Card variant="outlined" data-testid="ticket-detail" component="section" aria-labelledby="ticket-details-title">
            <CardContent>
              <Stack spacing={2}>
                <Typography variant="h6" component="h2" id="ticket-details-title">
                  {translate('tickets.detail.details')}
                </Typography>
                <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 3, rowGap: 1.5 }}>
                  <Fact label={translate('tickets.fields.partnerName')}>{ticket.partnerName}</Fact>
                  <Fact label={translate('tickets.fields.createdBy')}>{ticket.createdByName}</Fact>
                  <Fact label={translate('tickets.fields.createdAt')}>{formatTime(ticket.createdAt)}</Fact>
                </Stack>
                <TicketAssignmentPanel ticket={ticket} onChanged={(saved) => void showSaved(saved)} />
                <TicketSlaPanel sla={ticket.sla} />
                <Fact label={translate('tickets.fields.id')}>
                  <Box component="span" sx={{ fontFamily: 'monospace', fontSize: 12 }}>
                    {ticket.id}
                  </Box>
                </Fact>
                <Divider />
                <Box>
                  <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
                    {translate('tickets.fields.description')}
                  </Typography>
                  {ticket.description ? (
                    <SafeHtml html={ticket.description} data-testid="ticket-description" sx={{ typography: 'body2' }} />
                  ) : (
                    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                      {translate('tickets.detail.noDescription')}
                    </Typography>
                  )}
                </Box>
                {ticket.attachments.length > 0 && (
                  <Box>
                    <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
                      {translate('tickets.fields.attachments')}
                    </Typography>
                    <AttachmentChips attachments={ticket.attachments} onDownload={(file) => downloadAttachment(ticket.id, file)} />
                  </Box>
                )}
              </Stack>
            </CardContent>
          </Card>
          <TicketRatingCard ticket={ticket} status={status} partnerReader={!!user?.partnerId} onRated={() => void refetch()} />
        </Grid>
      </Grid>
    </>
  );
}

export function PartnerTicketDetailPage() {
  return <TicketDetailPage backTo="/tickets" backLabelKey="tickets.detail.backToList" titleKey="app.screens.ticketDetail" />;
}

export function AdminTicketDetailPage() {
  return <TicketDetailPage backTo="/ticket-management" backLabelKey="tickets.detail.backToManager" titleKey="app.screens.adminTicketDetail" />;
}
