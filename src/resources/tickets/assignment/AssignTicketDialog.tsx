import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { ASSIGNMENT_NOTE_MAX, type SupportTeamDto, type TicketAssigneeOption } from '../../../../contract/ticketAssignment';
import type { TicketDto } from '../../../../contract/tickets';
import { showToast } from '../../../notifications/toastStore';
import { assignTicket, fetchAssignees, fetchTeams } from './assignmentApi';

export interface AssignTicketDialogProps {
  record: Pick<TicketDto, 'id' | 'subject' | 'assigneeId' | 'teamId'>;
  onClose: () => void;
  onChanged: (ticket?: TicketDto) => void;
}

/** The select's value for nobody (a select cannot hold null). */
const NOBODY = '';

/**
 * Staff reassign a ticket (PUT /tickets/{id}/assignee): to anyone who handles tickets (available ones marked) or to
 * nobody, with an optional note for staff. A refusal shows the server's message and changes nothing.
 */
export function AssignTicketDialog({ record, onClose, onChanged }: AssignTicketDialogProps) {
  const translate = useTranslate();
  const [options, setOptions] = useState<TicketAssigneeOption[] | null>(null);
  const [teams, setTeams] = useState<SupportTeamDto[]>([]);
  const [assignee, setAssignee] = useState(record.assigneeId ?? NOBODY);
  const [team, setTeam] = useState(record.teamId ?? NOBODY);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    Promise.all([fetchAssignees(), fetchTeams()])
      .then(([list, teamList]) => {
        if (!live) return;
        setOptions(list);
        setTeams(teamList);
      })
      .catch(() => live && setOptions([]));
    return () => {
      live = false;
    };
  }, []);

  const save = async () => {
    setBusy(true);
    try {
      const teamChanged = team !== (record.teamId ?? NOBODY);
      const updated = await assignTicket(record.id, assignee === NOBODY ? null : assignee, note.trim(), teamChanged ? team || null : undefined);
      showToast('success', translate('ticketAssignment.assigned'));
      onChanged(updated);
      onClose();
    } catch {
      // The HTTP client has shown the server's message.
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby="assign-ticket-title"
      data-testid="assign-ticket-dialog"
      slotProps={{ paper: { sx: { width: 480, maxWidth: 'calc(100% - 32px)', m: 2 } } }}
    >
      <DialogTitle id="assign-ticket-title">{translate('ticketAssignment.assignee.dialogTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography sx={{ wordBreak: 'break-word' }}>{record.subject}</Typography>
          <TextField
            select
            label={translate('ticketAssignment.assignee.who')}
            value={options ? assignee : NOBODY}
            disabled={!options}
            onChange={(event) => setAssignee(event.target.value)}
            fullWidth
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'assign-ticket-select' } as object } }}
          >
            <MenuItem value={NOBODY}>{translate('ticketAssignment.assignee.nobody')}</MenuItem>
            {(options ?? []).map((option) => (
              <MenuItem key={option.id} value={option.id} data-testid={`assign-ticket-option-${option.id}`}>
                {option.available ? translate('ticketAssignment.assignee.available', { name: option.name }) : option.name}
              </MenuItem>
            ))}
          </TextField>
          {teams.length > 0 && (
            <TextField
              select
              label={translate('ticketAssignment.team.label')}
              value={team}
              onChange={(event) => setTeam(event.target.value)}
              fullWidth
              slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'assign-team-select' } as object } }}
            >
              <MenuItem value={NOBODY}>{translate('ticketAssignment.team.none')}</MenuItem>
              {teams.map((option) => (
                <MenuItem key={option.id} value={option.id}>
                  {option.name}
                </MenuItem>
              ))}
            </TextField>
          )}
          <TextField
            label={translate('ticketAssignment.assignee.note')}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            multiline
            minRows={2}
            fullWidth
            slotProps={{ htmlInput: { maxLength: ASSIGNMENT_NOTE_MAX, 'data-testid': 'assign-ticket-note' } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={onClose} disabled={busy}>
          {translate('ticketAssignment.assignee.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={() => void save()}
          disabled={busy || !options || (assignee === (record.assigneeId ?? NOBODY) && team === (record.teamId ?? NOBODY) && !note.trim())}
          data-testid="assign-ticket-save"
        >
          {translate('ticketAssignment.assignee.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
