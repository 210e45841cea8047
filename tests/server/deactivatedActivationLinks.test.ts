import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import apiEn from '../../i18n/api.en';
import { expectEnvelope, refused } from './expectations';
import { useDemoServer } from './factories';
import { linkIn, rootTenant } from './harness';

/**
 * An account an admin activated and then deactivated before its owner confirmed the mail looks like one still
 * waiting for activation (inactive, mail not confirmed). Neither its first link nor a new one may undo the
 * deactivation.
 */
const { server, make, token, roleIds, partnerIds } = useDemoServer();
const ADMIN = 'admin@example.com';
const PASSWORD = 'Welcome-2024-probe';

const mailsTo = (email: string) => server.outbox().filter((mail) => mail.includes(email));
const toggle = (id: string) => server.api<{ isActive: boolean }>('POST', `/api/v1/users/${id}/toggle-status`, { token: token(ADMIN) });
const confirmMail = (email: string, code: string) => server.api('POST', '/api/v1/users/confirm-mail', { body: { email, token: code, password: PASSWORD } });
const signIn = (email: string) => server.api('POST', '/api/token', { body: { email, password: PASSWORD }, headers: rootTenant });

/** A registered account whose owner never opened the mail, activated and then deactivated by Admin; with its first code. */
async function deactivatedBeforeConfirming() {
  const user = await make.user({ roleId: roleIds.Partner, partnerId: partnerIds['Acme Logistics'], active: false });
  const firstCode = linkIn(mailsTo(user.email)[0]).searchParams.get('code')!;
  expect(expectEnvelope(await toggle(user.id), 200).body.data!.isActive).toBe(true);
  expect(expectEnvelope(await toggle(user.id), 200).body.data!.isActive).toBe(false);
  return { ...user, firstCode };
}

describe('a deactivation is not undone by an activation link', () => {
  it('the link mailed at registration no longer activates an account deactivated before it was used', async () => {
    const user = await deactivatedBeforeConfirming();
    expectEnvelope(await refused(server, () => confirmMail(user.email, user.firstCode)), 400, apiEn.auth.tokenInvalid);
    expectEnvelope(await signIn(user.email), 401);
  });

  it('"send a new link" answers as for anyone else but mails nothing to it and changes nothing', async () => {
    const user = await deactivatedBeforeConfirming();
    const [mails, before] = [mailsTo(user.email).length, await server.snapshot()];
    expectEnvelope(await server.api('POST', '/api/v1/users/resend-activation', { body: { email: user.email } }), 200, apiEn.auth.activationResent);
    expect(mailsTo(user.email)).toHaveLength(mails);
    expect(await server.snapshot()).toBe(before);
  });

  it('an account still waiting (never deactivated) gets a new link that activates it, also after its first one expired unused', async () => {
    const user = await make.user({ roleId: roleIds.Partner, partnerId: partnerIds['Acme Logistics'], active: false });
    await server.built.database.db.execute(sql`update mail_tokens set expires_at = now() - interval '1 day' where user_id = ${user.id}`);
    expectEnvelope(await server.api('POST', '/api/v1/users/resend-activation', { body: { email: user.email } }), 200, apiEn.auth.activationResent);
    const mails = mailsTo(user.email);
    expect(mails).toHaveLength(2);
    expectEnvelope(await confirmMail(user.email, linkIn(mails[1]).searchParams.get('code')!), 200);
    expectEnvelope(await signIn(user.email), 200);
  });
});
