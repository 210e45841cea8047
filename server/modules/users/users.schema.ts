import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns';
import { ownerReference } from '../../core/declared/ownerReference';
import { partners } from '../partners/partners.schema';
import { roles } from '../roles/roles.schema';

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

// The owner column of every declared resource with own rows refers to a user (server/core/declared/ownerReference.ts).
ownerReference.usersId = users.id;

export const userRoles = pgTable(
  'user_roles',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);
