import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { permission } from '../../contract/permissions';
import type { UserDto } from '../../contract/users';
import { ssoRoleMappings } from '../../server/db/schema';
import { scimGroupMembers } from '../../server/modules/scim/scim.schema';
import { useDemoServer, unique } from './factories';
import { expectScimError, PATCH_OP, partnerWithScim, refusedScim, type ScimClient } from './scimFixtures';

/**
 * SCIM `/Groups` (issue 37, point 5) with Entra ID's and Okta's documented requests, and groups mapped to roles by
 * sso_role_mappings: a member of a mapped group holds the role, never one above PartnerAdmin nor a staff-only one.
 */
const { server, make, roleIds, token } = useDemoServer();
const withScim = () => partnerWithScim(server, make, roleIds.PartnerAdmin);

const newUser = async (scim: ScimClient) => {
  const email = `${unique('g')}@scim.example`;
  const made = await scim.post('/Users', {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
    userName: email,
    name: { givenName: 'G', familyName: 'M' },
    active: true,
  });
  expect(made.status, made.text).toBe(201);
  return made.body as { id: string; userName: string };
};

/** The role a person of the portal sees beside the user (staff's users list). */
const roleOf = async (userId: string) => (await server.api<UserDto>('GET', `/api/v1/users/${userId}`, { token: token('admin@example.com') })).body.data!.role;

const mapGroup = (partnerId: string, claimValue: string, roleId: string) =>
  server.built.database.db.insert(ssoRoleMappings).values({ partnerId, claimValue, roleId });

