import { describe, expect, it } from 'vitest';
import type { AgreementAcceptanceDto } from '../../contract/agreements';
import type { PagedResult } from '../../contract/envelope';
import { permission } from '../../contract/permissions';
import { agreementSteps } from './agreementsFixtures';
import { expectEnvelope } from './expectations';
import { useDemoServer } from './factories';

/** Staff's list of who accepted which version of an agreement (issue 40, item 6), and who may read it. */
const demo = useDemoServer();
const { server, token, make } = demo;
const steps = agreementSteps(demo);
const SEARCH = '/api/v1/agreement-acceptances/search';

const search = (as: string, body: Record<string, unknown>) => server.api<PagedResult<AgreementAcceptanceDto>>('POST', SEARCH, { token: as, body });

/** An agreement with one version accepted by a user of each of two new partners. */
async function acceptedByTwoPartners() {
  const agreement = await steps.agreement();
  const version = await steps.published(agreement.id);
  const [first, second] = [await steps.partnerUser(), await steps.partnerUser()];
  for (const user of [first, second]) expectEnvelope(await steps.accept(user.token, version.id), 201);
  return { agreement, version, first, second };
}

describe("staff's list of acceptances", () => {
  it('lists who accepted which version of an agreement, for which partner, when and from where, paged and sorted', async () => {
    const { agreement, version, first, second } = await acceptedByTwoPartners();
    const answer = await search(token('support@example.com'), { agreementId: agreement.id, orderBy: ['userEmail asc'], pageNumber: 1, pageSize: 1 });
    expectEnvelope(answer, 200);
    const page = answer.body.data!;
    expect(page.totalCount).toBe(2);
    expect(page.items).toHaveLength(1);
    const [firstByEmail] = [first, second].sort((a, b) => a.email.localeCompare(b.email));
    expect(page.items[0]).toMatchObject({
      agreementId: agreement.id,
      agreementName: agreement.nameEn,
      versionId: version.id,
      versionNumber: 1,
      userId: firstByEmail.id,
      partnerId: firstByEmail.partnerId,
    });
    expect(page.items[0].partnerName).toContain('Factory Partner');
    expect(page.items[0].clientAddress).not.toBe('');

    const one = await server.api<AgreementAcceptanceDto>('GET', `/api/v1/agreement-acceptances/${page.items[0].id}`, { token: token('support@example.com') });
    expectEnvelope(one, 200);
    expect(one.body.data).toEqual(page.items[0]);
  });

  it("filters by partner, user and keyword, and takes react-admin's getMany ids", async () => {
    const { agreement, first, second } = await acceptedByTwoPartners();
    const admin = token('admin@example.com');
    const byPartner = await search(admin, { agreementId: agreement.id, partnerId: second.partnerId });
    expect(byPartner.body.data!.items.map((a) => a.userId)).toEqual([second.id]);
    const byKeyword = await search(admin, { agreementId: agreement.id, advancedSearch: { keyword: first.email, fields: ['userEmail'] } });
    expect(byKeyword.body.data!.items.map((a) => a.userId)).toEqual([first.id]);
    const ids = byPartner.body.data!.items.map((a) => a.id);
    expect((await search(admin, { ids })).body.data!.items.map((a) => a.id)).toEqual(ids);
  });

  it('an unknown filter or sort field is a 400 listing the allowed ones, an unknown id a 404', async () => {
    const admin = token('admin@example.com');
    const unknownFilter = await search(admin, { colour: 'red' });
    expectEnvelope(unknownFilter, 400);
    expect(unknownFilter.body.errors?.[0].field).toBe('colour');
    const unknownSort = await search(admin, { orderBy: ['colour asc'] });
    expectEnvelope(unknownSort, 400);
    expect(unknownSort.body.message).toContain('acceptedAt');
    expectEnvelope(await search(admin, { agreementId: 'not-an-id' }), 400);
    expectEnvelope(await server.api('GET', '/api/v1/agreement-acceptances/00000000-0000-4000-8000-000000000000', { token: admin }), 404);
  });
});

describe("a partner's users", () => {
  it('are refused the staff routes (403) and change nothing', async () => {
    const agreement = await steps.agreement();
    const partner = token('partner.admin@acme.example');
    const before = await server.snapshot();
    expectEnvelope(await server.api('POST', '/api/v1/agreements', { token: partner, body: { nameEn: 'Mine', nameVi: 'Của tôi' } }), 403);
    expectEnvelope(await steps.publish(agreement.id, undefined, partner), 403);
    expectEnvelope(await server.api('GET', `/api/v1/agreements/${agreement.id}/versions`, { token: partner }), 403);
    expectEnvelope(await search(partner, {}), 403);
    expect(await server.snapshot()).toBe(before);
  });

  it("given the permission, read only their own partner's acceptances: another partner's is 404", async () => {
    const { agreement, first, second } = await acceptedByTwoPartners();
    const reader = await make.userWith([permission('Agreements', 'Search'), permission('Agreements', 'View')], { partnerId: first.partnerId });
    const own = await search(reader.token, { agreementId: agreement.id });
    expectEnvelope(own, 200);
    expect(own.body.data!.items.map((a) => a.userId)).toEqual([first.id]);

    const theirs = await search(token('admin@example.com'), { agreementId: agreement.id, userId: second.id });
    const otherId = theirs.body.data!.items[0].id;
    expectEnvelope(await server.api('GET', `/api/v1/agreement-acceptances/${otherId}`, { token: reader.token }), 404);
    expect((await search(reader.token, { ids: [otherId] })).body.data!.items).toEqual([]);
  });

  it('are never given the right to write agreements or publish their versions (403), reading stays givable', async () => {
    const partner = await make.partner();
    const role = await make.role();
    await make.user({ roleId: role.id, partnerId: partner.id });
    const give = (permissions: string[]) =>
      server.api('PUT', `/api/v1/roles/${role.id}/permissions`, { token: token('admin@example.com'), body: { permissions } });
    expectEnvelope(await give([permission('Agreements', 'Create')]), 403);
    expectEnvelope(await give([permission('Agreements', 'Update')]), 403);
    expectEnvelope(await give([permission('Agreements', 'Search'), permission('Agreements', 'View')]), 200);
  });
});
