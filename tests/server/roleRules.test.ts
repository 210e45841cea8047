import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, permission, type Permission } from '../../contract/permissions';
import type { UserRoleDto } from '../../contract/users';
import apiEn from '../../i18n/api.en';
import { auditTrails, rolePermissions, roles, userRoles } from '../../server/db/schema';
import { seedRoles } from '../../server/modules/roles/roles.seed';
import { expectEnvelope, expectFieldErrors, refused } from './expectations';
import { unique, useDemoServer } from './factories';

const { server, token, roleIds, partnerIds, make } = useDemoServer();

const ADMIN = 'admin@example.com';
const ACME_ADMIN = 'partner.admin@acme.example';
const db = () => server.built.database.db;
const sorted = (list: readonly string[]) => [...list].sort();

const permissionsOfRole = async (roleId: string) =>
  sorted((await db().select({ p: rolePermissions.permission }).from(rolePermissions).where(eq(rolePermissions.roleId, roleId))).map((r) => r.p));
const rolesHeldBy = async (userId: string) =>
  sorted(
    (await db().select({ name: roles.name }).from(userRoles).innerJoin(roles, eq(roles.id, userRoles.roleId)).where(eq(userRoles.userId, userId))).map(
      (r) => r.name,
    ),
  );
const setRoles = (userId: string, wanted: { roleId: string; enabled: boolean }[], as: string) =>
  server.api<UserRoleDto[]>('POST', `/api/v1/users/${userId}/roles`, { token: as, body: { userRoles: wanted } });
const register = (body: object, as: string) =>
  server.api('POST', '/api/v1/users/register', { token: as, body: { firstName: 'New', lastName: 'Comer', email: `${unique('reg')}@rules.example`, ...body } });
const invite = (body: object, as = token(ACME_ADMIN)) =>
  server.api<{ id: string }>('POST', '/api/v1/partner-users', {
    token: as,
    body: { firstName: 'Invited', lastName: 'Person', email: `${unique('inv')}@acme.example`, ...body },
  });

describe('the top role holds every permission of the catalogue', () => {
  it('a permission the top role lacks on an existing database is given back at start, audited, and a second start changes nothing', async () => {
    const missing: Permission[] = [permission('Dashboard', 'View'), permission('UserRoles', 'Update')];
    // As a database made before these entries joined the catalogue looks.
    await db().delete(rolePermissions).where(eq(rolePermissions.roleId, roleIds.Admin));
    await db()
      .insert(rolePermissions)
      .values(ALL_PERMISSIONS.filter((p) => !missing.includes(p)).map((p) => ({ roleId: roleIds.Admin, permission: p })));
    expect(await permissionsOfRole(roleIds.Admin)).not.toEqual(sorted(ALL_PERMISSIONS));

    await seedRoles(db());
    expect(await permissionsOfRole(roleIds.Admin)).toEqual(sorted(ALL_PERMISSIONS));
    const [audit] = await db().select().from(auditTrails).where(eq(auditTrails.primaryKey, roleIds.Admin)).orderBy(desc(auditTrails.dateTime)).limit(1);
    expect(audit).toMatchObject({ type: 'Update', tableName: 'role_permissions', userId: null });
    expect(sorted((audit.newValues as { permissions: string[] }).permissions)).toEqual(sorted(ALL_PERMISSIONS));

    const before = await server.snapshot();
    await seedRoles(db());
    expect(await server.snapshot()).toBe(before);
  });

  it('leaves the other roles as their editors left them', async () => {
    const support = await permissionsOfRole(roleIds.Support);
    await seedRoles(db());
    expect(await permissionsOfRole(roleIds.Support)).toEqual(support);
  });

  it('the role editor refuses to withdraw a permission from the top role (409), and nothing changes', async () => {
    const withdrawn = ALL_PERMISSIONS.filter((p) => p !== permission('Partners', 'Delete'));
    const answer = expectFieldErrors(
      await refused(server, () => server.api('PUT', `/api/v1/roles/${roleIds.Admin}/permissions`, { token: token(ADMIN), body: { permissions: withdrawn } })),
      ['permissions'],
      409,
    );
    expect(answer.body.message).toBe(apiEn.roles.topRoleHoldsAll);
    expectEnvelope(await server.api('PUT', `/api/v1/roles/${roleIds.Admin}/permissions`, { token: token(ADMIN), body: { permissions: ALL_PERMISSIONS } }), 200);
  });
});

