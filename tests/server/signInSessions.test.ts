import { HttpTransportType, HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_ENDED_CHALLENGE } from '../../contract/http';
import { permission } from '../../contract/permissions';
import { HUB_PATH } from '../../contract/realtime';
import type { SignInDto } from '../../contract/signIns';
import type { TokenResponse } from '../../contract/tokens';
import apiEn from '../../i18n/api.en';
import { buildApp, type BuiltApp } from '../../server/app';
import { auditTrails, signIns } from '../../server/db/schema';
import { findUserById, issueSession } from '../../server/modules/accounts/session';
import { expectEnvelope, jwtPayload } from './expectations';
import { useDemoServer } from './factories';
import { linkIn, rootTenant } from './harness';

/**
 * Sessions people can see (issue 26, point 3): each sign-in is listed with its device and address, and ending one
 * (by its user or by staff with the Users permission) fails its refresh, refuses its access token at once and closes
 * its hub connections, on every instance.
 */
const demo = useDemoServer();
const { server, make, sessions, userIds } = demo;

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const signIn = async (email: string, password: string, userAgent: string) => {
  const answer = await server.api<TokenResponse>('POST', '/api/token', { body: { email, password }, headers: { ...rootTenant, 'user-agent': userAgent } });
  expect(answer.status, answer.text).toBe(200);
  return answer.body.data!;
};
const refresh = (pair: TokenResponse) =>
  server.api<TokenResponse>('POST', '/api/token/refresh', { body: { token: pair.token, refreshToken: pair.refreshToken }, headers: rootTenant });
const mySessions = (token: string) => server.api<SignInDto[]>('GET', '/api/account/sessions', { token });
const profile = (token: string) => server.api('GET', '/api/users/profile', { token });
const sidOf = (pair: TokenResponse) => jwtPayload(pair.token).sid as string;

/** A factory user signed in twice through the sign-in route, from a PC and a phone. */
async function userOnTwoDevices() {
  const user = await make.user();
  const pc = await signIn(user.email, user.password, FIREFOX);
  const phone = await signIn(user.email, user.password, IPHONE);
  return { user, pc, phone };
}

