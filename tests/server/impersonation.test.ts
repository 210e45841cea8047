import { and, desc, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpTransportType, HubConnectionBuilder, LogLevel, type HubConnection } from '@microsoft/signalr';
import type { StaffDashboardDto } from '../../contract/dashboard';
import type { PagedResult } from '../../contract/envelope';
import type { NotificationDto } from '../../contract/notifications';
import { permission } from '../../contract/permissions';
import { HUB_PATH } from '../../contract/realtime';
import type { ImpersonationTokens } from '../../contract/schemas/impersonation';
import type { AccessTokenClaims, TokenResponse } from '../../contract/tokens';
import { auditTrails, rolePermissions, signIns, users } from '../../server/db/schema';
import { expectEnvelope } from './expectations';
import { useDemoServer } from './factories';
import { rootTenant } from './harness';

const { server, make, roleIds, partnerIds, userIds, token } = useDemoServer();

const admin = () => token('admin@example.com');
const db = () => server.built.database.db;
const IMPERSONATE = permission('Users', 'Impersonate');

const impersonate = (id: string, as: string, body: unknown = { reason: 'Ticket 42: the partner cannot see their form', minutes: 10 }) =>
  server.api<ImpersonationTokens>('POST', `/api/v1/users/${id}/impersonate`, { token: as, body });
const refresh = (pair: TokenResponse) =>
  server.api<TokenResponse>('POST', '/api/token/refresh', { headers: rootTenant, body: { token: pair.token, refreshToken: pair.refreshToken } });
const requestsAuditedFor = (impersonatedId: string) =>
  db()
    .select()
    .from(auditTrails)
    .where(and(eq(auditTrails.tableName, 'impersonation'), eq(auditTrails.primaryKey, impersonatedId), eq(auditTrails.type, 'Request')))
    .orderBy(desc(auditTrails.dateTime));

const acmePartner = () => make.user({ roleId: roleIds.Partner, partnerId: partnerIds['Acme Logistics'], firstName: 'Pat', lastName: 'Partner' });

const WITHDRAWN = 'The impersonation has ended: its impersonator may no longer impersonate.';

const clients: HubConnection[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.stop().catch(() => {})));
});

/** The official client over WebSockets, with its own timeouts (this server pings at its default pace). */
async function connect(accessToken: string) {
  const connection = new HubConnectionBuilder()
    .withUrl(`${server.url}${HUB_PATH}`, { transport: HttpTransportType.WebSockets, accessTokenFactory: () => accessToken })
    .configureLogging(LogLevel.None)
    .build();
  clients.push(connection);
  await connection.start();
  return connection;
}
const negotiate = (accessToken: string) =>
  fetch(`${server.url}${HUB_PATH}/negotiate?negotiateVersion=1`, { method: 'POST', headers: { authorization: `Bearer ${accessToken}` } });

async function started(id: string, as = admin()) {
  const answer = await impersonate(id, as);
  expectEnvelope(answer, 200);
  return answer.body.data!;
}

