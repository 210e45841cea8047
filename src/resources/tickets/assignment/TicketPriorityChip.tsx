import KeyboardArrowDown from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUp from '@mui/icons-material/KeyboardArrowUp';
import KeyboardDoubleArrowUp from '@mui/icons-material/KeyboardDoubleArrowUp';
import Remove from '@mui/icons-material/Remove';
import type { SvgIconComponent } from '@mui/icons-material';
import Chip from '@mui/material/Chip';
import { useTranslate } from 'react-admin';
import { TICKET_PRIORITIES, type TicketPriority } from '../../../../contract/tickets';

const LOOK: Record<TicketPriority, { Icon: SvgIconComponent; color: 'default' | 'info' | 'warning' | 'error' }> = {
  LOW: { Icon: KeyboardArrowDown, color: 'default' },
  NORMAL: { Icon: Remove, color: 'info' },
  HIGH: { Icon: KeyboardArrowUp, color: 'warning' },
  URGENT: { Icon: KeyboardDoubleArrowUp, color: 'error' },
};

/** An unknown value shows as NORMAL. */
export const displayPriority = (value: unknown): TicketPriority => (TICKET_PRIORITIES.includes(value as TicketPriority) ? (value as TicketPriority) : 'NORMAL');
export const priorityLabelKey = (value: unknown) => `ticketAssignment.priority.${displayPriority(value)}`;

/** A ticket's priority as an icon with its label (never colour alone): LOW grey, NORMAL blue, HIGH amber, URGENT red. */
export function TicketPriorityChip({ priority }: { priority: unknown }) {
  const translate = useTranslate();
  const shown = displayPriority(priority);
  const { Icon, color } = LOOK[shown];
  return (
    <Chip
      icon={<Icon fontSize="small" />}
      label={translate(priorityLabelKey(shown))}
      color={color}
      size="small"
      variant="outlined"
      data-testid="ticket-priority"
      data-priority={shown}
      // The palette's darker shade in light mode (lighter in dark): the label keeps 4.5:1 on a hovered or selected row too.
      sx={{
        fontWeight: 600,
        ...(color !== 'default' && { color: (theme) => (theme.palette.mode === 'light' ? theme.palette[color].dark : theme.palette[color].light) }),
      }}
    />
  );
}
