import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { agreementsDeclaration } from '../../../contract/resources/agreements';
import { declaredTable } from '../../core/declared/table';
import { partners } from '../partners/partners.schema';
import { users } from '../users/users.schema';

/** Agreements: the table contract/resources/agreements.ts declares (their names). */
export const agreements = declaredTable(agreementsDeclaration);

/** One published version of an agreement; never changed once written (a change is a new version). */
export const agreementVersions = pgTable(
  'agreement_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agreementId: uuid('agreement_id')
      .notNull()
      .references(() => agreements.id),
    versionNumber: integer('version_number').notNull(),
    bodyEn: text('body_en').notNull(),
    bodyVi: text('body_vi').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    publishedBy: uuid('published_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('agreement_versions_number_idx').on(t.agreementId, t.versionNumber)],
);

/** A user's acceptance of one version, for their partner, from a client address; one per user and version. */
export const agreementAcceptances = pgTable(
  'agreement_acceptances',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agreementId: uuid('agreement_id')
      .notNull()
      .references(() => agreements.id),
    versionId: uuid('version_id')
      .notNull()
      .references(() => agreementVersions.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
    clientAddress: varchar('client_address', { length: 100 }).notNull(),
  },
  (t) => [
    uniqueIndex('agreement_acceptances_user_version_idx').on(t.versionId, t.userId),
    index('agreement_acceptances_partner_idx').on(t.partnerId),
    index('agreement_acceptances_agreement_idx').on(t.agreementId, t.acceptedAt),
  ],
);