describe('own sessions', () => {
  it('lists each sign-in with its User-Agent, address, times and method, this one marked; other users left out', async () => {
    const { pc, phone } = await userOnTwoDevices();
    const answer = await mySessions(pc.token);
    expect(answer.status).toBe(200);
    const byId = new Map(answer.body.data!.map((s) => [s.id, s]));
    // The factory's own session (no User-Agent) and the two sign-ins; nobody else's.
    expect(answer.body.data).toHaveLength(3);
    expect(byId.get(sidOf(pc))).toMatchObject({ userAgent: FIREFOX, current: true, method: 'password', impersonator: null });
    expect(byId.get(sidOf(phone))).toMatchObject({ userAgent: IPHONE, current: false });
    expect(byId.get(sidOf(pc))!.address).toMatch(/127\.0\.0\.1/);
    expect(Date.parse(byId.get(sidOf(pc))!.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(byId.has(sidOf(sessions['admin@example.com']))).toBe(false);
  });

  it('ending one: its refresh is refused, its access token answers 401 at once saying the sign-in ended, the others live on; audited', async () => {
    const { user, pc, phone } = await userOnTwoDevices();
    expect((await profile(phone.token)).status).toBe(200);
    const ended = await server.api('POST', `/api/account/sessions/${sidOf(phone)}/end`, { token: pc.token });
    expect(ended.status, ended.text).toBe(200);
    const refusedAnswer = await profile(phone.token);
    expectEnvelope(refusedAnswer, 401, apiEn.auth.signInEnded);
    expect(refusedAnswer.headers.get('www-authenticate')).toBe(SIGN_IN_ENDED_CHALLENGE);
    expect((await refresh(phone)).status).toBe(401);
    expect((await profile(pc.token)).status).toBe(200);
    expect((await refresh(pc)).status).toBe(200);
    expect((await mySessions(user.token)).body.data!.map((s) => s.id)).not.toContain(sidOf(phone));
    const audit = await server.built.database.db
      .select()
      .from(auditTrails)
      .where(and(eq(auditTrails.tableName, 'sign_ins'), eq(auditTrails.primaryKey, sidOf(phone))));
    expect(audit.map((row) => row.userId)).toEqual([user.id]);
    // Ended already: nothing left to end.
    expect((await server.api('POST', `/api/account/sessions/${sidOf(phone)}/end`, { token: pc.token })).status).toBe(404);
  });

  it('ending every other keeps this one', async () => {
    const { user, pc, phone } = await userOnTwoDevices();
    const ended = await server.api<string[]>('POST', '/api/account/sessions/end-others', { token: pc.token });
    expect(ended.status).toBe(200);
    expect([...ended.body.data!].sort()).toEqual([sidOf(phone), jwtPayload(user.token).sid].sort());
    expect((await profile(phone.token)).status).toBe(401);
    expect((await profile(user.token)).status).toBe(401);
    expect((await profile(pc.token)).status).toBe(200);
    expect((await mySessions(pc.token)).body.data!.map((s) => s.id)).toEqual([sidOf(pc)]);
  });

  it("another user's sign-in, an unknown id and odd ids answer 404, never 500, and change nothing", async () => {
    const { pc } = await userOnTwoDevices();
    const other = await make.user();
    const before = await server.snapshot();
    for (const id of [jwtPayload(other.token).sid as string, crypto.randomUUID(), 'toString', '__proto__', 'constructor', '%20', 'a'.repeat(100)]) {
      const answer = await server.api('POST', `/api/account/sessions/${encodeURIComponent(id)}/end`, { token: pc.token });
      expect([404], `${id}: ${answer.text}`).toContain(answer.status);
    }
    expect(await server.snapshot()).toBe(before);
    expect((await profile(other.token)).status).toBe(200);
  });

  it('signing out ends the sign-in: gone from the list, its access token refused', async () => {
    const { user, phone } = await userOnTwoDevices();
    expect((await server.api('POST', '/api/token/revoke', { body: { refreshToken: phone.refreshToken }, headers: rootTenant })).status).toBe(200);
    expect((await profile(phone.token)).status).toBe(401);
    expect((await mySessions(user.token)).body.data!.map((s) => s.id)).not.toContain(sidOf(phone));
  });

  it('a password reset by mail ends every sign-in at once: their access tokens answer 401, the list is empty', async () => {
    const { user, pc, phone } = await userOnTwoDevices();
    // The server has checked (and keeps) these sign-ins as live.
    for (const token of [pc.token, phone.token, user.token]) expect((await profile(token)).status).toBe(200);
    expect((await server.api('POST', '/api/users/forgot-password', { body: { email: user.email } })).status).toBe(200);
    const link = linkIn(
      server
        .outbox()
        .filter((mail) => mail.includes(user.email))
        .at(-1)!,
    );
    const reset = await server.api('POST', '/api/users/reset-password', {
      body: { email: user.email, token: link.searchParams.get('token'), password: 'Lantern-orbit-quilt-47' },
    });
    expect(reset.status, reset.text).toBe(200);
    for (const token of [pc.token, phone.token, user.token]) expect((await profile(token)).status).toBe(401);
    const fresh = await signIn(user.email, 'Lantern-orbit-quilt-47', FIREFOX);
    expect((await mySessions(fresh.token)).body.data!.map((s) => s.id)).toEqual([sidOf(fresh)]);
  });

  it('a refresh moves last active, at most once a minute', async () => {
    const { pc } = await userOnTwoDevices();
    const { db } = server.built.database;
    const lastActive = async () =>
      (
        await db
          .select()
          .from(signIns)
          .where(eq(signIns.id, sidOf(pc)))
      )[0]!.lastActiveAt.getTime();
    await db
      .update(signIns)
      .set({ lastActiveAt: sql`now() - interval '5 minutes'` })
      .where(eq(signIns.id, sidOf(pc)));
    const old = await lastActive();
    const next = (await refresh(pc)).body.data!;
    const moved = await lastActive();
    expect(moved).toBeGreaterThan(old + 4 * 60_000);
    expect((await refresh(next)).status).toBe(200);
    expect(await lastActive()).toBe(moved);
  });

  it('an impersonated sign-in names its impersonator, reason and end', async () => {
    const user = await make.user();
    const endsAt = new Date(Date.now() + 10 * 60_000);
    const row = (await findUserById(server.built.database.db, user.id))!;
    const meta = {
      userAgent: FIREFOX,
      address: '10.0.0.1',
      method: 'impersonation' as const,
      // Only a holder of Users.Impersonate (seeded on Admin) signs an impersonation's tokens.
      impersonatorId: userIds['admin@example.com'],
      reason: 'Ticket 42',
      endsAt,
    };
    const impersonated = await issueSession(server.built.database.db, server.config.jwtSecret, row, meta);
    const listed = (await mySessions(user.token)).body.data!.find((s) => s.id === sidOf(impersonated));
    expect(listed).toMatchObject({
      method: 'impersonation',
      impersonator: { id: userIds['admin@example.com'], fullName: 'Ada Admin' },
      reason: 'Ticket 42',
      endsAt: endsAt.toISOString(),
    });
  });
});

describe("staff and a user's sessions", () => {
  it('Users.View lists them, Users.Update ends one (its token 401 at once, audited under staff), without the permission 403', async () => {
    const { user, phone } = await userOnTwoDevices();
    const viewer = await make.userWith([permission('Users', 'View')]);
    const listed = await server.api<SignInDto[]>('GET', `/api/users/${user.id}/sessions`, { token: viewer.token });
    expect(listed.status).toBe(200);
    expect(listed.body.data!.map((s) => s.id)).toContain(sidOf(phone));
    expect(listed.body.data!.every((s) => !s.current)).toBe(true);
    expect((await server.api('POST', `/api/users/${user.id}/sessions/${sidOf(phone)}/end`, { token: viewer.token })).status).toBe(403);
    const nobody = await make.userWith([]);
    expect((await server.api('GET', `/api/users/${user.id}/sessions`, { token: nobody.token })).status).toBe(403);

    const admin = sessions['admin@example.com'].token;
    const ended = await server.api('POST', `/api/users/${user.id}/sessions/${sidOf(phone)}/end`, { token: admin });
    expect(ended.status, ended.text).toBe(200);
    expect((await profile(phone.token)).status).toBe(401);
    expect((await refresh(phone)).status).toBe(401);
    const audit = await server.built.database.db
      .select()
      .from(auditTrails)
      .where(eq(auditTrails.primaryKey, sidOf(phone)));
    expect(audit.map((row) => row.userId)).toEqual([userIds['admin@example.com']]);
  });

  it("a sign-in of another user, and odd ids, answer 404 under a user's path", async () => {
    const { user } = await userOnTwoDevices();
    const other = await make.user();
    const admin = sessions['admin@example.com'].token;
    const before = await server.snapshot();
    for (const sid of [jwtPayload(other.token).sid as string, 'toString', '__proto__', 'constructor']) {
      const answer = await server.api('POST', `/api/users/${user.id}/sessions/${sid}/end`, { token: admin });
      expect(answer.status, `${sid}: ${answer.text}`).toBe(404);
    }
    for (const id of ['toString', '__proto__', crypto.randomUUID()]) {
      expect((await server.api('GET', `/api/users/${id}/sessions`, { token: admin })).status).toBe(404);
    }
    expect(await server.snapshot()).toBe(before);
  });

  it("a partner admin sees and ends their partner's users' sessions, never staff's or another partner's (404)", async () => {
    const partnerAdmin = sessions['partner.admin@acme.example'].token;
    const colleague = await make.user({ partnerId: demo.partnerIds['Acme Logistics'] });
    const outsider = await make.user({ partnerId: demo.partnerIds['Globex Trading'] });
    const seen = await server.api<SignInDto[]>('GET', `/api/partner-users/${colleague.id}/sessions`, { token: partnerAdmin });
    expect(seen.status, seen.text).toBe(200);
    expect(seen.body.data!.map((s) => s.id)).toEqual([jwtPayload(colleague.token).sid]);
    for (const path of [`/api/partner-users/${outsider.id}/sessions`, `/api/partner-users/${userIds['admin@example.com']}/sessions`]) {
      expect((await server.api('GET', path, { token: partnerAdmin })).status).toBe(404);
    }
    const ended = await server.api('POST', `/api/partner-users/${colleague.id}/sessions/${jwtPayload(colleague.token).sid}/end`, { token: partnerAdmin });
    expect(ended.status, ended.text).toBe(200);
    expect((await profile(colleague.token)).status).toBe(401);
  });

  it('a user ranking at or above one is not theirs to end (403)', async () => {
    const { user, phone } = await userOnTwoDevices();
    const manager = await make.userWith([permission('Users', 'View'), permission('Users', 'Update')], { priority: 900 });
    expect((await server.api('POST', `/api/users/${user.id}/sessions/${sidOf(phone)}/end`, { token: manager.token })).status).toBe(403);
    expect((await profile(phone.token)).status).toBe(200);
  });
});

describe('two instances on one database', () => {
  let second: BuiltApp;
  let secondUrl: string;

  beforeAll(async () => {
    second = await buildApp(server.config, { logger: false });
    await second.app.listen({ port: 0, host: '127.0.0.1' });
    const address = second.app.server.address();
    secondUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => second?.app.close());

  it('ending a sign-in on one instance refuses its token on the other at once and closes its hub connection there', async () => {
    const { pc, phone } = await userOnTwoDevices();
    const onSecond = (token: string) => fetch(`${secondUrl}/api/users/profile`, { headers: { authorization: `Bearer ${token}` } });
    // The second instance has checked (and keeps) the phone's sign-in as live.
    expect((await onSecond(phone.token)).status).toBe(200);
    const connection = new HubConnectionBuilder()
      .withUrl(`${secondUrl}${HUB_PATH}`, { transport: HttpTransportType.WebSockets, accessTokenFactory: () => phone.token })
      .configureLogging(LogLevel.None)
      .build();
    await connection.start();
    const kept = new HubConnectionBuilder()
      .withUrl(`${secondUrl}${HUB_PATH}`, { transport: HttpTransportType.WebSockets, accessTokenFactory: () => pc.token })
      .configureLogging(LogLevel.None)
      .build();
    await kept.start();
    try {
      const closed = new Promise<Error | undefined>((resolve) => connection.onclose(resolve));
      const ended = await server.api('POST', `/api/account/sessions/${sidOf(phone)}/end`, { token: pc.token });
      expect(ended.status).toBe(200);
      // The end answers once every instance heard it: no waiting for a cache to expire.
      expect((await onSecond(phone.token)).status).toBe(401);
      expect((await onSecond(pc.token)).status).toBe(200);
      expect((await closed)?.message).toMatch(/sign-in has ended/);
      expect(kept.state).toBe('Connected');
      // Nor may the ended sign-in's token open another connection.
      const again = await fetch(`${secondUrl}${HUB_PATH}/negotiate?negotiateVersion=1`, {
        method: 'POST',
        headers: { authorization: `Bearer ${phone.token}` },
      });
      expect(again.status).toBe(401);
    } finally {
      await Promise.all([connection.stop(), kept.stop()]);
    }
  });
});
