import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { UserDto } from '../../contract/users';
import apiEn from '../../i18n/api.en';
import { auditTrails } from '../../server/db/schema';
import { markBouncing } from '../../server/modules/inboundMail/mailBounces';
import { expectEnvelope, refused } from './expectations';
import { useDemoServer } from './factories';
import { rootTenant } from './harness';

/**
 * An address a delivery report said fails is sent nothing (issue 38): the users lists show since when, and an admin
 * (or the partner admin of the user's partner) sends mail to it again once it works.
 */
const { server, make, roleIds, partnerIds, token } = useDemoServer();
const admin = () => token('admin@example.com');

const resumeCall = (id: string, as: string, path = 'users') =>
  server.api<UserDto>('POST', `/api/v1/${path}/${encodeURIComponent(id)}/resume-mail`, { token: as });
const userAs = async (id: string, as: string, path = 'users') => (await server.api<UserDto>('GET', `/api/v1/${path}/${id}`, { token: as })).body.data!;
const auditOf = (key: string) => server.built.database.db.select().from(auditTrails).where(eq(auditTrails.primaryKey, key)).orderBy(desc(auditTrails.dateTime));
const forgotPassword = (email: string) => server.api('POST', '/api/users/forgot-password', { body: { email }, headers: rootTenant });
const mailsTo = (email: string) => server.outbox().filter((mail) => new RegExp(`^To: ${email.replace(/[.+]/g, '\\$&')}`, 'm').test(mail));

/** A user of `partner` whose address has bounced. */
async function bouncingUser(partner: keyof typeof partnerIds = 'Globex Trading') {
  const user = await make.user({ roleId: roleIds.Partner, partnerId: partnerIds[partner] });
  await markBouncing(server.built.database.db, [{ email: user.email.toUpperCase(), diagnostic: 'smtp; 550 5.1.1 user unknown' }]);
  return user;
}

describe('an address whose mail bounces, and sending to it again', () => {
  it('shows since when on the user, sends it nothing; an admin resumes mail: audited, and the next mail goes out', async () => {
    const user = await bouncingUser();
    const before = await userAs(user.id, admin());
    expect(before.mailBouncedAt).not.toBeNull();
    expect((await userAs((await make.user({ roleId: roleIds.Partner, partnerId: partnerIds['Globex Trading'] })).id, admin())).mailBouncedAt).toBeNull();

    // Its invitation went out before the address bounced.
    const sent = mailsTo(user.email).length;
    expectEnvelope(await forgotPassword(user.email), 200);
    expect(mailsTo(user.email)).toHaveLength(sent);

    const resumed = await resumeCall(user.id, admin());
    expectEnvelope(resumed, 200, apiEn.users.mailResumed);
    expect(resumed.body.data!.mailBouncedAt).toBeNull();
    const [audit] = await auditOf(user.id);
    expect(audit).toMatchObject({ type: 'Update', tableName: 'users', oldValues: { mailBouncedAt: before.mailBouncedAt }, newValues: { mailBouncedAt: null } });

    expectEnvelope(await forgotPassword(user.email), 200);
    expect(mailsTo(user.email)).toHaveLength(sent + 1);
  });

  it('a user whose mail does not bounce answers as is: nothing audited', async () => {
    const user = await make.user({ roleId: roleIds.Partner, partnerId: partnerIds['Globex Trading'] });
    const audited = (await auditOf(user.id)).length;
    expectEnvelope(await resumeCall(user.id, admin()), 200, apiEn.users.mailNotBouncing);
    expect(await auditOf(user.id)).toHaveLength(audited);
  });

  it("a partner admin resumes their own partner's users only (another partner's: 404); Support, without Users.Update, is refused (403)", async () => {
    const acme = await bouncingUser('Acme Logistics');
    const globex = await bouncingUser();
    const partnerAdmin = token('partner.admin@acme.example');
    expect((await userAs(acme.id, partnerAdmin, 'partner-users')).mailBouncedAt).not.toBeNull();
    expectEnvelope(await refused(server, () => resumeCall(globex.id, partnerAdmin, 'partner-users')), 404, apiEn.users.notFound);
    expectEnvelope(await refused(server, () => resumeCall(acme.id, partnerAdmin, 'users')), 403);
    expectEnvelope(await refused(server, () => resumeCall(globex.id, token('support@example.com'))), 403);
    expectEnvelope(await resumeCall(acme.id, partnerAdmin, 'partner-users'), 200, apiEn.users.mailResumed);
    expect((await userAs(globex.id, admin())).mailBouncedAt).not.toBeNull();
  });

  it('odd ids answer 400 or 404 (an overlong one 414), never 500, and change nothing', async () => {
    for (const id of ['__proto__', 'toString', 'a\u0000b', '00000000-0000-0000-0000-000000000000', 'x'.repeat(200)]) {
      for (const path of ['users', 'partner-users']) {
        const answer = await refused(server, () => resumeCall(id, admin(), path));
        expect([400, 404, 414], `${path} ${JSON.stringify(id)}: ${answer.text}`).toContain(answer.status);
      }
    }
  });
});
