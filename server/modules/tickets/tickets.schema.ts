import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns';
import { partners } from '../partners/partners.schema';
import { users } from '../users/users.schema';

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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('tickets_partner_created_idx').on(t.partnerId, t.createdAt),
    index('tickets_created_idx').on(t.createdAt, t.id),
    index('tickets_status_idx').on(t.status),
    index('tickets_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('tickets_subject_trgm_idx').using('gin', sql`${t.subjectFolded} gin_trgm_ops`),
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
    createdAt: createdAt(),
  },
  (t) => [index('ticket_messages_ticket_idx').on(t.ticketId, t.createdAt)],
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
