import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { usePermissions, useTranslate } from 'react-admin';
import { canAccessWith } from '../../../contract/permissions';
import { PARTNER_STATUS_CHANGES, type TicketDto, type TicketStatus } from '../../../contract/tickets';
import { ConfirmDialog } from '../../entityTable/ConfirmDialog';
import { showToast } from '../../notifications/toastStore';
import { changeTicketStatus } from './ticketApi';
import { TicketStatusDialog } from './TicketStatusDialog';
import { statusLabelKey } from './ticketStatus';

interface TicketStatusActionsProps {
  ticket: TicketDto;
  status: TicketStatus;
  onChanged: () => void;
}

/**
 * What the reader may do to the ticket's status: staff (Tickets.AdminUpdate) set any status in the edit
 * dialog; the owner closes or reopens it (contract PARTNER_STATUS_CHANGES). Each asks for confirmation.
 */
export function TicketStatusActions({ ticket, status, onChanged }: TicketStatusActionsProps) {
  const translate = useTranslate();
  const { permissions } = usePermissions<string[]>();
  const [editing, setEditing] = useState(false);
  const [target, setTarget] = useState<TicketStatus | null>(null);
  const [busy, setBusy] = useState(false);
  const isStaff = canAccessWith(permissions ?? [], { resource: 'Tickets', action: 'AdminUpdate' });
  const mayUpdate = canAccessWith(permissions ?? [], { resource: 'Tickets', action: 'Update' });

  const change = async () => {
    if (!target) return;
    setBusy(true);
    try {
      await changeTicketStatus(ticket, target);
      showToast('success', translate('tickets.statusDialog.changed', { status: translate(statusLabelKey(target)) }));
      onChanged();
    } catch {
      // The HTTP client has shown the server's message; nothing changed. Read the ticket again: it may have
      // been changed by someone else (412), and the next attempt must start from that.
      onChanged();
    } finally {
      setBusy(false);
      setTarget(null);
    }
  };

  if (isStaff) {
    return (
      <>
        <Button size="small" variant="outlined" onClick={() => setEditing(true)} data-testid="ticket-edit-status">
          {translate('tickets.detail.changeStatus')}
        </Button>
        {editing && <TicketStatusDialog record={{ ...ticket, status }} onClose={() => setEditing(false)} onChanged={onChanged} />}
      </>
    );
  }
  if (!mayUpdate) return null;
  return (
    <>
      <Stack direction="row" spacing={1}>
        {PARTNER_STATUS_CHANGES[status].map((next) => (
          <Button
            key={next}
            size="small"
            variant="outlined"
            color={next === 'CLOSED' ? 'error' : 'primary'}
            onClick={() => setTarget(next)}
            data-testid={`ticket-set-${next}`}
          >
            {translate(next === 'CLOSED' ? 'tickets.detail.close' : 'tickets.detail.reopen')}
          </Button>
        ))}
      </Stack>
      <ConfirmDialog
        open={target !== null}
        title={translate(target === 'CLOSED' ? 'tickets.detail.closeTitle' : 'tickets.detail.reopenTitle')}
        confirmColor={target === 'CLOSED' ? 'error' : 'primary'}
        busy={busy}
        onCancel={() => setTarget(null)}
        onConfirm={() => void change()}
        testId="ticket-owner-status-confirm"
      >
        <Typography>{translate(target === 'CLOSED' ? 'tickets.detail.closeBody' : 'tickets.detail.reopenBody', { subject: ticket.subject })}</Typography>
      </ConfirmDialog>
    </>
  );
}
