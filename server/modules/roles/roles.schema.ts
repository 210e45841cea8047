import { boolean, integer, pgTable, primaryKey, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns';

export const roles = pgTable('roles', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: varchar('name', { length: 100 }).notNull().unique(),
  description: varchar('description', { length: 500 }),
  priority: integer('priority').notNull(),
  /** Its users must have a second factor: one without is led to enrol at sign-in and refused everything else. */
  requireSecondFactor: boolean('require_second_factor').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permission: varchar('permission', { length: 100 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permission] })],
);
