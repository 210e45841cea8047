import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import Add from '@mui/icons-material/Add';
import AttachFile from '@mui/icons-material/AttachFile';
import Search from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useGetIdentity, useGetList, usePermissions, useTranslate } from 'react-admin';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../../contract/http';
import { canAccessWith } from '../../../contract/permissions';
import { TICKET_PRIORITIES, TICKET_STATUSES, ticketDetailRoute, type TicketDto } from '../../../contract/tickets';
import { PageHeading } from '../../layout/PageHeading';
import type { SessionUser } from '../../providers/auth/sessionUser';
import { EmptyState } from '../../components/EmptyState';
import { LinkedRowList } from '../../components/LinkedRowList';
import { FailedList } from '../../entityTable/EntityListStates';
import { TicketCreateDialog } from './TicketCreateDialog';
import { TicketMatchedText } from './TicketMatchedText';
import { AvailabilitySwitch } from './assignment/AvailabilitySwitch';
import { TicketAssigneeCell } from './assignment/TicketAssigneeCell';
import { priorityLabelKey, TicketPriorityChip } from './assignment/TicketPriorityChip';
import { TicketStatusChip } from './TicketStatusChip';
import { statusLabelKey } from './ticketStatus';
import { useDateTimeFormat } from './useDateTimeFormat';

const SEARCH_DEBOUNCE_MS = 300;

/**
 * The partner's tickets (/tickets): newest first, searched by id, subject, description and message text (the best
 * matches first; react-admin's `q`), filtered by status, paged on the server; refreshed live when a ticket changes
 * (the realtime client invalidates the `tickets` queries).
 */