describe('impersonation for support', () => {
  it("an admin impersonates a partner's user: the token names both, every request is audited with both, and the user sees it", async () => {
    const target = await acmePartner();
    const before = Date.now();
    const tokens = await started(target.id);
    const claims = decodeJwt(tokens.token) as unknown as AccessTokenClaims;
    expect(claims.sub).toBe(target.id);
    expect(claims.act).toEqual({ sub: userIds['admin@example.com'], fullName: 'Ada Admin' });
    const endsAt = Date.parse(tokens.endsAt);
    expect(endsAt).toBeGreaterThanOrEqual(before + 10 * 60_000 - 1000);
    expect(claims.exp * 1000).toBeLessThanOrEqual(endsAt);

    // The sign-in is recorded for the sessions list, naming the impersonator and the reason.
    const [signIn] = await db().select().from(signIns).where(eq(signIns.id, claims.sid!));
    expect(signIn).toMatchObject({ userId: target.id, method: 'impersonation', impersonatorId: userIds['admin@example.com'] });
    expect(signIn.reason).toContain('Ticket 42');

    // Acting as the partner: their profile, their own partner's data.
    const profile = await server.api<{ email: string }>('GET', '/api/v1/users/profile', { token: tokens.token });
    expectEnvelope(profile, 200);
    expect(profile.body.data!.email).toBe(target.email);
    expectEnvelope(await server.api('GET', `/api/v1/users/${userIds['admin@example.com']}`, { token: tokens.token }), 403);

    const rows = await requestsAuditedFor(target.id);
    expect(rows.map((r) => r.userId)).toEqual([userIds['admin@example.com'], userIds['admin@example.com']]);
    const lines = rows.map((r) => r.newValues as Record<string, unknown>);
    expect(lines).toContainEqual(
      expect.objectContaining({ request: 'GET /api/v1/users/profile', status: 200, impersonatorId: userIds['admin@example.com'], impersonatedId: target.id }),
    );
    expect(lines).toContainEqual(expect.objectContaining({ request: `GET /api/v1/users/${userIds['admin@example.com']}`, status: 403 }));
    expect(String(lines[0].impersonator)).toBe('Ada Admin');
    expect(String(lines[0].impersonated)).toContain(target.email);

    // Both users' audit trails show it (the screen reads this route).
    const trail = await server.api<PagedResult<{ tableName: string; type: string }>>('GET', `/api/v1/users/${target.id}/audit-trails`, { token: admin() });
    expect(trail.body.data!.items.filter((e) => e.tableName === 'impersonation').map((e) => e.type)).toEqual(expect.arrayContaining(['Request', 'Create']));

    // Home's recent activity names the start, not each request.
    const home = await server.api<StaffDashboardDto>('GET', '/api/v1/dashboard', { token: admin() });
    const activity = home.body.data!.recentActivity ?? [];
    expect(activity.filter((a) => a.type === 'Request')).toEqual([]);
    expect(activity.find((a) => a.tableName === 'impersonation' && a.primaryKey === target.id)?.recordName).toContain(target.email);

    // The impersonated user is told, in their inbox.
    const inbox = await server.api<PagedResult<NotificationDto>>('GET', '/api/v1/inbox', { token: target.token });
    const told = inbox.body.data!.items.find((n) => n.kind === 'impersonated');
    expect(told?.title).toBe('Someone from support signed in as you');
    expect(told?.message).toContain('Ada Admin');
    expect(told?.message).toContain('Ticket 42');
  });

  it("the impersonator neither sees nor marks read the user's notice that support signed in as them", async () => {
    const target = await acmePartner();
    const tokens = await started(target.id);
    const inboxOf = async (as: string) => (await server.api<PagedResult<NotificationDto>>('GET', '/api/v1/inbox', { token: as })).body.data!.items;
    const unreadOf = async (as: string) => (await server.api<{ unread: number }>('GET', '/api/v1/inbox/unread-count', { token: as })).body.data!.unread;
    const notice = (await inboxOf(target.token)).find((n) => n.kind === 'impersonated')!;
    expect(notice.readAt).toBeNull();

    expect((await inboxOf(tokens.token)).map((n) => n.kind)).not.toContain('impersonated');
    expect(await unreadOf(tokens.token)).toBe((await unreadOf(target.token)) - 1);
    expectEnvelope(await server.api('POST', `/api/v1/inbox/${notice.id}/read`, { token: tokens.token }), 404);
    expectEnvelope(await server.api('POST', '/api/v1/inbox/read-all', { token: tokens.token }), 200);

    expect((await inboxOf(target.token)).find((n) => n.id === notice.id)?.readAt).toBeNull();
    expect(await unreadOf(target.token)).toBe(1);
  });

  it('impersonating upward or sideways, oneself, an inactive or unknown user is refused and starts nothing', async () => {
    const otherAdmin = await make.user({ roleId: roleIds.Admin });
    const sideways = await impersonate(otherAdmin.id, admin());
    expectEnvelope(sideways, 403);
    expect(sideways.body.message).toBe('You can only impersonate users whose role ranks below yours.');

    const supporter = await make.userWith([IMPERSONATE, permission('Users', 'View')], { priority: 20 });
    expectEnvelope(await impersonate(userIds['admin@example.com'], supporter.token), 403);
    expectEnvelope(await impersonate(userIds['support@example.com'], supporter.token), 403);
    const peer = await make.user({ roleId: supporter.role.id });
    expectEnvelope(await impersonate(peer.id, supporter.token), 403);
    // Downward works for them too.
    expectEnvelope(await impersonate((await acmePartner()).id, supporter.token), 200);

    expectEnvelope(await impersonate(userIds['admin@example.com'], admin()), 403);
    const inactive = await make.user({ roleId: roleIds.Partner, partnerId: partnerIds['Acme Logistics'], active: false });
    const snapshot = await server.snapshot();
    expectEnvelope(await impersonate(inactive.id, admin()), 409);
    expectEnvelope(await impersonate('00000000-0000-4000-8000-000000000000', admin()), 404);
    expectEnvelope(await impersonate('not-an-id', admin()), 404);
    expect(await server.snapshot()).toBe(snapshot);
  });

  it("a partner's user never impersonates, and no partner role can be given the permission", async () => {
    const target = await acmePartner();
    expectEnvelope(await impersonate(target.id, token('partner.admin@acme.example')), 403);

    // Even with the permission slipped into their role behind the editor's back, the route refuses a partner's user.
    const partnerAdminRole = roleIds.PartnerAdmin;
    const partnerAdmin = await make.user({ roleId: partnerAdminRole, partnerId: partnerIds['Acme Logistics'] });
    await db().insert(rolePermissions).values({ roleId: partnerAdminRole, permission: IMPERSONATE });
    try {
      const refused = await impersonate(target.id, partnerAdmin.token);
      expectEnvelope(refused, 403);
      expect(refused.body.message).toBe("A partner's user cannot impersonate anyone.");
    } finally {
      await db()
        .delete(rolePermissions)
        .where(and(eq(rolePermissions.roleId, partnerAdminRole), eq(rolePermissions.permission, IMPERSONATE)));
    }

    // The role editor refuses it on a partner role (seeded, or held by a partner's user) ...
    const current = await server.api<{ permissions: string[] }>('GET', `/api/v1/roles/${roleIds.Partner}/permissions`, { token: admin() });
    const withIt = [...current.body.data!.permissions, IMPERSONATE];
    const onSeeded = await server.api('PUT', `/api/v1/roles/${roleIds.Partner}/permissions`, { token: admin(), body: { permissions: withIt } });
    expectEnvelope(onSeeded, 403);
    expect(onSeeded.body.errors).toEqual([
      { field: 'permissions', message: "This permission is for staff only: it cannot be given to a role held by a partner's users." },
    ]);
    const custom = await make.role({ permissions: [permission('Tickets', 'View')] });
    await make.user({ roleId: custom.id, partnerId: partnerIds['Globex Trading'] });
    const onHeld = await server.api('PUT', `/api/v1/roles/${custom.id}/permissions`, {
      token: admin(),
      body: { permissions: [permission('Tickets', 'View'), IMPERSONATE] },
    });
    expectEnvelope(onHeld, 403);
    // ... and a role carrying it is not given to a partner's user.
    const staffRole = await make.role({ permissions: [IMPERSONATE] });
    const given = await server.api('POST', `/api/v1/users/${target.id}/roles`, {
      token: admin(),
      body: { userRoles: [{ roleId: staffRole.id, enabled: true }] },
    });
    expectEnvelope(given, 403);
    // ... nor registered with one: the user is not created.
    const email = `staff-only-${Date.now()}@register.example`;
    const registered = await server.api('POST', '/api/v1/users/register', {
      token: admin(),
      body: { firstName: 'Staff', lastName: 'Only', email, roleId: staffRole.id, partnerId: partnerIds['Globex Trading'] },
    });
    expectEnvelope(registered, 403);
    expect(await db().select().from(users).where(eq(users.email, email))).toEqual([]);
    // A staff role takes it.
    expectEnvelope(await server.api('PUT', `/api/v1/roles/${custom.id}/permissions`, { token: admin(), body: { permissions: [IMPERSONATE] } }), 403);
    const staffOnly = await make.role({ permissions: [permission('Tickets', 'View')] });
    expectEnvelope(await server.api('PUT', `/api/v1/roles/${staffOnly.id}/permissions`, { token: admin(), body: { permissions: [IMPERSONATE] } }), 200);
  });

  it('while impersonating, credentials stay untouched: password change and a second impersonation are refused, and audited', async () => {
    const target = await acmePartner();
    const tokens = await started(target.id);
    const snapshotBefore = await db().select().from(signIns).where(eq(signIns.userId, target.id));
    const change = await server.api('POST', '/api/v1/users/change-password', {
      token: tokens.token,
      body: { password: target.password, newPassword: 'Violet-Harbour-Kettle-91', confirmNewPassword: 'Violet-Harbour-Kettle-91' },
    });
    expectEnvelope(change, 403);
    expect(change.body.message).toMatch(/^Not while impersonating/);
    // The real user's password still signs them in.
    expectEnvelope(await server.api('POST', '/api/token', { headers: rootTenant, body: { email: target.email, password: target.password } }), 200);

    const other = await acmePartner();
    expectEnvelope(await impersonate(other.id, tokens.token), 403);
    expect(await db().select().from(signIns).where(eq(signIns.userId, other.id))).toHaveLength(1);
    expect((await db().select().from(signIns).where(eq(signIns.userId, target.id))).length).toBe(snapshotBefore.length + 1);

    const rows = await requestsAuditedFor(target.id);
    expect(rows.map((r) => (r.newValues as { request: string; status: number }).status)).toEqual([403, 403]);
  });

  it('every route that changes a way of signing in or ends sign-ins is flagged, and refused while impersonating', async () => {
    const flagged = new Set(
      server.built.routes
        .filter((route) => route.config?.credentials && route.url.startsWith('/api/v1/'))
        .flatMap((route) => [route.method].flat().map((method) => `${method} ${route.url.slice('/api/v1'.length)}`)),
    );
    expect([...flagged].sort()).toEqual(
      [
        'POST /users/change-password',
        'POST /users/:id/impersonate',
        'POST /account/second-factor/enrolment',
        'POST /account/second-factor/confirm',
        'POST /account/second-factor/recovery-codes',
        'POST /account/second-factor/turn-off',
        'POST /users/:id/second-factor/reset',
        'POST /account/passkeys/options',
        'POST /account/passkeys',
        'PUT /account/passkeys/:id',
        'DELETE /account/passkeys/:id',
        'POST /account/sessions/:id/end',
        'POST /account/sessions/end-others',
        'POST /users/:id/sessions/:sid/end',
        'POST /partner-users/:id/sessions/:sid/end',
      ].sort(),
    );
    const target = await acmePartner();
    const tokens = await started(target.id);
    const sid = (decodeJwt(target.token) as unknown as AccessTokenClaims).sid!;
    for (const route of flagged) {
      const [method, path] = route.split(' ');
      const url = `/api/v1${path.replace(':id', target.id).replace(':sid', sid)}`;
      const answer = await server.api(method, url, { token: tokens.token, body: {} });
      expect(answer.status, route).toBe(403);
      expect(answer.body.message, route).toMatch(/^Not while impersonating/);
    }
    // The user's own sign-in was not ended by any of them.
    const [own] = await db().select().from(signIns).where(eq(signIns.id, sid));
    expect(own.endedAt).toBeNull();
  });

  it('an impersonation refreshes within its limit, never after it', async () => {
    const target = await acmePartner();
    const tokens = await started(target.id);
    const renewed = await refresh(tokens);
    expectEnvelope(renewed, 200);
    const claims = decodeJwt(renewed.body.data!.token) as unknown as AccessTokenClaims;
    expect(claims.act?.sub).toBe(userIds['admin@example.com']);
    expect(claims.exp * 1000).toBeLessThanOrEqual(Date.parse(tokens.endsAt));

    await db()
      .update(signIns)
      .set({ endsAt: new Date(Date.now() - 1000) })
      .where(eq(signIns.id, claims.sid!));
    const late = await refresh(renewed.body.data!);
    expectEnvelope(late, 401);
    expect(late.body.message).toBe('The impersonation has reached its time limit.');
  });

  it('an impersonation whose impersonator lost the permission refreshes no more', async () => {
    const supporter = await make.userWith([IMPERSONATE, permission('Users', 'View')], { priority: 20 });
    const tokens = await started((await acmePartner()).id, supporter.token);
    const first = await refresh(tokens);
    expectEnvelope(first, 200);
    const withdrawn = await server.api('PUT', `/api/v1/roles/${supporter.role.id}/permissions`, {
      token: admin(),
      body: { permissions: [permission('Users', 'View')] },
    });
    expectEnvelope(withdrawn, 200);
    expectEnvelope(await refresh(first.body.data!), 401, 'The impersonation has ended: its impersonator may no longer impersonate.');
  });

  it.each([
    ['is deactivated', (supporter: { id: string }) => server.api('POST', `/api/v1/users/${supporter.id}/toggle-status`, { token: admin() })],
    [
      'loses the permission',
      (supporter: { role: { id: string } }) =>
        server.api('PUT', `/api/v1/roles/${supporter.role.id}/permissions`, { token: admin(), body: { permissions: [permission('Users', 'View')] } }),
    ],
  ])('once its impersonator %s, every request of the impersonation is refused: REST, negotiate and its open hub connection', async (_, end) => {
    const supporter = await make.userWith([IMPERSONATE, permission('Users', 'View')], { priority: 20 });
    const target = await acmePartner();
    const tokens = await started(target.id, supporter.token);
    expectEnvelope(await server.api('GET', '/api/v1/users/profile', { token: tokens.token }), 200);
    const connection = await connect(tokens.token);
    const closed = new Promise<Error | undefined>((resolve) => connection.onclose(resolve));

    expectEnvelope(await end(supporter), 200);
    expectEnvelope(await server.api('GET', '/api/v1/users/profile', { token: tokens.token }), 401, WITHDRAWN);
    expectEnvelope(await server.api('POST', '/api/v1/tickets/search', { token: tokens.token, body: {} }), 401, WITHDRAWN);
    const refused = await negotiate(tokens.token);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { message: string }).message).toBe(WITHDRAWN);
    expect((await closed)?.message).toMatch(/impersonation has ended/);
    // The user's own sign-in goes on.
    expectEnvelope(await server.api('GET', '/api/v1/users/profile', { token: target.token }), 200);
    // The refused request is audited too, naming the impersonator.
    const lines = (await requestsAuditedFor(target.id)).map((r) => r.newValues as { request: string; status: number });
    expect(lines).toContainEqual(expect.objectContaining({ request: 'GET /api/v1/users/profile', status: 401 }));
  });

  it('hub use while impersonating is audited as requests are: negotiate, the connection and each call, naming both users', async () => {
    const target = await acmePartner();
    const ticket = await make.ticket(target.token);
    const tokens = await started(target.id);
    const connection = await connect(tokens.token);
    expect(await connection.invoke('JoinTicket', ticket.id)).toBe(true);
    await expect(connection.invoke('JoinTicket', 42)).rejects.toThrow(/ticketId must be/);
    // A browser's WebSocket carries the token in the query: the audit row does not keep it.
    const byQuery = await fetch(`${server.url}${HUB_PATH}/negotiate?negotiateVersion=1&access_token=${tokens.token}`, { method: 'POST' });
    expect(byQuery.status).toBe(200);

    const rows = await requestsAuditedFor(target.id);
    expect(new Set(rows.map((r) => r.userId))).toEqual(new Set([userIds['admin@example.com']]));
    const lines = rows.map((r) => r.newValues as Record<string, unknown>);
    const both = { impersonatorId: userIds['admin@example.com'], impersonatedId: target.id, impersonator: 'Ada Admin' };
    expect(lines).toHaveLength(5);
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ request: `POST ${HUB_PATH}/negotiate?negotiateVersion=1`, status: 200, ...both }),
        expect.objectContaining({ request: 'HUB connect WebSockets', status: 200, ...both }),
        expect.objectContaining({ request: `HUB JoinTicket ["${ticket.id}"]`, status: 200, ...both }),
        expect.objectContaining({ request: 'HUB JoinTicket [42]', status: 400, ...both }),
        expect.objectContaining({ request: `POST ${HUB_PATH}/negotiate?negotiateVersion=1&access_token=[redacted]`, status: 200, ...both }),
      ]),
    );
    expect(lines.every((line) => String(line.impersonated).includes(target.email))).toBe(true);
  });

  it('"return to my account" ends the impersonation; a sign-in of ones own has nothing to end', async () => {
    const target = await acmePartner();
    const tokens = await started(target.id);
    const sid = (decodeJwt(tokens.token) as unknown as AccessTokenClaims).sid!;
    expectEnvelope(await server.api('POST', '/api/v1/token/impersonation/end', { token: tokens.token }), 200);
    const [ended] = await db().select().from(signIns).where(eq(signIns.id, sid));
    expect(ended.endedAt).not.toBeNull();
    expectEnvelope(await refresh(tokens), 401);
    expectEnvelope(await server.api('GET', '/api/v1/users/profile', { token: tokens.token }), 401);
    // The impersonator's own session goes on.
    expectEnvelope(await server.api('GET', '/api/v1/users/profile', { token: admin() }), 200);
    expectEnvelope(await server.api('POST', '/api/v1/token/impersonation/end', { token: admin() }), 409);
  });

  it.each([
    ['a null body', null],
    ['an empty body', {}],
    ['no reason', { minutes: 10 }],
    ['a blank reason', { reason: '   ', minutes: 10 }],
    ['a reason too long', { reason: 'x'.repeat(501), minutes: 10 }],
    ['no minutes', { reason: 'Ticket 7' }],
    ['zero minutes', { reason: 'Ticket 7', minutes: 0 }],
    ['over 30 minutes', { reason: 'Ticket 7', minutes: 31 }],
    ['fractional minutes', { reason: 'Ticket 7', minutes: 2.5 }],
    ['minutes as text', { reason: 'Ticket 7', minutes: 'ten' }],
    ['a list', [1, 2]],
  ])('%s is a 400 that starts nothing', async (_, body) => {
    const target = await acmePartner();
    const answer = await impersonate(target.id, admin(), body);
    expectEnvelope(answer, 400);
    expect(await db().select().from(signIns).where(eq(signIns.userId, target.id))).toHaveLength(1);
  });
});
