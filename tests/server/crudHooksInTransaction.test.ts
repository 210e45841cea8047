import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { RoleDto } from '../../contract/roles.dto';
import type { RoleInput } from '../../contract/schemas/roles';
import { writeAudit } from '../../server/core/audit';
import { createCrudService, type CrudResource } from '../../server/core/crud';
import { auditTrails, roles, userRoles } from '../../server/db/schema';
import { loadPrincipal } from '../../server/modules/accounts/principal';
import { rolesResource } from '../../server/modules/roles/roles.service';
import { serviceContextOn, unique, useDemoServer } from './factories';

const { server, userIds, token, make } = useDemoServer();
const ADMIN = 'admin@example.com';
const db = () => server.built.database.db;
/** The service as a module builds it, on the test server's database; its events go nowhere. */
const contextOf = () => serviceContextOn(db());
const admin = async () => (await loadPrincipal(db(), userIds[ADMIN]))!;
const auditRowsKeyed = async (key: string) => db().select().from(auditTrails).where(eq(auditTrails.primaryKey, key));

/** A promise and the function that settles it, for holding a transaction open at a known point. */
function signal() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe("a declared resource's hooks run inside the change's transaction", () => {
  it('a row the write hook inserts is undone when the create then fails', async () => {
    const probe = unique('probe');
    const taken = await make.role();
    const resource: CrudResource<RoleInput, RoleDto> = {
      ...rolesResource,
      async beforeWrite(tx) {
        await writeAudit(tx, { userId: null, type: 'Create', table: 'hook_probe', key: probe });
      },
    };
    // The hook lets the name through; the unique index then refuses the insert.
    const created = createCrudService(contextOf(), resource).create(await admin(), { name: taken.name, description: '', priority: 500 });
    await expect(created).rejects.toThrow();
    expect(await auditRowsKeyed(probe)).toEqual([]);
  });

  it('a row the delete hook inserts is undone when the delete is refused', async () => {
    const probe = unique('probe');
    const role = await make.role();
    const resource: CrudResource<RoleInput, RoleDto> = {
      ...rolesResource,
      async beforeDelete(tx, existing, principal) {
        await writeAudit(tx, { userId: null, type: 'Delete', table: 'hook_probe', key: probe });
        await rolesResource.beforeDelete!(tx, existing, principal);
      },
    };
    await make.user({ roleId: role.id });
    await expect(createCrudService(contextOf(), resource).remove(await admin(), role.id)).rejects.toMatchObject({ statusCode: 409, messageKey: 'roles.inUse' });
    expect(await auditRowsKeyed(probe)).toEqual([]);
  });

  it('a role deleted while a user is being given it: exactly one of the two succeeds', async () => {
    const role = await make.role();
    const user = await make.user({ roleId: (await make.role()).id });
    const checked = signal();
    const released = signal();
    const resource: CrudResource<RoleInput, RoleDto> = {
      ...rolesResource,
      // Holds the delete's transaction open just after "nobody holds it" was decided.
      async beforeDelete(tx, existing, principal) {
        await rolesResource.beforeDelete!(tx, existing, principal);
        checked.open();
        await released.opened;
      },
    };
    const deleting = createCrudService(contextOf(), resource)
      .remove(await admin(), role.id)
      .then(
        () => 'deleted',
        (error: { messageKey?: string }) => error.messageKey ?? String(error),
      );
    await checked.opened;
    const giving = db()
      .insert(userRoles)
      .values({ userId: user.id, roleId: role.id })
      .then(
        () => 'given',
        () => 'refused',
      );
    await waitUntilBlockedOrSettled(giving);
    released.open();
    const outcomes = [await deleting, await giving];

    const [roleLeft] = await db().select().from(roles).where(eq(roles.id, role.id));
    const holds = await db().select().from(userRoles).where(eq(userRoles.userId, user.id));
    const holdsIt = holds.some((h) => h.roleId === role.id);
    // Never both: a role deleted while held, or a user given a role that no longer exists.
    expect(outcomes.filter((o) => o === 'deleted' || o === 'given')).toHaveLength(1);
    if (outcomes[0] === 'deleted') expect([roleLeft, holdsIt]).toEqual([undefined, false]);
    else expect([outcomes[0], roleLeft?.id, holdsIt]).toEqual(['roles.inUse', role.id, true]);
    if (holdsIt) await db().delete(userRoles).where(eq(userRoles.roleId, role.id));
  });
});

describe('two saves of one role name at the same moment', () => {
  it('the second waits for the first: one role is made, the other save is refused 409 on the name', async () => {
    const name = `Twin role ${unique('r')}`;
    const checked = signal();
    const released = signal();
    const held: CrudResource<RoleInput, RoleDto> = {
      ...rolesResource,
      // Holds the first save's transaction open just after "the name is free" was decided.
      async beforeWrite(tx, input, existing, principal) {
        await rolesResource.beforeWrite!(tx, input, existing, principal);
        checked.open();
        await released.opened;
      },
    };
    const principal = await admin();
    const body = { name, description: 'Made twice', priority: 500 };
    const outcome = (promise: Promise<RoleDto>) =>
      promise.then(
        (role) => (make.onCleanup(() => server.api('DELETE', `/api/v1/roles/${role.id}`, { token: token(ADMIN) })), 'created'),
        (error: { statusCode?: number; errors?: { field: string }[] }) => `${error.statusCode ?? String(error)} ${error.errors?.[0]?.field}`,
      );
    const first = outcome(createCrudService(contextOf(), held).create(principal, body));
    await checked.opened;
    const second = outcome(createCrudService(contextOf(), rolesResource).create(principal, body));
    await waitUntilBlockedOrSettled(second);
    released.open();
    expect([await first, await second]).toEqual(['created', '409 name']);
    expect(
      await db()
        .select()
        .from(roles)
        .where(sql`lower(${roles.name}) = ${name.toLowerCase()}`),
    ).toHaveLength(1);
  });
});

/**
 * Until `other` has settled or, on PostgreSQL, waits on a lock the held transaction took. PGlite runs one
 * transaction at a time, so there `other` is queued behind the held one already.
 */
async function waitUntilBlockedOrSettled(other: Promise<unknown>) {
  if (server.built.database.kind !== 'postgres') return;
  let settled = false;
  void other.finally(() => (settled = true));
  while (!settled) {
    const { rows } = (await db().execute(
      sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    )) as unknown as {
      rows: { n: number }[];
    };
    if (rows[0].n > 0) return;
  }
}
