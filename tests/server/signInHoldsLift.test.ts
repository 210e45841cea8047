import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PagedResult } from '../../contract/envelope';
import { LANGUAGE_HEADER } from '../../contract/http';
import type { TokenResponse } from '../../contract/tokens';
import type { UserDto } from '../../contract/users';
import apiEn from '../../i18n/api.en';
import apiVi from '../../i18n/api.vi';
import { auditTrails } from '../../server/db/schema';
import { expectEnvelope, refused } from './expectations';
import { unique, useDemoServer } from './factories';
import { linkIn, rootTenant } from './harness';

const { server, make, roleIds, partnerIds, token } = useDemoServer();

const signInCall = (email: string, password: string) => server.api<TokenResponse>('POST', '/api/token', { body: { email, password }, headers: rootTenant });
const liftCall = (id: string, as: string, path = 'users') => server.api<UserDto>('POST', `/api/v1/${path}/${encodeURIComponent(id)}/lift-hold`, { token: as });
const listOf = async (as: string, path = 'users') => {
  const answer = await server.api<PagedResult<UserDto>>('POST', `/api/v1/${path}/search`, { token: as, body: { pageNumber: 1, pageSize: 1000 } });
  expectEnvelope(answer, 200);
  return answer.body.data!.items;
};
const auditOf = (key: string) => server.built.database.db.select().from(auditTrails).where(eq(auditTrails.primaryKey, key)).orderBy(desc(auditTrails.dateTime));
/** A mail as read: quoted-printable soft breaks joined, its bytes decoded. */
const unfold = (mail: string) =>
  Buffer.from(
    mail.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
/** The hold mails sent to `email` so far (the made users' emails are unique). */
const holdMailsTo = (email: string) => server.outbox().filter((mail) => mail.includes(email) && unfold(mail).includes('failed sign-in attempts'));

/** Fails sign-in `times` times with wrong passwords; answers the texts, which must be identical for every email. */
async function fail(email: string, times: number) {
  const texts: string[] = [];
  for (let i = 0; i < times; i++) {
    const answer = await signInCall(email, `wrong-${i}-password`);
    texts.push(`${answer.status} ${answer.text}`);
  }
  return texts;
}

/** A Globex Partner, made for one test, held by five failures. */
async function heldPartner() {
  const user = await make.user({ roleId: roleIds.Partner, partnerId: partnerIds['Globex Trading'] });
  await fail(user.email, 5);
  return user;
}

const admin = () => token('admin@example.com');

describe('sign-in holds an admin can lift', () => {
  it('a held account shows until when in the users lists (staff and the partner admin of its partner), in one page read', async () => {
    const user = await heldPartner();
    const before = Date.now();
    const row = (await listOf(admin())).find((u) => u.id === user.id)!;
    expect(row.heldUntil).not.toBeNull();
    const until = Date.parse(row.heldUntil!);
    expect(until).toBeGreaterThan(before + (server.config.limits.signInHoldMinutes - 1) * 60_000);
    expect(until).toBeLessThanOrEqual(before + server.config.limits.signInHoldMinutes * 60_000 + 5_000);
    // Others are not held.
    expect((await listOf(admin())).filter((u) => u.heldUntil !== null).map((u) => u.id)).toEqual([user.id]);
    const one = await server.api<UserDto>('GET', `/api/v1/users/${user.id}`, { token: admin() });
    expect(one.body.data!.heldUntil).toBe(row.heldUntil);
  });

  it('an admin lifts the hold: the right password signs in at once; the lift is audited naming both and announced', async () => {
    const user = await heldPartner();
    expectEnvelope(await signInCall(user.email, user.password), 429, apiEn.auth.signInHeld);
    const heard: unknown[] = [];
    const stop = server.built.ctx.events.subscribe('ResourceChanged', (event) => void heard.push(event));
    try {
      const lifted = await liftCall(user.id, admin());
      expectEnvelope(lifted, 200, apiEn.users.holdLifted);
      expect(lifted.body.data!.heldUntil).toBeNull();
    } finally {
      stop();
    }
    expect(heard).toContainEqual(expect.objectContaining({ resource: 'users', id: user.id, action: 'updated' }));
    expectEnvelope(await signInCall(user.email, user.password), 200);
    const [audit] = await auditOf(user.id);
    expect(audit).toMatchObject({ userId: (await listOf(admin())).find((u) => u.email === 'admin@example.com')!.id, type: 'Update', tableName: 'users' });
    expect(audit.oldValues).toMatchObject({ heldUntil: expect.any(String) });
    expect(audit.newValues).toEqual({ heldUntil: null });
    // Lifting again: the user is not held; 200, and nothing changes (no audit row, no table touched).
    const snapshot = await server.snapshot();
    const again = await liftCall(user.id, admin());
    expectEnvelope(again, 200, apiEn.users.notHeld);
    expect(await server.snapshot()).toBe(snapshot);
  });

  it('the lift answers in Vietnamese too', async () => {
    const user = await heldPartner();
    const answer = await server.api<UserDto>('POST', `/api/v1/users/${user.id}/lift-hold`, { token: admin(), headers: { [LANGUAGE_HEADER]: 'vi' } });
    expectEnvelope(answer, 200, apiVi.users.holdLifted);
  });

  it('needs the Update permission of users (403), and the rank rules of other user changes', async () => {
    const user = await heldPartner();
    const viewer = await make.userWith(['Permissions.Users.View', 'Permissions.Users.Search']);
    expectEnvelope(await refused(server, () => liftCall(user.id, viewer.token)), 403);
    // A Support user with Users.Update ranks below Admin: an Admin is out of reach.
    const updater = await make.userWith(['Permissions.Users.View', 'Permissions.Users.Update'], { priority: 20 });
    const target = await make.user({ roleId: roleIds.Admin });
    await fail(target.email, 5);
    expectEnvelope(await refused(server, () => liftCall(target.id, updater.token)), 403, apiEn.users.outranked);
    expectEnvelope(await liftCall(user.id, updater.token), 200, apiEn.users.holdLifted);
  });

  it("a partner admin lifts holds of their own partner only: another partner's user answers 404, and /users is not theirs (403)", async () => {
    const acme = await make.user({ roleId: roleIds.Partner, partnerId: partnerIds['Acme Logistics'] });
    const globex = await heldPartner();
    await fail(acme.email, 5);
    const partnerAdmin = token('partner.admin@acme.example');
    expect((await listOf(partnerAdmin, 'partner-users')).find((u) => u.id === acme.id)!.heldUntil).not.toBeNull();
    expectEnvelope(await refused(server, () => liftCall(globex.id, partnerAdmin, 'partner-users')), 404, apiEn.users.notFound);
    expectEnvelope(await refused(server, () => liftCall(acme.id, partnerAdmin, 'users')), 403);
    expectEnvelope(await liftCall(acme.id, partnerAdmin, 'partner-users'), 200, apiEn.users.holdLifted);
    expectEnvelope(await signInCall(acme.email, acme.password), 200);
    expectEnvelope(await signInCall(globex.email, globex.password), 429);
  });

  it('odd ids answer 400 or 404 (an overlong one 414), never 500, and change nothing', async () => {
    for (const id of ['__proto__', 'constructor', 'a\u0000b', '00000000-0000-0000-0000-000000000000', "1' or '1'='1", 'x'.repeat(200)]) {
      for (const path of ['users', 'partner-users']) {
        const answer = await refused(server, () => liftCall(id, admin(), path));
        expect([400, 404, 414], `${path} ${JSON.stringify(id)}: ${answer.text}`).toContain(answer.status);
      }
    }
  });

  it('the holder gets one mail per hold, in both languages, whose reset link sets a new password and ends the hold', async () => {
    const user = await make.user({ roleId: roleIds.Partner, partnerId: partnerIds['Globex Trading'] });
    await fail(user.email, 4);
    expect(holdMailsTo(user.email)).toHaveLength(0);
    await fail(user.email, 1);
    // The failures after the hold began (held answers) send nothing more.
    await fail(user.email, 3);
    const mails = holdMailsTo(user.email);
    expect(mails).toHaveLength(1);
    // In both languages (the reader's is unknown), naming until when.
    const text = unfold(mails[0]);
    expect(text).toContain('signing in to your account is held until');
    expect(text).toContain('bị tạm khóa đến');
    expect(text).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
    const link = linkIn(mails[0]);
    expect(link.pathname).toBe('/forgot-password');
    const password = `New-${unique('p')}-Pass1!`;
    const reset = await server.api('POST', '/api/users/reset-password', {
      body: { email: link.searchParams.get('email'), token: link.searchParams.get('token'), password },
    });
    expectEnvelope(reset, 200);
    expectEnvelope(await signInCall(user.email, password), 200);
    // A new hold (after the reset ended the first) mails again, once.
    await fail(user.email, 6);
    expect(holdMailsTo(user.email)).toHaveLength(2);
  });

  it('an unknown email or an inactive account gets no mail, and the sign-in answers stay alike for known and unknown', async () => {
    const known = await make.user({ roleId: roleIds.Partner, partnerId: partnerIds['Globex Trading'] });
    const inactive = await make.user({ roleId: roleIds.Partner, partnerId: partnerIds['Globex Trading'], active: false });
    const ghost = `ghost.${known.email}`;
    const mailsBefore = server.outbox().length;
    const knownTexts = await fail(known.email, 7);
    const ghostTexts = await fail(ghost, 7);
    const inactiveTexts = await fail(inactive.email, 7);
    expect(ghostTexts).toEqual(knownTexts);
    expect(inactiveTexts).toEqual(knownTexts);
    expect(knownTexts.slice(0, 5).every((t) => t.startsWith('401'))).toBe(true);
    expect(knownTexts.slice(5).every((t) => t.startsWith('429'))).toBe(true);
    const newMails = server.outbox().slice(mailsBefore);
    expect(newMails.filter((m) => m.includes(known.email))).toHaveLength(1);
    expect(newMails.filter((m) => m.includes(ghost) || m.includes(inactive.email))).toHaveLength(0);
    // The inactive account is held all the same, and shown so.
    expect((await listOf(admin())).find((u) => u.id === inactive.id)!.heldUntil).not.toBeNull();
  });
});
