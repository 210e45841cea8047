import { afterEach, describe, expect, it, vi } from 'vitest';
import { permission } from '../../contract/permissions';
import { ACCESS_TOKEN_SECONDS } from '../../contract/tokens';
import { signAccessToken, verifyAccessToken } from '../../server/core/jwt';
import { loadPrincipal } from '../../server/modules/accounts/principal';
import { expectEnvelope } from './expectations';
import { useDemoServer } from './factories';

/**
 * The guard keeps verified tokens (until their exp) and principals (until an event says they changed): a
 * change of access shows on the very next request, and nothing kept outlives what it stands for.
 */
const { server, token, make } = useDemoServer();
const ADMIN = 'admin@example.com';
const SEARCH = permission('Partners', 'Search');
const VIEW_DASHBOARD = permission('Dashboard', 'View');

const permissionsOf = async (accessToken: string) => (await server.api<string[]>('GET', '/api/v1/users/permissions', { token: accessToken })).body.data;
const search = (accessToken: string) => server.api('POST', '/api/v1/partners/search', { token: accessToken, body: {} });

describe('verified tokens', () => {
  const secret = new TextEncoder().encode('a secret only these tests use, long enough');
  const claims = { sub: '00000000-0000-4000-8000-000000000001', fullName: 'A', email: 'a@example.com', role: 'r', partnerId: null, phone: null, avatar: null };
  afterEach(() => vi.useRealTimers());

  it('a token verified (and kept) before its exp is refused as expired once the exp has passed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const issued = Date.now();
    const kept = await signAccessToken(secret, claims, issued);
    expect(await verifyAccessToken(secret, kept)).toMatchObject({ ok: true, claims: { sub: claims.sub } });
    vi.setSystemTime(issued + ACCESS_TOKEN_SECONDS * 1000 + 1000);
    expect(await verifyAccessToken(secret, kept)).toEqual({ ok: false, expired: true });
    // The refresh call reads an expired token's claims on purpose.
    expect(await verifyAccessToken(secret, kept, { ignoreExpiry: true })).toMatchObject({ ok: true, claims: { sub: claims.sub } });
  });

  it('a token signed with another secret is refused, even when a token of the same claims was verified', async () => {
    const genuine = await signAccessToken(secret, claims);
    expect((await verifyAccessToken(secret, genuine)).ok).toBe(true);
    const forged = await signAccessToken(new TextEncoder().encode('someone else entirely, also long enough'), claims);
    expect(await verifyAccessToken(secret, forged)).toEqual({ ok: false, expired: false });
    const [header, payload] = genuine.split('.');
    expect(await verifyAccessToken(secret, `${header}.${payload}.${'A'.repeat(43)}`)).toEqual({ ok: false, expired: false });
  });
});

describe('principal changes take effect on the next request', () => {
  it('a permission removed from the role: the next request is refused (403) and the list no longer holds it', async () => {
    const holder = await make.userWith([SEARCH, VIEW_DASHBOARD]);
    expectEnvelope(await search(holder.token), 200);
    expect(await permissionsOf(holder.token)).toEqual([VIEW_DASHBOARD, SEARCH].sort());
    expectEnvelope(
      await server.api('PUT', `/api/v1/roles/${holder.role.id}/permissions`, { token: token(ADMIN), body: { permissions: [VIEW_DASHBOARD] } }),
      200,
    );
    expectEnvelope(await search(holder.token), 403);
    expect(await permissionsOf(holder.token)).toEqual([VIEW_DASHBOARD]);
  });

  it('a role given to a user: its permissions count on the next request', async () => {
    const user = await make.userWith([VIEW_DASHBOARD]);
    const searcher = await make.role({ permissions: [SEARCH] });
    expectEnvelope(await search(user.token), 403);
    const body = { userRoles: [{ roleId: searcher.id, enabled: true }] };
    expectEnvelope(await server.api('POST', `/api/v1/users/${user.id}/roles`, { token: token(ADMIN), body }), 200);
    expectEnvelope(await search(user.token), 200);
  });

  it("a deactivated user's token, verified and kept, is refused at once (401)", async () => {
    const user = await make.userWith([SEARCH]);
    expectEnvelope(await search(user.token), 200);
    expectEnvelope(await server.api('POST', `/api/v1/users/${user.id}/toggle-status`, { token: token(ADMIN) }), 200);
    expectEnvelope(await search(user.token), 401);
    // Reactivated, the user signs in again; the sign-in the deactivation ended stays ended.
    expectEnvelope(await server.api('POST', `/api/v1/users/${user.id}/toggle-status`, { token: token(ADMIN) }), 200);
    expectEnvelope(await search(user.token), 401);
    expectEnvelope(await search((await server.signIn(user.email, user.password)).token), 200);
  });

  it("a deleted user's token, verified and kept, is refused at once (401)", async () => {
    const user = await make.userWith([SEARCH]);
    expectEnvelope(await search(user.token), 200);
    expectEnvelope(await server.api('DELETE', `/api/v1/users/${user.id}`, { token: token(ADMIN) }), 200);
    expectEnvelope(await search(user.token), 401);
  });
});

describe('the principal in one query', () => {
  it('names the top role (smallest priority) and holds the union of every role’s permissions', async () => {
    const user = await make.userWith([SEARCH], { priority: 900 });
    const higher = await make.role({ permissions: [VIEW_DASHBOARD], priority: 800 });
    const body = { userRoles: [{ roleId: higher.id, enabled: true }] };
    expectEnvelope(await server.api('POST', `/api/v1/users/${user.id}/roles`, { token: token(ADMIN), body }), 200);
    const principal = await loadPrincipal(server.built.ctx.db, user.id);
    expect(principal).toMatchObject({ id: user.id, email: user.email, fullName: 'Factory User', role: higher.name, rank: 800, partnerId: null });
    expect([...principal!.permissions]).toEqual([VIEW_DASHBOARD, SEARCH].sort());
  });

  it('a user without roles has no permissions and the lowest rank; an inactive one is nobody', async () => {
    const user = await make.userWith([SEARCH]);
    expectEnvelope(
      await server.api('POST', `/api/v1/users/${user.id}/roles`, { token: token(ADMIN), body: { userRoles: [{ roleId: user.role.id, enabled: false }] } }),
      200,
    );
    expect(await loadPrincipal(server.built.ctx.db, user.id)).toMatchObject({ role: null, rank: Number.MAX_SAFE_INTEGER, permissions: new Set() });
    expectEnvelope(await server.api('POST', `/api/v1/users/${user.id}/toggle-status`, { token: token(ADMIN) }), 200);
    expect(await loadPrincipal(server.built.ctx.db, user.id)).toBeNull();
  });
});
