import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid, varchar, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { TicketPriority, TicketSystemEvent } from '../../../contract/tickets';
import type { TicketCategory } from '../../../contract/ticketAssignment';
import { createdAt, updatedAt } from '../../db/columns';
import { partners } from '../partners/partners.schema';
import { users } from '../users/users.schema';
import { supportTeams } from './assignment/assignment.schema';

/** Support tickets (DESIGN.md "Tickets"): one partner's, raised by one of its users or by staff for it. */
export const tickets = pgTable(
  'tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subject: varchar('subject', { length: 200 }).notNull(),
    /** Sanitised HTML. */
    description: text('description').notNull().default(''),
    status: varchar('status', { length: 20 }).notNull().default('OPEN'),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.id),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    /** Subject and description text folded by contract/fold.ts, for the keyword search. */
    searchText: text('search_text').notNull().default(''),
    subjectFolded: varchar('subject_folded', { length: 200 }).notNull().default(''),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    /** Whose answer the ticket waits for: the side that did not write last ('staff' or 'partner'). */
    awaitingSide: varchar('awaiting_side', { length: 10 }).$type<'staff' | 'partner'>().notNull().default('staff'),
    /** Since when that side has been awaited: the other side's first unanswered word (or the ticket's creation). */
    awaitingSince: timestamp('awaiting_since', { withTimezone: true }).notNull().defaultNow(),
    /** Issue 25: LOW, NORMAL, HIGH or URGENT (contract/tickets.ts TICKET_PRIORITIES). */
    priority: varchar('priority', { length: 10 }).$type<TicketPriority>().notNull().default('NORMAL'),
    /** The staff user handling the ticket (issue 25), or nobody yet. */
    assigneeId: uuid('assignee_id').references(() => users.id),
    /** What the partner said the ticket is about when raising it (contract/ticketAssignment.ts), or null. */
    category: varchar('category', { length: 20 }).$type<TicketCategory>(),
    /** The support team handling it besides the assignee (issue 25), or none; a removed team leaves none. */
    teamId: uuid('team_id').references(() => supportTeams.id, { onDelete: 'set null' }),
    /** The ticket this duplicate was merged into (issue 25): its chat and files live there now; never a chain. */
    mergedIntoId: uuid('merged_into_id').references((): AnyPgColumn => tickets.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('tickets_partner_created_idx').on(t.partnerId, t.createdAt),
    index('tickets_created_idx').on(t.createdAt, t.id),
    index('tickets_status_idx').on(t.status),
    index('tickets_awaiting_idx').on(t.awaitingSide, t.status, t.awaitingSince),
    index('tickets_partner_awaiting_idx').on(t.partnerId, t.awaitingSide, t.status, t.awaitingSince),
    index('tickets_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('tickets_subject_trgm_idx').using('gin', sql`${t.subjectFolded} gin_trgm_ops`),
    index('tickets_assignee_idx').on(t.assigneeId, t.status),
    index('tickets_merged_into_idx').on(t.mergedIntoId),
  ],
);

/** A ticket's chat. */
export const ticketMessages = pgTable(
  'ticket_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id),
    /** Sanitised HTML. */
    body: text('body').notNull().default(''),
    /** An internal note (issue 25): staff only, never sent to a partner by any path. */
    internal: boolean('internal').notNull().default(false),
    /** A line the portal wrote (a merge), shown translated; null for what a person wrote. */
    systemEvent: jsonb('system_event').$type<TicketSystemEvent>(),
    /** The body's text folded by contract/fold.ts, for the search across conversations (issue 25). */
    bodyFolded: text('body_folded').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('ticket_messages_ticket_idx').on(t.ticketId, t.createdAt),
    index('ticket_messages_body_trgm_idx').using('gin', sql`${t.bodyFolded} gin_trgm_ops`),
  ],
);

/** Files of a ticket (messageId null) or of one of its messages; the bytes are DATA_DIR/attachments/{storageName}. */
export const ticketAttachments = pgTable(
  'ticket_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id').references(() => ticketMessages.id, { onDelete: 'cascade' }),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    /** Told by the content, never by the name. */
    contentType: varchar('content_type', { length: 100 }).notNull(),
    size: integer('size').notNull(),
    storageName: varchar('storage_name', { length: 64 }).notNull().unique(),
    uploadedBy: uuid('uploaded_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('ticket_attachments_ticket_idx').on(t.ticketId), index('ticket_attachments_message_idx').on(t.messageId)],
);

/** How far each user has read a ticket's chat: unread markers for them, "seen" for the other side. */
export const ticketReads = pgTable(
  'ticket_reads',
  {
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Staff (a user without a partner) read it: "seen" is told per side. */
    byStaff: boolean('by_staff').notNull(),
    /** The createdAt of the newest message they have seen; it only moves forward. */
    readUpTo: timestamp('read_up_to', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.ticketId, t.userId] }), index('ticket_reads_side_idx').on(t.ticketId, t.byStaff, t.readUpTo)],
);

/**
 * Tickets counted by status and awaited side, kept by a trigger on `tickets` (migration 0008): Home's figures
 * read a handful of rows instead of counting 100,000 tickets after every change.
 */
export const ticketCounts = pgTable(
  'ticket_counts',
  {
    status: varchar('status', { length: 20 }).notNull(),
    awaitingSide: varchar('awaiting_side', { length: 10 }).notNull(),
    total: integer('total').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.status, t.awaitingSide] })],
);
