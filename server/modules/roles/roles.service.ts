import { and, ne, sql } from 'drizzle-orm';
import type { RoleDto } from '../../../contract/roles.dto';
import { roleDtoSchema } from '../../../contract/schemas/roles.dto';
import { roleSchema, type RoleInput } from '../../../contract/schemas/roles';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { createCrudService, type CrudResource } from '../../core/crud';
import { ApiError } from '../../core/errors';
import { contains, keywordWhere } from '../../core/search';
import { createRolePermissionService } from './rolePermissions.service';
import { assertRoleWithinReach, holdersOf, refuse } from './roleRules';
import { roleItselfChanged } from './roles.events';
import { roles } from './roles.schema';

type RoleRow = typeof roles.$inferSelect;

export const toRoleDto = (row: RoleRow): RoleDto => ({
  id: row.id,
  name: row.name,
  description: row.description,
  priority: row.priority,
  requireSecondFactor: row.requireSecondFactor,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/**
 * Refuses a name another role has, case ignored. Writes of one name wait for each other (a lock held until
 * the transaction ends), so two saves of the same new name cannot both pass the check: the second sees the
 * first's row and answers 409 rather than failing on the unique index.
 */
async function assertNameFree(tx: Db, name: string, exceptId: string | undefined) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`roles.name:${name.toLowerCase()}`}))`);
  const [taken] = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(and(sql`lower(${roles.name}) = ${name.toLowerCase()}`, exceptId ? ne(roles.id, exceptId) : undefined));
  if (taken) throw refuse('name', 'roles.nameTaken', 409);
}

/** Roles (specification section 5): ranked by priority, shaped only below your own rank, deleted only when nobody holds them. */
export const rolesResource: CrudResource<RoleInput, RoleDto> = {
  name: 'roles',
  permissions: 'Roles',
  table: roles,
  schema: roleSchema,
  toDto: (row) => toRoleDto(row as unknown as RoleRow),
  dtoSchema: roleDtoSchema,
  toValues: (input) => ({
    name: input.name,
    description: input.description || null,
    priority: input.priority,
    ...(input.requireSecondFactor === undefined ? {} : { requireSecondFactor: input.requireSecondFactor }),
  }),
  sortable: {
    name: roles.name,
    description: roles.description,
    priority: roles.priority,
    requireSecondFactor: roles.requireSecondFactor,
    createdAt: roles.createdAt,
    updatedAt: roles.updatedAt,
  },
  defaultSort: 'priority asc',
  where: (search) => [keywordWhere(search, { name: (keyword) => contains(roles.name, keyword) })],
  async beforeWrite(tx, input, existing, principal) {
    if (existing) await assertRoleWithinReach(tx, principal, Number(existing.priority));
    await assertRoleWithinReach(tx, principal, input.priority);
    await assertNameFree(tx, input.name, existing?.id);
  },
  // The role is locked by the delete, and giving it to a user waits on that lock: "still held" stays true until the commit.
  async beforeDelete(tx, existing, principal) {
    await assertRoleWithinReach(tx, principal, Number(existing.priority));
    const n = await holdersOf(tx, existing.id);
    if (n > 0) throw new ApiError(409, 'roles.inUse', undefined, { count: n });
  },
  // A new role is held by nobody; a renamed, re-ranked or deleted one changes what its holders are.
  events: (id, action) => (action === 'created' ? [] : [roleItselfChanged(id)]),
  csv: [
    { header: 'id', value: (r) => r.id },
    { header: 'name', value: (r) => r.name },
    { header: 'description', value: (r) => r.description },
    { header: 'priority', value: (r) => r.priority },
  ],
};

/** The rules of roles: the declared resource, and each role's permissions. */
export function createRoleService(ctx: AppContext) {
  const crud = createCrudService(ctx, rolesResource);
  return { crud, permissions: createRolePermissionService(ctx, crud.rows) };
}

export type RoleService = ReturnType<typeof createRoleService>;
