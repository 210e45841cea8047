import { useState } from 'react';
import PersonAddAlt from '@mui/icons-material/PersonAddAlt';
import SwapHoriz from '@mui/icons-material/SwapHoriz';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useGetIdentity, usePermissions, useTranslate } from 'react-admin';
import { canAccessWith } from '../../../../contract/permissions';
import { TICKET_PRIORITIES, type TicketDto, type TicketPriority } from '../../../../contract/tickets';
import type { SessionUser } from '../../../providers/auth/sessionUser';
import { showToast } from '../../../notifications/toastStore';
import { assignTicket, setTicketPriority } from './assignmentApi';
import { AssignTicketDialog } from './AssignTicketDialog';
import { displayPriority, TicketPriorityChip } from './TicketPriorityChip';

export interface TicketAssignmentPanelProps {
  ticket: Pick<TicketDto, 'id' | 'subject' | 'priority' | 'assigneeId' | 'assigneeName' | 'teamId' | 'teamName'>;
  /** Called with the ticket the server answered after a change (undefined if it did not answer one). */
  onChanged: (saved?: TicketDto) => void;
}

/**
 * Who handles a ticket and its priority, on the ticket's page. Everyone reads them; staff with
 * TicketAssignments.Update take the ticket ("Assign to me"), reassign it with a note, and set the priority.
 */
export function TicketAssignmentPanel({ ticket, onChanged }: TicketAssignmentPanelProps) {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const user = identity as SessionUser | undefined;
  const { permissions } = usePermissions<string[]>();
  const mayUpdate = !!user && !user.partnerId && canAccessWith(permissions ?? [], { resource: 'TicketAssignments', action: 'Update' });
  const [reassigning, setReassigning] = useState(false);
  const [busy, setBusy] = useState(false);

  const run = async (change: () => Promise<TicketDto>, messageKey: string) => {
    setBusy(true);
    try {
      const saved = await change();
      showToast('success', translate(messageKey));
      onChanged(saved);
    } catch {
      // The HTTP client has shown the server's message.
    } finally {
      setBusy(false);
    }
  };

  const assignee = ticket.assigneeName ?? translate('ticketAssignment.assignee.unassigned');
  return (
    <Stack spacing={1.5} data-testid="ticket-assignment">
      <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 3, rowGap: 1.5, alignItems: 'flex-start' }}>
        <Box>
          <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
            {translate('ticketAssignment.assignee.label')}
          </Typography>
          <Typography variant="body2" data-testid="ticket-assignee" sx={{ overflowWrap: 'anywhere', fontStyle: ticket.assigneeName ? undefined : 'italic' }}>
            {assignee}
          </Typography>
        </Box>
        {ticket.teamName && (
          <Box>
            <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
              {translate('ticketAssignment.team.label')}
            </Typography>
            <Typography variant="body2" data-testid="ticket-team" sx={{ overflowWrap: 'anywhere' }}>
              {ticket.teamName}
            </Typography>
          </Box>
        )}
        {mayUpdate ? (
          <TextField
            select
            size="small"
            label={translate('ticketAssignment.priority.label')}
            value={displayPriority(ticket.priority)}
            disabled={busy}
            onChange={(event) => void run(() => setTicketPriority(ticket.id, event.target.value as TicketPriority), 'ticketAssignment.prioritySet')}
            sx={{ minWidth: 150 }}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'ticket-priority-select' } as object } }}
          >
            {TICKET_PRIORITIES.map((value) => (
              <MenuItem key={value} value={value}>
                <TicketPriorityChip priority={value} />
              </MenuItem>
            ))}
          </TextField>
        ) : (
          <Box>
            <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mb: 0.5 }}>
              {translate('ticketAssignment.priority.label')}
            </Typography>
            <TicketPriorityChip priority={ticket.priority} />
          </Box>
        )}
      </Stack>
      {mayUpdate && (
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          {ticket.assigneeId !== user?.id && (
            <Button
              size="small"
              variant="outlined"
              startIcon={<PersonAddAlt />}
              disabled={busy}
              onClick={() => void run(() => assignTicket(ticket.id, 'me'), 'ticketAssignment.assigned')}
              data-testid="assign-to-me"
            >
              {translate('ticketAssignment.assignee.assignToMe')}
            </Button>
          )}
          <Button size="small" startIcon={<SwapHoriz />} disabled={busy} onClick={() => setReassigning(true)} data-testid="ticket-reassign">
            {translate('ticketAssignment.assignee.reassign')}
          </Button>
        </Stack>
      )}
      {reassigning && <AssignTicketDialog record={ticket} onClose={() => setReassigning(false)} onChanged={onChanged} />}
    </Stack>
  );
}
