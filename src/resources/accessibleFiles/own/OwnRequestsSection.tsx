import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { FileRequestDto, FileRequestStatus } from '../../../../contract/files';
import { EmptyState } from '../../../components/EmptyState';
import { EntityPagination } from '../../../entityTable/EntityPagination';
import { useDateTimeFormat } from '../../tickets/useDateTimeFormat';
import { ListFailure, ListSection } from './ListSection';
import { usePagedList } from './usePagedList';

const STATUS_COLORS: Record<FileRequestStatus, 'warning' | 'success' | 'error'> = { PENDING: 'warning', APPROVED: 'success', REJECTED: 'error' };

/** The partner's file requests, newest first, with their status and the staff's reply. */
export function OwnRequestsSection() {
  const translate = useTranslate();
  const { data, isPending, isFetching, error, refetch, pager } = usePagedList<FileRequestDto>('file-requests', {
    sort: { field: 'createdAt', order: 'DESC' },
    liveResource: 'file-requests',
    perPage: 5,
  });
  const requests = data ?? [];
  return (
    <ListSection id="own-requests" title={translate('fileAccess.requests.title')}>
      <Card variant="outlined">
        <Box sx={{ height: 4 }}>{isFetching && <LinearProgress aria-label={translate('fileAccess.loading')} />}</Box>
        {error && !data ? (
          <ListFailure onRetry={() => void refetch()} />
        ) : !isPending && requests.length === 0 ? (
          <EmptyState dense title={translate('fileAccess.requests.empty')} />
        ) : (
          <List disablePadding aria-label={translate('fileAccess.requests.label')}>
            {requests.map((request) => (
              <RequestRow key={request.id} request={request} />
            ))}
          </List>
        )}
        {pager.total > pager.perPage || pager.page > 1 ? <EntityPagination {...pager} /> : null}
      </Card>
    </ListSection>
  );
}

function RequestRow({ request }: { request: FileRequestDto }) {
  const translate = useTranslate();
  const formatTime = useDateTimeFormat();
  return (
    <ListItem divider sx={{ display: 'block', py: 1.5 }} aria-label={request.fileName ?? request.requestText}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}>
        <Typography component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {request.fileName ?? request.requestText}
        </Typography>
        <Chip
          size="small"
          color={STATUS_COLORS[request.status]}
          variant="outlined"
          label={translate(`fileAccess.requests.statuses.${request.status}`)}
          sx={{ alignSelf: 'flex-start' }}
        />
      </Stack>
      {request.fileName && request.requestText && (
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {request.requestText}
        </Typography>
      )}
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
        {translate('fileAccess.requests.reason', { reason: request.reason })}
      </Typography>
      {request.decisionNote && (
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
          {translate('fileAccess.requests.decisionNote', { note: request.decisionNote })}
        </Typography>
      )}
      <Typography variant="caption" sx={{ color: 'text.secondary', display: 'flex', flexWrap: 'wrap', columnGap: 1.5 }}>
        <span>{translate('fileAccess.requests.sent', { date: formatTime(request.createdAt) })}</span>
        {request.decidedAt && <span>{translate('fileAccess.requests.decided', { date: formatTime(request.decidedAt) })}</span>}
      </Typography>
    </ListItem>
  );
}
