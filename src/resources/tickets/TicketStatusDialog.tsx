import { useState } from 'react';
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
import { TICKET_STATUSES, type TicketDto, type TicketStatus } from '../../../contract/tickets';
import { ConfirmDialog } from '../../entityTable/ConfirmDialog';
import { showToast } from '../../notifications/toastStore';
import { adminChangeTicketStatus } from './ticketApi';
import { TicketStatusChip } from './TicketStatusChip';
import { displayStatus, statusLabelKey } from './ticketStatus';

export interface TicketStatusDialogProps {
  record: Pick<TicketDto, 'id' | 'subject' | 'status' | 'version'>;
  onClose: () => void;
  /** The server took the change: the row (or the page) shows it. */
  onChanged: (ticket?: TicketDto) => void;
}

/**
 * Staff edit a ticket's status (PUT /tickets/admin/{id}). The options' labels match their values (the
 * mislabelled options of specification section 4 are not reproduced); the change is confirmed first. A
 * refusal shows the server's message and changes nothing.
 */
export function TicketStatusDialog({ record, onClose, onChanged }: TicketStatusDialogProps) {
  const translate = useTranslate();
  const current = displayStatus(record.status);
  const [status, setStatus] = useState<TicketStatus>(current);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  const change = async () => {
    setBusy(true);
    try {
      const updated = await adminChangeTicketStatus(record, status);
      showToast('success', translate('tickets.statusDialog.changed', { status: translate(statusLabelKey(status)) }));
      onChanged(updated);
      onClose();
    } catch {
      // The HTTP client has shown the server's message; the ticket keeps its status.
      setBusy(false);
      setConfirming(false);
    }
  };

  return (
    <>
      <Dialog
        open={!confirming}
        onClose={busy ? undefined : onClose}
        aria-labelledby="ticket-status-dialog-title"
        data-testid="ticket-status-dialog"
        slotProps={{ paper: { sx: { width: 480, maxWidth: 'calc(100% - 32px)', m: 2 } } }}
      >
        <DialogTitle id="ticket-status-dialog-title">{translate('tickets.statusDialog.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <div>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {translate('tickets.fields.id')}
              </Typography>
              <Typography variant="body2" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                {record.id}
              </Typography>
            </div>
            <div>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {translate('tickets.fields.subject')}
              </Typography>
              <Typography sx={{ wordBreak: 'break-word' }}>{record.subject}</Typography>
            </div>
            <TextField
              select
              label={translate('tickets.fields.status')}
              value={status}
              onChange={(event) => setStatus(event.target.value as TicketStatus)}
              fullWidth
              slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'ticket-status-select' } as object } }}
            >
              {TICKET_STATUSES.map((value) => (
                <MenuItem key={value} value={value} data-testid={`ticket-status-option-${value}`}>
                  {translate(statusLabelKey(value))}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button color="inherit" onClick={onClose} data-testid="ticket-status-cancel">
            {translate('ra.action.cancel')}
          </Button>
          <Button variant="contained" disabled={status === current} onClick={() => setConfirming(true)} data-testid="ticket-status-save">
            {translate('ra.action.save')}
          </Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        open={confirming}
        title={translate('tickets.statusDialog.confirmTitle')}
        confirmColor={status === 'CLOSED' ? 'error' : 'primary'}
        busy={busy}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void change()}
        testId="ticket-status-confirm"
      >
        <Stack spacing={1.5}>
          <Typography>{translate('tickets.statusDialog.confirmBody', { subject: record.subject })}</Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <TicketStatusChip status={current} />
            <span aria-hidden>→</span>
            <TicketStatusChip status={status} />
          </Stack>
        </Stack>
      </ConfirmDialog>
    </>
  );
}
