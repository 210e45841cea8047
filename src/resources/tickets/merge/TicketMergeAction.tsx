import { useState } from 'react';
import CallMergeOutlined from '@mui/icons-material/CallMergeOutlined';
import Button from '@mui/material/Button';
import { usePermissions, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { canAccessWith } from '../../../../contract/permissions';
import type { TicketDto } from '../../../../contract/tickets';
import { TicketMergeDialog } from './TicketMergeDialog';

/**
 * "Merge into…" on the staff ticket page (TicketMerges.Create): the dialog picks the target, then the page goes to
 * it, saying which ticket was merged in.
 */
export function TicketMergeAction({ ticket, detailPathOf }: { ticket: TicketDto; detailPathOf: (id: string) => string }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { permissions } = usePermissions<string[]>();
  const [open, setOpen] = useState(false);
  if (ticket.mergedIntoId || !canAccessWith(permissions ?? [], { resource: 'TicketMerges', action: 'Create' })) return null;
  return (
    <>
      <Button size="small" variant="outlined" startIcon={<CallMergeOutlined />} onClick={() => setOpen(true)} data-testid="ticket-merge">
        {translate('ticketMerge.action')}
      </Button>
      {open && (
        <TicketMergeDialog
          source={ticket}
          open
          onClose={() => setOpen(false)}
          onMerged={(target) => navigate(detailPathOf(target.id), { state: { mergedFrom: ticket.id } })}
        />
      )}
    </>
  );
}
