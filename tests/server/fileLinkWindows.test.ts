import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { GrantConditionType } from '../../contract/files';
import { ROLE_NAMES } from '../../contract/roles';
import { fileGrants, userRoles, users } from '../../server/db/schema';
import { useDemoServer } from './factories';
import { makeFileWithGrant } from './fileFixtures';
import { CLIENT, expectRefusal, HOUR, linkServiceOf, MINUTE, ms, principalOf } from './fileLinkFixtures';

const demo = useDemoServer();
const { server, make, userIds, partnerIds } = demo;

const ticketOf = (url: string | null) => new URL(url!, 'http://portal').searchParams.get('ticket')!;

/** A grantee of each condition type: the user the grant names and the target it names them by. */
async function granteeOf(type: GrantConditionType) {
  if (type === 'partner') return { userId: userIds['partner@acme.example'], targetId: partnerIds['Acme Logistics'] };
  if (type === 'user') return { userId: userIds['partner@globex.example'], targetId: userIds['partner@globex.example'] };
  const role = await make.role();
  const user = await make.user({ roleId: role.id });
  return { userId: user.id, targetId: role.id };
}

describe.each(['partner', 'role', 'user'] as const)('a %s grant at the edges of its window', (conditionType) => {
  const from = new Date(Math.floor(Date.now() / 1000) * 1000 + 2 * HOUR + 123);
  const to = ms(from, 3 * HOUR);

  it('opens from `from` (one millisecond before: no link) and stops at `to` (one millisecond before: still open)', async () => {
    const links = linkServiceOf(server);
    const { userId, targetId } = await granteeOf(conditionType);
    const { file } = await makeFileWithGrant(demo, { conditionType, targetId, from, to });
    const principal = await principalOf(server, userId);

    await expect(links.mint(principal, file.id, ms(from, -1))).rejects.toMatchObject({ statusCode: 404, messageKey: 'filesApi.notFound' });
    const atFrom = await links.mint(principal, file.id, from);
    expect((await links.view(principal, atFrom.token, CLIENT, from)).fileName).toBe(file.fileName);

    const late = await links.mint(principal, file.id, ms(to, -10 * MINUTE));
    const view = await links.view(principal, late.token, CLIENT, ms(to, -1));
    await links.content(ticketOf(view.contentUrl), 'inline', CLIENT, ms(to, -1));

    await expectRefusal(links.view(principal, late.token, CLIENT, to), 'expired');
    await expectRefusal(links.view(principal, late.token, CLIENT, ms(to, 1)), 'expired');
    await expectRefusal(links.content(ticketOf(view.contentUrl), 'inline', CLIENT, to), 'expired', 'ticket');
    await expect(links.mint(principal, file.id, to)).rejects.toMatchObject({ statusCode: 404 });
  });

  it('refuses a link of a revoked grant, and one past its own fifteen minutes', async () => {
    const links = linkServiceOf(server);
    const { userId, targetId } = await granteeOf(conditionType);
    const { file, grant } = await makeFileWithGrant(demo, { conditionType, targetId });
    const principal = await principalOf(server, userId);
    const now = new Date();
    const link = await links.mint(principal, file.id, now);

    await expectRefusal(links.view(principal, link.token, CLIENT, ms(now, 15 * MINUTE)), 'expired');
    await server.built.ctx.db.update(fileGrants).set({ revokedAt: new Date() }).where(eq(fileGrants.id, grant.id));
    await expectRefusal(links.view(principal, link.token, CLIENT, ms(now, MINUTE)), 'revoked');
    await expect(links.mint(principal, file.id, ms(now, MINUTE))).rejects.toMatchObject({ statusCode: 404 });
  });
});

describe('a grant that stops naming the user after the link was minted', () => {
  it('refuses a role grant once the user no longer holds the role', async () => {
    const links = linkServiceOf(server);
    const role = await make.role();
    const other = await make.role();
    const user = await make.user({ roleId: role.id });
    const { file } = await makeFileWithGrant(demo, { conditionType: 'role', targetId: role.id });
    const principal = await principalOf(server, user.id);
    const link = await links.mint(principal, file.id);
    await links.view(principal, link.token, CLIENT);

    const db = server.built.ctx.db;
    await db.delete(userRoles).where(eq(userRoles.userId, user.id));
    await db.insert(userRoles).values({ userId: user.id, roleId: other.id });
    const moved = await principalOf(server, user.id);
    await expectRefusal(links.view(moved, link.token, CLIENT), 'notFound');
    await expect(links.mint(moved, file.id)).rejects.toMatchObject({ statusCode: 404 });
  });

  it('refuses a partner grant once the user moved to another partner', async () => {
    const links = linkServiceOf(server);
    const partner = await make.partner();
    const elsewhere = await make.partner();
    const user = await make.user({ roleId: demo.roleIds[ROLE_NAMES.partner], partnerId: partner.id });
    const { file } = await makeFileWithGrant(demo, { conditionType: 'partner', targetId: partner.id });
    const principal = await principalOf(server, user.id);
    const link = await links.mint(principal, file.id);
    const view = await links.view(principal, link.token, CLIENT);

    await server.built.ctx.db.update(users).set({ partnerId: elsewhere.id }).where(eq(users.id, user.id));
    const moved = await principalOf(server, user.id);
    await expectRefusal(links.view(moved, link.token, CLIENT), 'notFound');
    await expectRefusal(links.content(ticketOf(view.downloadUrl), 'attachment', CLIENT), 'notFound', 'ticket');
    await server.built.ctx.db.update(users).set({ partnerId: partner.id }).where(eq(users.id, user.id));
  });
});

describe('a user grant for staff', () => {
  it('lets the named staff member open the file, and no other staff member', async () => {
    const links = linkServiceOf(server);
    const { file } = await makeFileWithGrant(demo, { conditionType: 'user', targetId: userIds['support@example.com'] });
    const support = await principalOf(server, userIds['support@example.com']);
    const link = await links.mint(support, file.id);
    const view = await links.view(support, link.token, CLIENT);
    expect(view).toMatchObject({ fileName: file.fileName, inline: true, viewOnly: false, downloadsLeft: null });

    const admin = await principalOf(server, userIds['admin@example.com']);
    await expect(links.mint(admin, file.id)).rejects.toMatchObject({ statusCode: 404 });
    await expectRefusal(links.view(admin, link.token, CLIENT), 'notFound');
  });
});