describe('role assignment: no role at or above your own, none carrying a permission you do not hold', () => {
  const ASSIGNER_PERMISSIONS: Permission[] = [
    permission('UserRoles', 'View'),
    permission('UserRoles', 'Update'),
    permission('Users', 'View'),
    permission('Users', 'Create'),
  ];
  const ASSIGNER_RANK = 20;

  /** A staff member who may assign roles and register users, ranking 20, and a user well below them. */
  async function assignerAndTarget() {
    const assigner = await make.userWith(ASSIGNER_PERMISSIONS, { priority: ASSIGNER_RANK });
    const low = await make.role({ permissions: [permission('Users', 'View')], priority: 600 });
    const target = await make.user({ roleId: low.id });
    return { assigner, target, low };
  }

  it('an equal-rank role is refused through POST /users/{id}/roles, though it carries only permissions the assigner holds', async () => {
    const { assigner, target } = await assignerAndTarget();
    const peer = await make.role({ permissions: [permission('Users', 'View')], priority: ASSIGNER_RANK });
    for (const userId of [target.id, assigner.id]) {
      const answer = expectFieldErrors(await refused(server, () => setRoles(userId, [{ roleId: peer.id, enabled: true }], assigner.token)), ['userRoles'], 403);
      expect(answer.body.message).toBe(apiEn.users.roleOutranks);
    }
    expect(await rolesHeldBy(target.id)).not.toContain(peer.name);
  });

  it('a lower-ranked role carrying a permission the assigner lacks is refused, to others and to themselves (the 23-permission finding)', async () => {
    const { assigner, target } = await assignerAndTarget();
    const wider = await make.role({ permissions: [permission('Users', 'View'), permission('Partners', 'Delete')], priority: 300 });
    for (const roleId of [wider.id, roleIds.PartnerAdmin, roleIds.Partner]) {
      for (const userId of [target.id, assigner.id]) {
        const answer = expectFieldErrors(await refused(server, () => setRoles(userId, [{ roleId, enabled: true }], assigner.token)), ['userRoles'], 403);
        expect(answer.body.message).toBe(apiEn.users.rolePermissionNotHeld);
      }
    }
    const permissions = await server.api<string[]>('GET', '/api/users/permissions', { token: assigner.token });
    expect(sorted(permissions.body.data!)).toEqual(sorted(ASSIGNER_PERMISSIONS));
  });

  it('a lower-ranked role whose permissions the assigner holds is given and taken, to others and to themselves', async () => {
    const { assigner, target, low } = await assignerAndTarget();
    const narrow = await make.role({ permissions: [permission('UserRoles', 'View')], priority: 300 });
    expectEnvelope(await setRoles(target.id, [{ roleId: narrow.id, enabled: true }], assigner.token), 200);
    expect(await rolesHeldBy(target.id)).toEqual(sorted([low.name, narrow.name]));
    expectEnvelope(await setRoles(target.id, [{ roleId: narrow.id, enabled: false }], assigner.token), 200);
    expect(await rolesHeldBy(target.id)).toEqual([low.name]);
    expectEnvelope(await setRoles(assigner.id, [{ roleId: narrow.id, enabled: true }], assigner.token), 200);
    expect(await rolesHeldBy(assigner.id)).toEqual(sorted([assigner.role.name, narrow.name]));
    expectEnvelope(await setRoles(assigner.id, [{ roleId: narrow.id, enabled: false }], assigner.token), 200);
  });

  it('register with a role follows the same rule, the default role included; a refusal sends no mail', async () => {
    const { assigner, low } = await assignerAndTarget();
    const peer = await make.role({ permissions: [permission('Users', 'View')], priority: ASSIGNER_RANK });
    const wider = await make.role({ permissions: [permission('Partners', 'Delete')], priority: 300 });
    const mails = server.outbox().length;
    for (const [body, message] of [
      [{ roleId: peer.id }, apiEn.users.roleOutranks],
      [{ roleId: roleIds.Admin }, apiEn.users.roleOutranks],
      [{ roleId: wider.id }, apiEn.users.rolePermissionNotHeld],
      [{ roleId: roleIds.Partner, partnerId: partnerIds['Acme Logistics'] }, apiEn.users.rolePermissionNotHeld],
      // No role and no partner: the default is Support, which ranks above the assigner.
      [{}, apiEn.users.roleOutranks],
    ] as const) {
      const answer = expectFieldErrors(await refused(server, () => register(body, assigner.token)), ['roleId'], 403);
      expect(answer.body.message, JSON.stringify(body)).toBe(message);
    }
    expect(server.outbox().length).toBe(mails);
    const made = await register({ roleId: low.id }, assigner.token);
    expectEnvelope(made, 201);
    make.onCleanup(() => server.api('DELETE', `/api/v1/users/${(made.body.data as { id: string }).id}`, { token: token(ADMIN) }));
  });

  it('a partner admin invites with a lower role it fully holds, never with its own rank or a wider role', async () => {
    const beyond = await make.role({ permissions: [permission('Users', 'View')], priority: 55 });
    for (const [roleId, message] of [
      [roleIds.PartnerAdmin, apiEn.users.roleOutranks],
      [roleIds.Support, apiEn.users.roleOutranks],
      [beyond.id, apiEn.users.rolePermissionNotHeld],
    ] as const) {
      const answer = expectFieldErrors(await refused(server, () => invite({ roleId })), ['roleId'], 403);
      expect(answer.body.message).toBe(message);
    }
    const invited = await invite({ roleId: roleIds.Partner });
    expectEnvelope(invited, 201);
    make.onCleanup(() => server.api('DELETE', `/api/v1/users/${invited.body.data!.id}`, { token: token(ADMIN) }));
    expect(await rolesHeldBy(invited.body.data!.id)).toEqual(['Partner']);
  });

  it('a user update carries no role: roles sent with PUT /users/{id} or /partner-users/{id} change nothing', async () => {
    const { assigner, target, low } = await assignerAndTarget();
    const names = { firstName: 'Still', lastName: 'Same' };
    const smuggled = { roleId: roleIds.Admin, roles: ['Admin'], userRoles: [{ roleId: roleIds.Admin, enabled: true }] };
    expectEnvelope(await server.api('PUT', `/api/v1/users/${target.id}`, { token: token(ADMIN), body: { ...names, ...smuggled } }), 200);
    expect(await rolesHeldBy(target.id)).toEqual([low.name]);
    const acmeUser = await make.user({ roleId: roleIds.Partner, partnerId: partnerIds['Acme Logistics'] });
    const answer = await server.api('PUT', `/api/v1/partner-users/${acmeUser.id}`, { token: token(ACME_ADMIN), body: { ...names, ...smuggled } });
    expect(answer.status).toBeLessThan(500);
    expect(await rolesHeldBy(acmeUser.id)).toEqual(['Partner']);
    expect(await rolesHeldBy(assigner.id)).toEqual([assigner.role.name]);
  });

  it('the top role may give any role, the top role included', async () => {
    const { target, low } = await assignerAndTarget();
    expectEnvelope(await setRoles(target.id, [{ roleId: roleIds.Admin, enabled: true }], token(ADMIN)), 200);
    expect(await rolesHeldBy(target.id)).toEqual(sorted(['Admin', low.name]));
    expectEnvelope(await setRoles(target.id, [{ roleId: roleIds.Admin, enabled: false }], token(ADMIN)), 200);
    expect(await rolesHeldBy(target.id)).toEqual([low.name]);
  });
});