describe('Entra ID groups', () => {
  it('creates a group, looks it up without members, adds and removes a member with capitalised ops and value lists', async () => {
    const { scim } = await withScim();
    const user = await newUser(scim);
    const created = await scim.post('/Groups', {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group', 'http://schemas.microsoft.com/2006/11/ResourceManagement/ADSCIM/2.0/Group'],
      externalId: '8aa1a0c0-c4c3-4bc0-b4a5-2ef676900159',
      displayName: 'displayName',
      meta: { resourceType: 'Group' },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ displayName: 'displayName', externalId: '8aa1a0c0-c4c3-4bc0-b4a5-2ef676900159', members: [] });

    const found = await scim.get(`/Groups?excludedAttributes=members&filter=${encodeURIComponent('displayName eq "displayName"')}`);
    expect(found.body.totalResults).toBe(1);
    expect(found.body.Resources[0]).not.toHaveProperty('members');

    const added = await scim.patch(`/Groups/${created.body.id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Add', path: 'members', value: [{ $ref: null, value: user.id }] }],
    });
    expect(added.status, added.text).toBe(200);
    expect(added.body.members.map((m: { value: string }) => m.value)).toEqual([user.id]);
    expect((await scim.get(`/Users/${user.id}`)).body.groups.map((g: { display: string }) => g.display)).toEqual(['displayName']);

    const removed = await scim.patch(`/Groups/${created.body.id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Remove', path: 'members', value: [{ $ref: null, value: user.id }] }],
    });
    expect(removed.body.members).toEqual([]);
    const renamed = await scim.patch(`/Groups/${created.body.id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Replace', path: 'displayName', value: '1879db59-3bdf-4490-ad68-ab880a269474updatedDisplayName' }],
    });
    expect(renamed.body.displayName).toBe('1879db59-3bdf-4490-ad68-ab880a269474updatedDisplayName');
  });
});

describe('Okta groups', () => {
  it('pushes a group, renames it with a PATCH without path, adds a member, removes it by a members filter path, deletes it', async () => {
    const { scim } = await withScim();
    const user = await newUser(scim);
    const created = await scim.post('/Groups', { schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'], displayName: 'Test SCIMv2', members: [] });
    expect(created.status, created.text).toBe(201);
    const id = created.body.id as string;
    const renamed = await scim.patch(`/Groups/${id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'replace', value: { id, displayName: 'Test SCIMv2 renamed' } }],
    });
    expect(renamed.body.displayName).toBe('Test SCIMv2 renamed');
    const added = await scim.patch(`/Groups/${id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'add', path: 'members', value: [{ value: user.id, display: user.userName }] }],
    });
    expect(added.body.members).toEqual([expect.objectContaining({ value: user.id, display: user.userName })]);
    const removed = await scim.patch(`/Groups/${id}`, { schemas: [PATCH_OP], Operations: [{ op: 'remove', path: `members[value eq "${user.id}"]` }] });
    expect(removed.body.members).toEqual([]);
    const put = await scim.put(`/Groups/${id}`, {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'],
      displayName: 'Test SCIMv2',
      members: [{ value: user.id }],
    });
    expect(put.body.members.map((m: { value: string }) => m.value)).toEqual([user.id]);
    expect((await scim.delete(`/Groups/${id}`)).status).toBe(204);
    expectScimError(await scim.get(`/Groups/${id}`), 404);
  });

  it('a second group of the same name is 409 uniqueness; a member of another partner is 400, nothing changed', async () => {
    const mine = await withScim();
    const theirs = await withScim();
    const stranger = await newUser(theirs.scim);
    const group = (await mine.scim.post('/Groups', { displayName: 'Engineering', members: [] })).body;
    await refusedScim(server, () => mine.scim.post('/Groups', { displayName: 'engineering' }), 409, 'uniqueness');
    await refusedScim(
      server,
      () => mine.scim.patch(`/Groups/${group.id}`, { Operations: [{ op: 'add', path: 'members', value: [{ value: stranger.id }] }] }),
      400,
      'invalidValue',
    );
    await refusedScim(
      server,
      () => theirs.scim.patch(`/Groups/${group.id}`, { Operations: [{ op: 'add', path: 'members', value: [{ value: stranger.id }] }] }),
      404,
    );
    expect((await theirs.scim.get('/Groups')).body.totalResults).toBe(0);
  });
});

describe('groups mapped to roles', () => {
  it('a member of a mapped group gets its role and loses it on leaving (back to the default role)', async () => {
    const { scim, partner } = await withScim();
    const user = await newUser(scim);
    expect(await roleOf(user.id)).toBe('Partner');
    await mapGroup(partner.id, 'Portal admins', roleIds.PartnerAdmin);
    const group = (await scim.post('/Groups', { displayName: 'Portal admins', members: [{ value: user.id }] })).body;
    expect(await roleOf(user.id)).toBe('PartnerAdmin');
    await scim.patch(`/Groups/${group.id}`, { schemas: [PATCH_OP], Operations: [{ op: 'Remove', path: 'members', value: [{ value: user.id }] }] });
    expect(await roleOf(user.id)).toBe('Partner');
  });

  it('maps by externalId as well as by displayName', async () => {
    const { scim, partner } = await withScim();
    const user = await newUser(scim);
    await mapGroup(partner.id, 'c0ffee00-0000-4000-8000-000000000001', roleIds.PartnerAdmin);
    await scim.post('/Groups', { displayName: 'Admins by id', externalId: 'c0ffee00-0000-4000-8000-000000000001', members: [{ value: user.id }] });
    expect(await roleOf(user.id)).toBe('PartnerAdmin');
  });

  it('never gives a role above PartnerAdmin nor one carrying a staff-only permission', async () => {
    const { scim, partner } = await withScim();
    const user = await newUser(scim);
    const staffOnly = await make.role({ permissions: [permission('Users', 'Impersonate')], priority: 500 });
    await mapGroup(partner.id, 'Everyone', roleIds.Admin);
    await mapGroup(partner.id, 'Everyone', staffOnly.id);
    await scim.post('/Groups', { displayName: 'Everyone', members: [{ value: user.id }] });
    expect(await roleOf(user.id)).toBe('Partner');
    const [member] = await server.built.database.db.select().from(scimGroupMembers).where(eq(scimGroupMembers.userId, user.id));
    expect(member).toBeDefined();
    await server.built.database.db.delete(ssoRoleMappings).where(eq(ssoRoleMappings.roleId, staffOnly.id));
  });
});
