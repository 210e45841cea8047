import { and, count, eq, isNull, ne, sql } from 'drizzle-orm';
import type { RoleDto } from '../../../contract/roles.dto';
import { roleSchema, type RoleInput } from '../../../contract/schemas/roles';
import type { Db } from '../../db/client';
import { roles, userRoles, users } from '../../db/schema';
import type { CrudResource } from '../../core/crudResource';
import { roleItselfChanged } from './roles.events';
import { ApiError } from '../../core/errors';
import type { Principal } from '../../core/guard';
import { topRank } from '../users/ranks';

type RoleRow = typeof roles.$inferSelect;

export const toRoleDto = (row: RoleRow): RoleDto => ({
  id: row.id,
  name: row.name,
  description: row.description,
  priority: row.priority,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** Users holding a role; deleted users keep their rows for the audit trail but hold nothing any more. */
export async function holdersOf(db: Db, roleId: string) {
  const [{ n }] = await db
    .select({ n: count() })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(and(eq(userRoles.roleId, roleId), isNull(users.deletedAt)));
  return n;
}

const refuse = (field: string, key: string, status = 403) => new ApiError(status, key, [{ field, message: key }]);

/** No escalation: below the top role, only roles ranking strictly below your own are yours to shape. */
export async function assertRoleWithinReach(db: Db, principal: Principal, priority: number, field = 'priority') {
  if (principal.rank <= (await topRank(db))) return;
  if (priority <= principal.rank) throw refuse(field, 'roles.outranks');
}

export const rolesResource: CrudResource<RoleInput, RoleDto> = {
  name: 'roles',
  permissions: 'Roles',
  table: roles,
  schema: roleSchema,
  toDto: (row) => toRoleDto(row as unknown as RoleRow),
  toValues: (input) => ({ name: input.name, description: input.description || null, priority: input.priority }),
  sortable: { name: roles.name, priority: roles.priority, createdAt: roles.createdAt },
  defaultSort: 'priority asc',
  // A new role is held by nobody; a renamed, re-ranked or deleted one changes what its holders are.
  events: (id, action) => (action === 'created' ? [] : [roleItselfChanged(id)]),
  where: (search) => {
    const keyword = (search.advancedSearch?.keyword ?? search.keyword ?? '').trim();
    return [keyword ? sql`${roles.name} ilike ${`%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : undefined];
  },
  async beforeWrite(db, input, existing, principal) {
    if (existing) await assertRoleWithinReach(db, principal, Number(existing.priority));
    await assertRoleWithinReach(db, principal, input.priority);
    const [taken] = await db
      .select({ id: roles.id })
      .from(roles)
      .where(and(sql`lower(${roles.name}) = ${input.name.toLowerCase()}`, existing ? ne(roles.id, existing.id) : undefined));
    if (taken) throw refuse('name', 'roles.nameTaken', 409);
  },
  async beforeDelete(db, existing, principal) {
    await assertRoleWithinReach(db, principal, Number(existing.priority));
    const n = await holdersOf(db, existing.id);
    if (n > 0) throw new ApiError(409, 'roles.inUse', undefined, { count: n });
  },
  csv: [
    { header: 'id', value: (r) => r.id },
    { header: 'name', value: (r) => r.name },
    { header: 'description', value: (r) => r.description },
    { header: 'priority', value: (r) => r.priority },
  ],
};