export default function TicketListPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const formatTime = useDateTimeFormat();
  const { identity } = useGetIdentity();
  const user = identity as SessionUser | undefined;
  const { permissions } = usePermissions<string[]>();
  const mayCreate = canAccessWith(permissions ?? [], { resource: 'Tickets', action: 'Create' });
  // Issue 25: staff who handle tickets see the "mine" and "unassigned" views and their availability.
  const handlesTickets = !user?.partnerId && canAccessWith(permissions ?? [], { resource: 'TicketAssignments', action: 'View' });
  const [view, setView] = useState<'all' | 'me' | 'none'>('all');
  const [priority, setPriority] = useState('');
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(DEFAULT_PAGE_SIZE);
  const [creating, setCreating] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => {
      setKeyword(typed.trim());
      setPage(1);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const { data, total, isPending, isFetching, error, refetch } = useGetList<TicketDto>(
    'tickets',
    {
      pagination: { page, perPage },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: {
        ...(keyword ? { q: keyword } : {}),
        ...(status ? { status } : {}),
        ...(priority ? { priority } : {}),
        ...(handlesTickets && view !== 'all' ? { assigneeId: view } : {}),
      },
    },
    { placeholderData: (previous) => previous },
  );

  const clearSearch = () => {
    setTyped('');
    setKeyword('');
    setStatus('');
    setPriority('');
    setView('all');
    setPage(1);
  };

  return (
    <>
      <PageHeading title={translate('tickets.list.title')}>
        <Typography sx={{ color: 'text.secondary', mt: 1 }}>{translate('tickets.list.description')}</Typography>
      </PageHeading>
      <Card variant="outlined" data-testid="ticket-list">
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ p: 2, alignItems: { sm: 'center' } }}>
          <TextField
            size="small"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            placeholder={translate('tickets.list.search')}
            sx={{ flex: 1, maxWidth: { sm: 360 } }}
            slotProps={{
              htmlInput: { 'aria-label': translate('tickets.list.search'), 'data-testid': 'ticket-search' },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <Search fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
          <TextField
            select
            size="small"
            label={translate('tickets.fields.status')}
            value={status}
            onChange={(event) => {
              setStatus(event.target.value);
              setPage(1);
            }}
            sx={{ minWidth: 160 }}
          >
            <MenuItem value="">{translate('tickets.list.allStatuses')}</MenuItem>
            {TICKET_STATUSES.map((value) => (
              <MenuItem key={value} value={value}>
                {translate(statusLabelKey(value))}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={translate('ticketAssignment.priority.label')}
            value={priority}
            onChange={(event) => {
              setPriority(event.target.value);
              setPage(1);
            }}
            sx={{ minWidth: 140 }}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'ticket-priority-filter' } as object } }}
          >
            <MenuItem value="">{translate('ticketAssignment.views.all')}</MenuItem>
            {TICKET_PRIORITIES.map((value) => (
              <MenuItem key={value} value={value}>
                {translate(priorityLabelKey(value))}
              </MenuItem>
            ))}
          </TextField>
          <Box sx={{ flexGrow: 1, display: { xs: 'none', sm: 'block' } }} />
          {mayCreate && (
            <Button variant="contained" startIcon={<Add />} onClick={() => setCreating(true)} data-testid="ticket-new">
              {translate('tickets.list.new')}
            </Button>
          )}
        </Stack>
        {handlesTickets && (
          <Stack direction="row" sx={{ px: 2, pb: 1.5, flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
            <ToggleButtonGroup
              size="small"
              exclusive
              value={view}
              onChange={(_, next: 'all' | 'me' | 'none' | null) => {
                if (!next) return;
                setView(next);
                setPage(1);
              }}
              aria-label={translate('ticketAssignment.views.label')}
              data-testid="ticket-views"
            >
              <ToggleButton value="all">{translate('ticketAssignment.views.all')}</ToggleButton>
              <ToggleButton value="me">{translate('ticketAssignment.views.mine')}</ToggleButton>
              <ToggleButton value="none">{translate('ticketAssignment.views.unassigned')}</ToggleButton>
            </ToggleButtonGroup>
            <AvailabilitySwitch />
          </Stack>
        )}
        <Box sx={{ height: 4 }}>{isFetching && <LinearProgress aria-label={translate('app.loading')} />}</Box>
        {error && !data?.length ? (
          <FailedList onRetry={() => void refetch()} />
        ) : !isPending && (data ?? []).length === 0 ? (
          keyword || status || priority || view !== 'all' ? (
            <EmptyState
              dense
              title={translate('tickets.list.noMatch')}
              hint={translate('admin.table.noMatchHint')}
              action={
                <Button variant="outlined" onClick={clearSearch}>
                  {translate('admin.table.clearFilters')}
                </Button>
              }
              testId="ticket-list-empty"
            />
          ) : (
            <EmptyState
              dense
              title={translate('tickets.list.empty')}
              action={
                mayCreate && (
                  <Button variant="contained" startIcon={<Add />} onClick={() => setCreating(true)}>
                    {translate('tickets.list.new')}
                  </Button>
                )
              }
              testId="ticket-list-empty"
            />
          )
        ) : (
          <LinkedRowList
            testId="ticket-row"
            titleId="subject"
            rows={(data ?? []).map((ticket) => ({
              id: ticket.id,
              to: ticketDetailRoute(ticket.id),
              title: ticket.subject,
              facts: (
                <>
                  {!user?.partnerId && <span>{ticket.partnerName}</span>}
                  <TicketPriorityChip priority={ticket.priority} />
                  {!user?.partnerId && <TicketAssigneeCell name={ticket.assigneeName} />}
                  <span>{translate('tickets.list.created', { time: formatTime(ticket.createdAt) })}</span>
                  {ticket.lastMessageAt && <span>{translate('tickets.list.lastMessage', { time: formatTime(ticket.lastMessageAt) })}</span>}
                  <TicketMatchedText text={ticket.matchedText} />
                  {ticket.attachments.length > 0 && (
                    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center' }} title={translate('tickets.fields.attachments')}>
                      <AttachFile sx={{ fontSize: 16 }} />
                      {ticket.attachments.length}
                    </Box>
                  )}
                </>
              ),
              status: <TicketStatusChip status={ticket.status} />,
            }))}
          />
        )}
        <TablePagination
          component="div"
          count={total ?? 0}
          page={Math.max(0, page - 1)}
          rowsPerPage={perPage}
          rowsPerPageOptions={[...PAGE_SIZES]}
          onPageChange={(_, next) => setPage(next + 1)}
          onRowsPerPageChange={(event) => {
            setPerPage(parseInt(event.target.value, 10));
            setPage(1);
          }}
          labelRowsPerPage={translate('admin.table.rowsPerPage')}
          labelDisplayedRows={({ from, to, count }) => translate('admin.table.displayedRows', { from, to, count })}
          getItemAriaLabel={(type) => translate(`admin.table.page.${type}`)}
          sx={{
            '.MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end', px: 2 },
            '.MuiTablePagination-spacer': { display: { xs: 'none', sm: 'block' } },
          }}
        />
      </Card>
      {creating && (
        <TicketCreateDialog
          needsPartner={!user?.partnerId}
          onClose={() => setCreating(false)}
          onCreated={(ticket) => {
            setCreating(false);
            navigate(ticketDetailRoute(ticket.id));
          }}
        />
      )}
    </>
  );
}
