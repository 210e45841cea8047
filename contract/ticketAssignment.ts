/**
 * Ticket assignment and priority (issue 25, points 1 and 3): who handles a ticket, the round robin that assigns new
 * tickets to available staff, and the category a partner picks that may set a new ticket's priority.
 */
import type { TicketPriority } from './tickets';

/** What a partner may say a ticket is about when raising it (labels `tickets.categories.*`). */
export const TICKET_CATEGORIES = ['GENERAL', 'BILLING', 'TECHNICAL', 'ACCOUNT', 'OUTAGE'] as const;
export type TicketCategory = (typeof TICKET_CATEGORIES)[number];

/** The priority each category gives a new ticket; a category not listed gives NORMAL. */
export type CategoryPriorities = Partial<Record<TicketCategory, TicketPriority>>;

export const DEFAULT_PRIORITY: TicketPriority = 'NORMAL';

export const priorityOfCategory = (map: CategoryPriorities, category: TicketCategory | null | undefined): TicketPriority =>
  (category && map[category]) || DEFAULT_PRIORITY;

/** `GET /support-desk/assignment` and what `PUT` takes (with If-Match on `updatedAt` not needed: last write wins, audited). */
export interface TicketAssignmentSettingsDto {
  autoAssign: boolean;
  categoryPriorities: CategoryPriorities;
  /** Staff who hold Tickets.AdminUpdate and are marked available now: whom the round robin picks from. */
  availableAgents: { id: string; name: string }[];
  updatedAt: string | null;
}

/** `GET`/`PUT /account/availability`: whether the signed-in staff user takes auto-assigned tickets. */
export interface SupportAvailabilityDto {
  available: boolean;
}

/** A staff user tickets can be assigned to (`GET /tickets/assignees`). */
export interface TicketAssigneeOption {
  id: string;
  name: string;
  available: boolean;
}

/** A support team a ticket may be handed to (`GET /support-desk/teams`). */
export interface SupportTeamDto {
  id: string;
  name: string;
}

export const SUPPORT_TEAM_NAME_MAX = 100;

/** Note with a reassignment, at most this long (plain text). */
export const ASSIGNMENT_NOTE_MAX = 2000;
