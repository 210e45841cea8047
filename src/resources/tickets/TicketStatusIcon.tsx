import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import HighlightOff from '@mui/icons-material/HighlightOff';
import HourglassEmpty from '@mui/icons-material/HourglassEmpty';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import type { SvgIconComponent } from '@mui/icons-material';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import { useTranslate } from 'react-admin';
import type { TicketStatus } from '../../../contract/tickets';
import { displayStatus, statusColor, statusLabelKey } from './ticketStatus';

const ICONS: Record<TicketStatus, SvgIconComponent> = {
  OPEN: RadioButtonUnchecked,
  PENDING: HourglassEmpty,
  RESOLVED: CheckCircleOutline,
  CLOSED: HighlightOff,
};

/** The ticket manager's status column: an icon in the status colour, its label as tooltip. */
export function TicketStatusIcon({ status }: { status: unknown }) {
  const translate = useTranslate();
  const shown = displayStatus(status);
  const Icon = ICONS[shown];
  const label = translate(statusLabelKey(shown));
  return (
    <Tooltip title={label}>
      <Box
        component="span"
        role="img"
        aria-label={label}
        data-testid="ticket-status-icon"
        data-status={shown}
        sx={{ display: 'inline-flex', verticalAlign: 'middle' }}
      >
        <Icon color={statusColor(shown)} />
      </Box>
    </Tooltip>
  );
}
