import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * The column an own-rows scope's owner refers to (users.id), set by the users table's file: table.ts importing it
 * would close a cycle (users → partners, a declared table → table.ts) that breaks whichever loads first.
 */
export const ownerReference: { usersId?: PgColumn } = {};
