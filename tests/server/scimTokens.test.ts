import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CreatedScimTokenDto, ScimTokenDto } from '../../contract/scimTokens';
import apiEn from '../../i18n/api.en';
import scimEn from '../../i18n/scim.en';
import { auditTrails } from '../../server/db/schema';
import { hashOf } from '../../server/modules/accounts/secrets';
import { scimTokens } from '../../server/modules/scim/scim.schema';
import { expectEnvelope, expectFieldErrors, refused } from './expectations';
import { useDemoServer } from './factories';
import { expectScimError, partnerWithScim, scimClient } from './scimFixtures';

/**
 * SCIM tokens (issue 37, point 5): a partner admin makes and revokes them for their own partner only; the token is
 * answered once and kept as its hash; a revoked or unknown token, or anything but a SCIM token, is 401 at /scim/v2.
 */
const { server, make, roleIds, partnerIds, token } = useDemoServer();
const tokensOf = (partnerId: string) => `/api/v1/partners/${partnerId}/scim-tokens`;

describe('SCIM tokens', () => {
  it('are shown once at creation, kept hashed, listed without the token, and work at /scim/v2', async () => {
    const { partner, admin, token: secret, tokenId } = await partnerWithScim(server, make, roleIds.PartnerAdmin);
    const [row] = await server.built.database.db.select().from(scimTokens).where(eq(scimTokens.id, tokenId));
    expect(row.tokenHash).toBe(hashOf(secret));
    expect(JSON.stringify(row)).not.toContain(secret);
    const listed = await server.api<ScimTokenDto[]>('GET', tokensOf(partner.id), { token: admin.token });
    expectEnvelope(listed, 200);
    expect(listed.body.data).toEqual([expect.objectContaining({ id: tokenId, name: 'Entra ID', createdBy: admin.id, revokedAt: null })]);
    expect(listed.text).not.toContain(secret);
    expect(listed.text).not.toContain(row.tokenHash);

    const config = await scimClient(server, secret).get('/ServiceProviderConfig');
    expect(config.status).toBe(200);
    expect(config.body.patch.supported).toBe(true);
    expect((await server.api<ScimTokenDto[]>('GET', tokensOf(partner.id), { token: admin.token })).body.data![0].lastUsedAt).not.toBeNull();
    // Its making is audited, without the token.
    const audits = await server.built.database.db
      .select()
      .from(auditTrails)
      .where(and(eq(auditTrails.tableName, 'scim_tokens'), eq(auditTrails.primaryKey, tokenId)));
    expect(audits.map((a) => a.type)).toEqual(['Create']);
    expect(JSON.stringify(audits)).not.toContain(secret);
  });

  it('a revoked token is refused at once with a SCIM error (401); revoking again changes nothing', async () => {
    const { partner, admin, tokenId, scim } = await partnerWithScim(server, make, roleIds.PartnerAdmin);
    expect((await scim.get('/Users')).status).toBe(200);
    const revoked = await server.api<ScimTokenDto>('DELETE', `${tokensOf(partner.id)}/${tokenId}`, { token: admin.token });
    expectEnvelope(revoked, 200, scimEn.scimTokens.revoked);
    expect(revoked.body.data!.revokedAt).not.toBeNull();
    expectScimError(await scim.get('/Users'), 401);
    expect((await scim.get('/Users')).headers.get('www-authenticate')).toMatch(/^Bearer/);
    const again = await server.api<ScimTokenDto>('DELETE', `${tokensOf(partner.id)}/${tokenId}`, { token: admin.token });
    expect(again.body.data!.revokedAt).toBe(revoked.body.data!.revokedAt);
    const audits = await server.built.database.db
      .select()
      .from(auditTrails)
      .where(and(eq(auditTrails.tableName, 'scim_tokens'), eq(auditTrails.primaryKey, tokenId)));
    expect(audits.map((a) => a.type).sort()).toEqual(['Create', 'Update']);
  });

  it('an unknown token, none, or a session token is 401 with a SCIM error body', async () => {
    for (const bearer of ['not-a-token', token('admin@example.com'), token('partner.admin@acme.example')])
      expectScimError(await scimClient(server, bearer).get('/Users'), 401);
    const bare = await fetch(`${server.url}/scim/v2/Users`);
    expect(bare.status).toBe(401);
    expect(((await bare.json()) as { schemas: string[] }).schemas).toEqual(['urn:ietf:params:scim:api:messages:2.0:Error']);
  });

  it("another partner's admin gets 404 on this partner's tokens; a Partner without the permission 403; staff see any partner's", async () => {
    const mine = await partnerWithScim(server, make, roleIds.PartnerAdmin);
    const other = await partnerWithScim(server, make, roleIds.PartnerAdmin);
    expectEnvelope(await server.api('GET', tokensOf(mine.partner.id), { token: other.admin.token }), 404, scimEn.scimTokens.partnerNotFound);
    expectEnvelope(await refused(server, () => server.api('POST', tokensOf(mine.partner.id), { token: other.admin.token, body: { name: 'x' } })), 404);
    expectEnvelope(await refused(server, () => server.api('DELETE', `${tokensOf(mine.partner.id)}/${mine.tokenId}`, { token: other.admin.token })), 404);
    // A token id of another partner under one's own partner: 404 as well.
    expectEnvelope(await refused(server, () => server.api('DELETE', `${tokensOf(other.partner.id)}/${mine.tokenId}`, { token: other.admin.token })), 404);
    expectEnvelope(await server.api('GET', tokensOf(partnerIds['Acme Logistics']), { token: token('partner@acme.example') }), 403, apiEn.api.forbidden);
    const asStaff = await server.api<ScimTokenDto[]>('GET', tokensOf(mine.partner.id), { token: token('admin@example.com') });
    expect(asStaff.body.data!.map((t) => t.id)).toEqual([mine.tokenId]);
  });

  it('a name is required and bounded (400 naming the field, nothing changed)', async () => {
    const { partner, admin } = await partnerWithScim(server, make, roleIds.PartnerAdmin);
    expectFieldErrors(await refused(server, () => server.api('POST', tokensOf(partner.id), { token: admin.token, body: { name: '' } })), ['name']);
    expectFieldErrors(await refused(server, () => server.api('POST', tokensOf(partner.id), { token: admin.token, body: { name: 'x'.repeat(101) } })), ['name']);
  });

  it("one partner's token never reaches another partner's users", async () => {
    const mine = await partnerWithScim(server, make, roleIds.PartnerAdmin);
    const other = await partnerWithScim(server, make, roleIds.PartnerAdmin);
    expectScimError(await other.scim.get(`/Users/${mine.admin.id}`), 404);
    const made = await server.api<CreatedScimTokenDto>('POST', tokensOf(mine.partner.id), { token: mine.admin.token, body: { name: 'Okta' } });
    expect((await scimClient(server, made.body.data!.token).get(`/Users/${mine.admin.id}`)).status).toBe(200);
  });
});
