import { pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { tickets } from '../tickets/tickets.schema';

/**
 * Every inbound mail taken in, by its Message-ID: the primary key makes the same mail delivered twice (a retrying
 * relay, two instances behind one MX) handled once. `outcome` says what became of it, for an operator reading why.
 */
export const inboundMails = pgTable('inbound_mails', {
  messageId: varchar('message_id', { length: 998 }).primaryKey(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  ticketId: uuid('ticket_id').references(() => tickets.id, { onDelete: 'set null' }),
  /** posted, note, refused, ignored (auto-reply, bulk), bounce (a DSN). */
  outcome: varchar('outcome', { length: 20 }).notNull(),
});

/**
 * Addresses a delivery status notification said fail, lower-cased: the mailer sends them nothing until the row goes
 * (the user's address changed, or staff cleared it).
 */
export const mailBounces = pgTable('mail_bounces', {
  email: varchar('email', { length: 255 }).primaryKey(),
  bouncedAt: timestamp('bounced_at', { withTimezone: true }).notNull().defaultNow(),
  diagnostic: text('diagnostic'),
});
