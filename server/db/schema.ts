import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const roles = pgTable('roles', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: varchar('name', { length: 100 }).notNull().unique(),
  description: varchar('description', { length: 500 }),
  priority: integer('priority').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: uuid('role_id').notNull().references(() => roles.id, { onDelete: 'cascade' }),
    permission: varchar('permission', { length: 100 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permission] })],
);

export const partners = pgTable(
  'partners',
  {
  id: uuid('id').primaryKey().defaultRandom(),
  name: varchar('name', { length: 255 }).notNull(),
  email: varchar('email', { length: 255 }).notNull(),
  type: varchar('type', { length: 50 }).notNull(),
  address: varchar('address', { length: 500 }).notNull(),
  phone: varchar('phone', { length: 50 }).notNull(),
  website: varchar('website', { length: 255 }),
  contactPhone: varchar('contact_phone', { length: 50 }),
  /** Name, email, phone and the rest folded by contract/fold.ts: diacritics and case ignored by search. */
  searchText: text('search_text').notNull().default(''),
  nameFolded: varchar('name_folded', { length: 255 }).notNull().default(''),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  },
  (t) => [
    index('partners_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('partners_name_trgm_idx').using('gin', sql`${t.nameFolded} gin_trgm_ops`),
    index('partners_phone_trgm_idx').using('gin', sql`${t.phone} gin_trgm_ops`),
    index('partners_name_idx').on(t.name, t.id),
    index('partners_created_idx').on(t.createdAt, t.id),
  ],
);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firstName: varchar('first_name', { length: 100 }).notNull(),
    lastName: varchar('last_name', { length: 100 }).notNull(),
    userName: varchar('user_name', { length: 100 }).notNull(),
    email: varchar('email', { length: 255 }).notNull(),
    phoneNumber: varchar('phone_number', { length: 50 }),
    organization: varchar('organization', { length: 255 }),
    passwordHash: text('password_hash'),
    isActive: boolean('is_active').notNull().default(false),
    emailConfirmed: boolean('email_confirmed').notNull().default(false),
    partnerId: uuid('partner_id').references(() => partners.id),
    imageUrl: varchar('image_url', { length: 500 }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`), index('users_partner_idx').on(t.partnerId)],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id').notNull().references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);

/** One row per issued refresh token; a sign-in's tokens share a family so reuse revokes them all. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The successor pair sealed with a key only this token's holder can derive, for the rotation grace period. */
    successorSealed: text('successor_sealed'),
    createdAt: createdAt(),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId), index('refresh_tokens_user_idx').on(t.userId)],
);

/** Single-use tokens mailed for password reset and account activation; only their hash is kept. */
export const mailTokens = pgTable(
  'mail_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    purpose: varchar('purpose', { length: 20 }).notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('mail_tokens_user_idx').on(t.userId, t.purpose)],
);

export const auditTrails = pgTable(
  'audit_trails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id'),
    type: varchar('type', { length: 20 }).notNull(),
    tableName: varchar('table_name', { length: 100 }).notNull(),
    primaryKey: varchar('primary_key', { length: 100 }).notNull(),
    oldValues: jsonb('old_values'),
    newValues: jsonb('new_values'),
    affectedColumns: jsonb('affected_columns'),
    dateTime: timestamp('date_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_trails_user_idx').on(t.userId, t.dateTime), index('audit_trails_key_idx').on(t.tableName, t.primaryKey)],
);

/** Support tickets (DESIGN.md "Tickets"): one partner's, raised by one of its users or by staff for it. */
export const tickets = pgTable(
  'tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subject: varchar('subject', { length: 200 }).notNull(),
    /** Sanitised HTML. */
    description: text('description').notNull().default(''),
    status: varchar('status', { length: 20 }).notNull().default('OPEN'),
    partnerId: uuid('partner_id').notNull().references(() => partners.id),
    createdBy: uuid('created_by').notNull().references(() => users.id),
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
    ticketId: uuid('ticket_id').notNull().references(() => tickets.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').notNull().references(() => users.id),
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
    ticketId: uuid('ticket_id').notNull().references(() => tickets.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id').references(() => ticketMessages.id, { onDelete: 'cascade' }),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    /** Told by the content, never by the name. */
    contentType: varchar('content_type', { length: 100 }).notNull(),
    size: integer('size').notNull(),
    storageName: varchar('storage_name', { length: 64 }).notNull().unique(),
    uploadedBy: uuid('uploaded_by').notNull().references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('ticket_attachments_ticket_idx').on(t.ticketId), index('ticket_attachments_message_idx').on(t.messageId)],
);

/** The first answer to a request sent with an `Idempotency-Key`, replayed for the same key within 24 h. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id').notNull(),
    key: varchar('key', { length: 255 }).notNull(),
    /** Method and route of the first request: the same key on another route is refused. */
    route: varchar('route', { length: 300 }).notNull(),
    requestHash: varchar('request_hash', { length: 64 }).notNull(),
    /** Null while the first request is still being answered. */
    statusCode: integer('status_code'),
    response: text('response'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);
