import { TICKET_STATUSES, type TicketStatus } from '../../../contract/tickets';

/** The palette colour of each status (specification section 4). */
export type StatusColor = 'info' | 'warning' | 'success' | 'error';

export const STATUS_COLORS: Readonly<Record<TicketStatus, StatusColor>> = {
  OPEN: 'info',
  PENDING: 'warning',
  RESOLVED: 'success',
  CLOSED: 'error',
};

/** A status as the app shows it: an unknown value (an older server, a typo) shows as OPEN. */
export function displayStatus(status: unknown): TicketStatus {
  const upper = typeof status === 'string' ? status.toUpperCase() : '';
  return (TICKET_STATUSES as readonly string[]).includes(upper) ? (upper as TicketStatus) : 'OPEN';
}

export const statusColor = (status: unknown): StatusColor => STATUS_COLORS[displayStatus(status)];

/** The label key; labels match their values (DESIGN.md: the mislabelled options are not reproduced). */
export const statusLabelKey = (status: unknown) => `tickets.status.${displayStatus(status)}`;
