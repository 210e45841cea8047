import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import type { AccessKind, FileRequestStatus, GrantConditionType } from '../../../contract/files';
import { createdAt, updatedAt } from '../../db/columns';
import { partners } from '../partners/partners.schema';
import { roles } from '../roles/roles.schema';
import { users } from '../users/users.schema';

/**
 * Files of the file manager (DESIGN.md "Files"); the bytes are DATA_DIR/files/{storageKey}. A deleted file
 * keeps its row (the access log names it) but loses its bytes and its grants.
 */
export const managedFiles = pgTable(
  'managed_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    /** Told by the content, never by the name. */
    contentType: varchar('content_type', { length: 100 }).notNull(),
    size: integer('size').notNull(),
    storageKey: varchar('storage_key', { length: 64 }).notNull().unique(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    uploadedBy: uuid('uploaded_by')
      .notNull()
      .references(() => users.id),
    /** Each opening counts at most one visit and one download (file_links). */
    downloadCount: integer('download_count').notNull().default(0),
    visitCount: integer('visit_count').notNull().default(0),
    /** The name folded by contract/fold.ts, for the keyword search. */
    searchText: text('search_text').notNull().default(''),
    replacedAt: timestamp('replaced_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('managed_files_created_idx').on(t.createdAt, t.id), index('managed_files_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`)],
);

/**
 * Access grants: whoever matches the condition (a partner's users, a role's holders, one user) may open the
 * file while now lies in [valid_from, valid_to) and the grant is neither revoked nor out of downloads. Exactly
 * one target column is set, the one conditionType names.
 */
export const fileGrants = pgTable(
  'file_grants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => managedFiles.id, { onDelete: 'cascade' }),
    conditionType: varchar('condition_type', { length: 10 }).$type<GrantConditionType>().notNull(),
    partnerId: uuid('partner_id').references(() => partners.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id').references(() => roles.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    validFrom: timestamp('valid_from', { withTimezone: true, precision: 3 }).notNull(),
    validTo: timestamp('valid_to', { withTimezone: true, precision: 3 }).notNull(),
    note: varchar('note', { length: 500 }).notNull().default(''),
    downloadLimit: integer('download_limit'),
    downloadCount: integer('download_count').notNull().default(0),
    viewOnly: boolean('view_only').notNull().default(false),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: uuid('revoked_by').references(() => users.id),
    /** The request this grant answered (set by the approval). */
    requestId: uuid('request_id'),
    /** When the grantees were told the grant ends within a day (the expiry job sets it once). */
    expiryNoticeAt: timestamp('expiry_notice_at', { withTimezone: true }),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('file_grants_file_idx').on(t.fileId, t.validTo),
    index('file_grants_partner_idx').on(t.partnerId, t.validTo),
    index('file_grants_role_idx').on(t.roleId, t.validTo),
    index('file_grants_user_idx').on(t.userId, t.validTo),
    index('file_grants_expiry_idx')
      .on(t.validTo)
      .where(sql`${t.revokedAt} is null and ${t.expiryNoticeAt} is null`),
    check('file_grants_window_check', sql`${t.validTo} > ${t.validFrom}`),
    check(
      'file_grants_target_check',
      sql`(${t.conditionType} = 'partner' and ${t.partnerId} is not null and ${t.roleId} is null and ${t.userId} is null)
        or (${t.conditionType} = 'role' and ${t.roleId} is not null and ${t.partnerId} is null and ${t.userId} is null)
        or (${t.conditionType} = 'user' and ${t.userId} is not null and ${t.partnerId} is null and ${t.roleId} is null)`,
    ),
  ],
);

/** A partner user's ask for a file (file_id) or for something described in words (request_text). */
export const fileRequests = pgTable(
  'file_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fileId: uuid('file_id').references(() => managedFiles.id, { onDelete: 'set null' }),
    requestText: varchar('request_text', { length: 500 }).notNull().default(''),
    reason: varchar('reason', { length: 1000 }).notNull(),
    status: varchar('status', { length: 10 }).$type<FileRequestStatus>().notNull().default('PENDING'),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.id),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => users.id),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionNote: varchar('decision_note', { length: 1000 }).notNull().default(''),
    grantId: uuid('grant_id').references(() => fileGrants.id, { onDelete: 'set null' }),
    /** Request text, reason, file and partner names folded, for the keyword search. */
    searchText: text('search_text').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('file_requests_partner_idx').on(t.partnerId, t.createdAt),
    index('file_requests_status_idx').on(t.status, t.createdAt),
    index('file_requests_created_idx').on(t.createdAt, t.id),
    index('file_requests_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

/**
 * One opening of a file: a signed link minted for one user through one grant, valid FILE_LINK_MINUTES. Its
 * visit and its download each count once (visited_at, downloaded_at set once).
 */
export const fileLinks = pgTable(
  'file_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => managedFiles.id, { onDelete: 'cascade' }),
    grantId: uuid('grant_id')
      .notNull()
      .references(() => fileGrants.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
    visitedAt: timestamp('visited_at', { withTimezone: true }),
    downloadedAt: timestamp('downloaded_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('file_links_expires_idx').on(t.expiresAt)],
);

/** The access log: every counted visit and download, kept when grants, links and files go. */
export const fileAccessLog = pgTable(
  'file_access_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => managedFiles.id),
    kind: varchar('kind', { length: 10 }).$type<AccessKind>().notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** The user's partner at the time (null for staff). */
    partnerId: uuid('partner_id').references(() => partners.id),
    grantId: uuid('grant_id').references(() => fileGrants.id, { onDelete: 'set null' }),
    linkId: uuid('link_id'),
    address: varchar('address', { length: 64 }).notNull().default(''),
    /** The User-Agent, cut to 300 characters. */
    client: varchar('client', { length: 300 }).notNull().default(''),
    at: timestamp('at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index('file_access_log_file_idx').on(t.fileId, t.at),
    index('file_access_log_partner_idx').on(t.partnerId, t.at),
    index('file_access_log_at_idx').on(t.at, t.id),
  ],
);

/**
 * Jobs that run once a day across every instance (the grant expiry notices): an instance runs a job when
 * `next_run_at` has passed and it wins the row's lock, so several instances run it once and a restart after
 * downtime catches up.
 */
export const scheduledJobs = pgTable('scheduled_jobs', {
  name: varchar('name', { length: 64 }).primaryKey(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
});
