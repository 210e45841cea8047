import { HttpTransportType, HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { HUB_PATH, HUB_SIGN_IN_ENDED_CLOSE } from '../../contract/realtime';
import type { TokenResponse } from '../../contract/tokens';
import { auditTrails } from '../../server/db/schema';
import { useDemoServer, unique } from './factories';
import { rootTenant } from './harness';
import { expectScimError, PATCH_OP, partnerWithScim, refusedScim } from './scimFixtures';

/**
 * SCIM `/Users` (issue 37, point 5) with the requests Entra ID and Okta send, as their provisioning documentation
 * shows them: create, look up by userName, update, deactivate (each provider's PATCH shape), reactivate, delete.
 */
const { server, make, roleIds, userIds } = useDemoServer();
const withScim = () => partnerWithScim(server, make, roleIds.PartnerAdmin);

/** Entra ID's create, from "Tutorial: Develop and plan provisioning for a SCIM endpoint" (the address made unique). */
const entraUser = (email: string) => ({
  schemas: ['urn:ietf:params:scim:schemas:core:2.0:User', 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User'],
  externalId: `0a21f0f2-8d2a-4f8e-bf98-${unique('x').slice(-12)}`,
  userName: email,
  active: true,
  emails: [{ primary: true, type: 'work', value: email }],
  meta: { resourceType: 'User' },
  name: { formatted: 'givenName familyName', familyName: 'familyName', givenName: 'givenName' },
  roles: [],
});

/** Okta's create, from its SCIM 2.0 guide (a password and locale it sends are not kept). */
const oktaUser = (email: string) => ({
  schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
  userName: email,
  name: { givenName: 'Test', familyName: 'User' },
  emails: [{ primary: true, value: email, type: 'work' }],
  displayName: 'Test User',
  locale: 'en-US',
  externalId: `00ujl29u0le5T6Aj${unique('o').slice(-6)}`,
  groups: [],
  password: '1mz050nq',
  active: true,
});

const emailOf = () => `${unique('s')}@scim.example`;

describe('Entra ID', () => {
  it('creates a user (201, userName the email), finds it by userName and by externalId, and a second create is 409 uniqueness', async () => {
    const { scim, admin } = await withScim();
    const email = emailOf();
    const body = entraUser(email);
    const created = await scim.post('/Users', body);
    expect(created.status, created.text).toBe(201);
    expect(created.headers.get('content-type')).toMatch(/^application\/scim\+json/);
    expect(created.body).toMatchObject({
      userName: email,
      externalId: body.externalId,
      active: true,
      name: { givenName: 'givenName', familyName: 'familyName' },
    });
    expect(created.body.meta.location).toBe(`${server.config.publicUrl.replace(/\/$/, '')}/scim/v2/Users/${created.body.id}`);

    const byName = await scim.get(`/Users?filter=${encodeURIComponent(`userName eq "${email.toUpperCase()}"`)}`);
    expect(byName.status).toBe(200);
    expect(byName.body).toMatchObject({ schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'], totalResults: 1, startIndex: 1, itemsPerPage: 1 });
    expect(byName.body.Resources[0].id).toBe(created.body.id);
    const both = await scim.get(`/Users?filter=${encodeURIComponent(`externalId eq "${body.externalId}" and userName eq "${email}"`)}`);
    expect(both.body.totalResults).toBe(1);
    const none = await scim.get(`/Users?filter=${encodeURIComponent(`userName eq "nobody-${email}"`)}`);
    expect(none.body).toMatchObject({ totalResults: 0, Resources: [] });

    await refusedScim(server, () => scim.post('/Users', entraUser(email)), 409, 'uniqueness');
    // The partner admin sees the new member among their users.
    const listed = await server.api<{ items: { email: string }[] }>('POST', '/api/v1/partner-users/search', {
      token: admin.token,
      body: { pageNumber: 1, pageSize: 50 },
    });
    expect(listed.body.data!.items.map((u) => u.email)).toContain(email);
  });

  it('PATCH with capitalised ops, a filtered email path and the string "False" updates the name and deactivates', async () => {
    const { scim } = await withScim();
    const created = (await scim.post('/Users', entraUser(emailOf()))).body;
    const renamed = await scim.patch(`/Users/${created.id}`, {
      schemas: [PATCH_OP],
      Operations: [
        { op: 'Replace', path: 'emails[type eq "work"].value', value: 'updatedEmail@microsoft.com' },
        { op: 'Replace', path: 'name.familyName', value: 'updatedFamilyName' },
        { op: 'Add', path: 'name.givenName', value: 'updatedGiven' },
        { op: 'Add', path: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:department', value: 'Sales' },
      ],
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body.name).toMatchObject({ givenName: 'updatedGiven', familyName: 'updatedFamilyName' });
    // userName is the email: the emails attribute does not move it.
    expect(renamed.body.userName).toBe(created.userName);

    const off = await scim.patch(`/Users/${created.id}`, { schemas: [PATCH_OP], Operations: [{ op: 'Replace', path: 'active', value: 'False' }] });
    expect(off.status, off.text).toBe(200);
    expect(off.body.active).toBe(false);
    expect((await scim.get(`/Users/${created.id}`)).body.active).toBe(false);
  });

  it('an operation on an attribute path the schema does not have is 400 invalidPath, nothing changed', async () => {
    const { scim } = await withScim();
    const created = (await scim.post('/Users', entraUser(emailOf()))).body;
    await refusedScim(
      server,
      () =>
        scim.patch(`/Users/${created.id}`, {
          schemas: [PATCH_OP],
          Operations: [
            { op: 'Replace', path: 'name.familyName', value: 'x' },
            { op: 'Replace', path: 'favouriteColour', value: 'x' },
          ],
        }),
      400,
      'invalidPath',
    );
  });
});

describe('Okta', () => {
  it('creates a user, looks it up with paging, replaces it with PUT and deactivates with a PATCH without path', async () => {
    const { scim } = await withScim();
    const email = emailOf();
    const created = await scim.post('/Users', oktaUser(email));
    expect(created.status, created.text).toBe(201);
    expect(created.body).not.toHaveProperty('password');
    const found = await scim.get(`/Users?filter=${encodeURIComponent(`userName eq "${email}"`)}&startIndex=1&count=100`);
    expect(found.body.totalResults).toBe(1);

    const put = await scim.put(`/Users/${created.body.id}`, {
      ...oktaUser(email),
      id: created.body.id,
      externalId: created.body.externalId,
      name: { givenName: 'Renamed', familyName: 'User' },
    });
    expect(put.status, put.text).toBe(200);
    expect(put.body.name.givenName).toBe('Renamed');

    const off = await scim.patch(`/Users/${created.body.id}`, { schemas: [PATCH_OP], Operations: [{ op: 'replace', value: { active: false } }] });
    expect(off.status, off.text).toBe(200);
    expect(off.body.active).toBe(false);
    const on = await scim.patch(`/Users/${created.body.id}`, { schemas: [PATCH_OP], Operations: [{ op: 'replace', value: { active: true } }] });
    expect(on.body.active).toBe(true);
  });

  it('pages with startIndex and count over the partner’s users only', async () => {
    const { scim, admin } = await withScim();
    for (let i = 0; i < 3; i++) expect((await scim.post('/Users', oktaUser(emailOf()))).status).toBe(201);
    const first = await scim.get('/Users?startIndex=1&count=2');
    // The partner's admin and the three provisioned: four, and no one of another organisation.
    expect(first.body).toMatchObject({ totalResults: 4, startIndex: 1, itemsPerPage: 2 });
    const second = await scim.get('/Users?startIndex=3&count=2');
    expect(second.body).toMatchObject({ totalResults: 4, startIndex: 3, itemsPerPage: 2 });
    const ids = [...first.body.Resources, ...second.body.Resources].map((r: { id: string }) => r.id);
    expect(new Set(ids).size).toBe(4);
    expect(ids).toContain(admin.id);
  });
});

describe('filters', () => {
  it('a filter other than equality joined by and is 400 invalidFilter', async () => {
    const { scim } = await withScim();
    for (const filter of [
      'userName co "a"',
      'userName eq "a" or userName eq "b"',
      'not (userName eq "a")',
      'title eq "x"',
      'userName eq "unterminated',
      'userName eq',
    ])
      expectScimError(await scim.get(`/Users?filter=${encodeURIComponent(filter)}`), 400, 'invalidFilter');
  });
});

describe('one partner’s provisioning', () => {
  it('never reaches a user of another partner or a staff user: 404, and they are not listed', async () => {
    const mine = await withScim();
    const theirs = await withScim();
    const theirUser = (await theirs.scim.post('/Users', entraUser(emailOf()))).body;
    for (const id of [theirUser.id, userIds['admin@example.com'], userIds['partner@acme.example']]) {
      expectScimError(await mine.scim.get(`/Users/${id}`), 404);
      await refusedScim(server, () => mine.scim.patch(`/Users/${id}`, { schemas: [PATCH_OP], Operations: [{ op: 'replace', value: { active: false } }] }), 404);
      await refusedScim(server, () => mine.scim.put(`/Users/${id}`, oktaUser(emailOf())), 404);
      await refusedScim(server, () => mine.scim.delete(`/Users/${id}`), 404);
    }
    const filtered = await mine.scim.get(`/Users?filter=${encodeURIComponent(`userName eq "${theirUser.userName}"`)}`);
    expect(filtered.body.totalResults).toBe(0);
  });

  it('an email a user of another organisation holds is 409 uniqueness, on create and on a change of userName, nothing changed', async () => {
    const { scim } = await withScim();
    await refusedScim(server, () => scim.post('/Users', entraUser('partner@globex.example')), 409, 'uniqueness');
    await refusedScim(server, () => scim.post('/Users', oktaUser('ADMIN@example.com')), 409, 'uniqueness');
    const mine = (await scim.post('/Users', oktaUser(emailOf()))).body;
    await refusedScim(
      server,
      () => scim.patch(`/Users/${mine.id}`, { schemas: [PATCH_OP], Operations: [{ op: 'replace', path: 'userName', value: 'support@example.com' }] }),
      409,
      'uniqueness',
    );
  });

  it('DELETE soft-deletes: 204, then 404, gone from lists, and the change is audited', async () => {
    const { scim, admin } = await withScim();
    const created = (await scim.post('/Users', oktaUser(emailOf()))).body;
    const deleted = await scim.delete(`/Users/${created.id}`);
    expect(deleted.status).toBe(204);
    expectScimError(await scim.get(`/Users/${created.id}`), 404);
    const rows = await server.built.database.db
      .select({ type: auditTrails.type, userId: auditTrails.userId })
      .from(auditTrails)
      .where(and(eq(auditTrails.tableName, 'users'), eq(auditTrails.primaryKey, created.id)));
    expect(rows.map((r) => r.type).sort()).toEqual(['Create', 'Delete']);
    // The actor is the admin who made the token.
    expect(rows.every((r) => r.userId === admin.id)).toBe(true);
  });
});

describe('deactivation', () => {
  const refresh = (pair: TokenResponse) =>
    server.api<TokenResponse>('POST', '/api/token/refresh', { body: { token: pair.token, refreshToken: pair.refreshToken }, headers: rootTenant });

  it('active false ends every sign-in at once: refresh refused, the open hub connection closed, sign-in refused; active true restores sign-in', async () => {
    const { scim, partner } = await withScim();
    const member = await make.user({ partnerId: partner.id, roleId: roleIds.Partner });
    const second = await server.signIn(member.email, member.password);
    const connection = new HubConnectionBuilder()
      .withUrl(`${server.url}${HUB_PATH}`, { transport: HttpTransportType.WebSockets, accessTokenFactory: () => member.token })
      .configureLogging(LogLevel.None)
      .build();
    await connection.start();
    try {
      const closed = new Promise<Error | undefined>((resolve) => connection.onclose(resolve));
      const off = await scim.patch(`/Users/${member.id}`, { schemas: [PATCH_OP], Operations: [{ op: 'Replace', path: 'active', value: 'False' }] });
      expect(off.status, off.text).toBe(200);
      // The hub tells the open browser its sign-in ended, the close on which the app leaves for the sign-in page.
      expect((await closed)?.message).toContain(HUB_SIGN_IN_ENDED_CLOSE);
      expect((await server.api('GET', '/api/users/profile', { token: second.token })).status).toBe(401);
      expect((await refresh(member.session)).status).toBe(401);
      expect((await refresh(second)).status).toBe(401);
      const signIn = await server.api('POST', '/api/token', { body: { email: member.email, password: member.password }, headers: rootTenant });
      expect(signIn.status).not.toBe(200);

      const on = await scim.patch(`/Users/${member.id}`, { schemas: [PATCH_OP], Operations: [{ op: 'replace', value: { active: true } }] });
      expect(on.body.active).toBe(true);
      const again = await server.api('POST', '/api/token', { body: { email: member.email, password: member.password }, headers: rootTenant });
      expect(again.status, again.text).toBe(200);
      // The sign-ins ended with the deactivation stay ended: reactivating gives back sign-in, not the old sessions.
      expect((await refresh(member.session)).status).toBe(401);
      expect((await server.api('GET', '/api/users/profile', { token: second.token })).status).toBe(401);
    } finally {
      await connection.stop();
    }
  });
});
