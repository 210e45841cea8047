/**
 * Tickets as both sides see them (DESIGN.md "Tickets", specification sections 2, 3, 4 and 7): statuses,
 * limits, DTOs and the payloads the hub carries for them.
 */
import type { TicketSla } from './serviceLevels';

/** Specification section 4; the API uses these upper-case values. */
export const TICKET_STATUSES = ['OPEN', 'PENDING', 'RESOLVED', 'CLOSED'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** Issue 25: set by staff (or derived from the category a partner chose); SLA targets are per priority. */
export const TICKET_PRIORITIES = ['LOW', 'NORMAL', 'HIGH', 'URGENT'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];

export const TICKET_SUBJECT_MAX = 200;
/** HTML as sent, before sanitising. */
export const TICKET_DESCRIPTION_MAX = 50_000;
export const TICKET_MESSAGE_MAX = 20_000;
export const TICKET_MAX_FILES = 10;
export const TICKET_MAX_FILE_BYTES = 10 * 1024 * 1024;
export const TICKET_FILE_NAME_MAX = 255;

/**
 * The types a ticket or message may carry, told by content on the server (never by name). `accept` is for
 * the browser's file input.
 */
export const TICKET_FILE_TYPES = [
  { contentType: 'image/png', extensions: ['png'] },
  { contentType: 'image/jpeg', extensions: ['jpg', 'jpeg'] },
  { contentType: 'image/gif', extensions: ['gif'] },
  { contentType: 'image/webp', extensions: ['webp'] },
  { contentType: 'application/pdf', extensions: ['pdf'] },
  { contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', extensions: ['docx'] },
  { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extensions: ['xlsx'] },
  { contentType: 'text/plain', extensions: ['txt', 'log'] },
  { contentType: 'text/csv', extensions: ['csv'] },
] as const;

export const TICKET_FILE_ACCEPT = TICKET_FILE_TYPES.flatMap((t) => [t.contentType, ...t.extensions.map((e) => `.${e}`)]).join(',');

/**
 * What the owner partner may do to its own ticket without Tickets.AdminUpdate: close it from any status,
 * and reopen a RESOLVED or CLOSED one. PENDING and RESOLVED are support's to set.
 */
export const PARTNER_STATUS_CHANGES: Readonly<Record<TicketStatus, readonly TicketStatus[]>> = {
  OPEN: ['CLOSED'],
  PENDING: ['CLOSED'],
  RESOLVED: ['OPEN', 'CLOSED'],
  CLOSED: ['OPEN'],
};

export function partnerMayChangeStatus(from: TicketStatus, to: TicketStatus): boolean {
  return from === to || PARTNER_STATUS_CHANGES[from].includes(to);
}

/** A CLOSED ticket's chat is read-only (409 on a new message). */
export const ticketAcceptsMessages = (status: TicketStatus) => status !== 'CLOSED';

export interface TicketAttachmentRef {
  id: string;
  fileName: string;
  contentType: string;
  size: number;
}

export interface TicketDto {
  id: string;
  subject: string;
  /** Sanitised HTML (an allow-list on the server); sanitise again when showing it. */
  description: string;
  status: TicketStatus;
  partnerId: string;
  partnerName: string;
  createdBy: string;
  createdByName: string;
  /** Files sent with the ticket itself; files of messages are on the messages. */
  attachments: TicketAttachmentRef[];
  createdAt: string;
  updatedAt: string;
  lastMessageAt: string | null;
  priority: TicketPriority;
  /** The staff user handling it (issue 25), or null while unassigned. */
  assigneeId: string | null;
  /** The assignee's full name, or null while unassigned. */
  assigneeName: string | null;
  /** The support team handling it besides the assignee, or null. Staff only: absent from a partner's DTO (issue 33). */
  teamId?: string | null;
  /** The team's name, or null. Staff only: absent from a partner's DTO. */
  teamName?: string | null;
  /** The ticket this duplicate was merged into (issue 25): the app shows that one instead. */
  mergedIntoId: string | null;
  /** The partner's rating once it resolved (issue 25), or null. */
  rating: TicketRating | null;
  /**
   * Service levels (issue 25): first response and resolution against the priority's targets, in business minutes.
   * Staff only: internal targets are staff's business, so a partner's DTO, export and events never carry it (issue 33).
   */
  sla?: TicketSla | null;
  /**
   * Search across conversations (issue 25): on a keyword search's answer, when the ticket was found by its messages
   * alone, a short excerpt of the newest message that matched (a message the reader may read).
   */
  matchedText?: string;
  /** The record's version, answered as its ETag and sent back as If-Match. */
  version?: string;
}

/** A partner's rating of its resolved ticket: 1 to 5 and an optional comment (limits: ticketRatingSchema). */
export interface TicketRating {
  score: number;
  comment: string | null;
  ratedAt: string;
  ratedByName: string;
}

export const TICKET_RATING_MIN = 1;
export const TICKET_RATING_MAX = 5;
export const TICKET_RATING_COMMENT_MAX = 2000;

/** Staff Home's satisfaction figure (`GET /ticket-ratings/summary`): ratings given in the last `days` days. */
export interface TicketRatingSummary {
  /** Rounded to one decimal; null when nobody rated. */
  average: number | null;
  count: number;
  days: number;
}

/** A partner may rate a ticket support resolved: RESOLVED, or CLOSED after it had been RESOLVED. */
export const ticketMayBeRated = (status: TicketStatus, wasResolved: boolean) => status === 'RESOLVED' || (status === 'CLOSED' && wasResolved);

/** A line the portal wrote in a chat, shown translated: `merged` tells that ticket `ticketId` was merged into this one. */
export interface TicketSystemEvent {
  kind: 'merged';
  ticketId: string;
  subject: string;
}

/** A ticket's number as texts name it ("Ticket #1a2b3c4d"): the first 8 characters of its id, as the manager shows them. */
export const ticketNumberOf = (id: string) => id.slice(0, 8);

/** A chat message of a ticket (DESIGN.md "Chat messages"), as GET answers and as the hub delivers it live. */
export interface TicketChatMessage {
  id: string;
  ticketId: string;
  authorId: string;
  authorName: string;
  /** Staff (a user without a partner) wrote it: the chat shows it on the support side. */
  authorIsStaff: boolean;
  /** Sanitised HTML; plain text was escaped and its line breaks turned into <br>. */
  body: string;
  attachments: TicketAttachmentRef[];
  /** An internal note (issue 25): only staff ever receive one; a partner's answers never carry it. */
  internal?: boolean;
  /** Present on a line the portal wrote (a merge); `body` then holds the merged ticket's description. */
  system?: TicketSystemEvent;
  createdAt: string;
}

export type TicketMessageDto = TicketChatMessage;

/**
 * How far a ticket's chat has been read (`GET /tickets/{id}/reads`): by the reader (their unread marker goes after
 * `mine`) and by each side (the newest read by any staff member, by any of the partner's users), for "seen".
 * Each is the createdAt of the newest message read, or null.
 */
export interface TicketReadState {
  ticketId: string;
  mine: string | null;
  staff: string | null;
  partner: string | null;
}

/** Hub `TicketRead` to the ticket's group: one side read up to `readUpTo` (a message's createdAt). */
export interface TicketReadMessage {
  ticketId: string;
  side: 'staff' | 'partner';
  userId: string;
  readUpTo: string;
}

/** Typed loosely as the hub's tests send it; the server always sends TicketStatus values and the previous one. */
export interface TicketStatusChangedMessage {
  ticketId: string;
  status: TicketStatus | string;
  previousStatus?: TicketStatus | string;
}

/** Download path of an attachment, under /api/v1 (or /api). */
export const ticketAttachmentPath = (ticketId: string, attachmentId: string) => `/tickets/${ticketId}/attachments/${attachmentId}`;

/** App routes a notification or mail links to. */
export const ticketDetailRoute = (ticketId: string) => `/tickets/${ticketId}/detail`;
export const adminTicketDetailRoute = (ticketId: string) => `/ticket-management/${ticketId}/detail`;
