import Chip from '@mui/material/Chip';
import { useTranslate } from 'react-admin';
import { displayStatus, statusColor, statusLabelKey } from './ticketStatus';

/** A ticket's status as a coloured chip: OPEN info, PENDING warning, RESOLVED success, CLOSED error. */
export function TicketStatusChip({ status, size = 'small' }: { status: unknown; size?: 'small' | 'medium' }) {
  const translate = useTranslate();
  return (
    <Chip
      label={translate(statusLabelKey(status))}
      color={statusColor(status)}
      size={size}
      variant="filled"
      data-testid="ticket-status"
      data-status={displayStatus(status)}
      sx={{ fontWeight: 600 }}
    />
  );
}
