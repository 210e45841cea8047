import { describe, expect, it } from 'vitest';
import { permission } from '../../contract/permissions';
import type { PagedResult } from '../../contract/envelope';
import type { PartnerFormDto } from '../../contract/forms';
import { useDemoServer } from './factories';
import { expectEnvelope, refused } from './expectations';
import { multipartFile, partnerWithForm, PNG, validAnswers } from './partnerFormsFixtures';

const demo = useDemoServer();
const { server, make } = demo;

describe('partner isolation', () => {
  it("another partner's partner form answers 404 on every route, and changes nothing", async () => {
    const mine = await partnerWithForm(demo);
    const theirs = await partnerWithForm(demo);
    const upload = await server.api<{ id: string }>('POST', `${theirs.url}/files`, { token: theirs.user.token, ...multipartFile('licence', 'a.png', PNG) });
    expectEnvelope(upload, 201);
    const as = mine.user.token;
    const calls: [string, string, object?][] = [
      ['GET', theirs.url],
      ['GET', `${theirs.url}/sections/company`],
      ['PUT', `${theirs.url}/sections/company`, { answers: { companyName: 'Mine now' } }],
      ['POST', `${theirs.url}/submit`, { answers: validAnswers() }],
      ['GET', `${theirs.url}/version-changes`],
      ['GET', `${theirs.url}/files/${upload.body.data!.id}`],
    ];
    for (const [method, url, body] of calls) expectEnvelope(await refused(server, () => server.api(method, url, { token: as, body })), 404);
    expectEnvelope(await refused(server, () => server.api('POST', `${theirs.url}/files`, { token: as, ...multipartFile('licence', 'b.png', PNG) })), 404);
    const found = await server.api<PagedResult<PartnerFormDto>>('POST', '/api/v1/partner-forms/search', { token: as, body: {} });
    // Onboarding rules of the demo seed may have given the new partner forms of its own: all are its own.
    expect(found.body.data!.items.map((p) => p.id)).toContain(mine.partnerForm.id);
    expect(new Set(found.body.data!.items.map((p) => p.partnerId))).toEqual(new Set([mine.partner.id]));
    const filtered = await server.api<PagedResult<PartnerFormDto>>('POST', '/api/v1/partner-forms/search', {
      token: as,
      body: { partnerId: theirs.partner.id },
    });
    expect(filtered.body.data!.totalCount).toBe(0);
  });

  it('a partner cannot submit for another partner (404), even with answers that would pass', async () => {
    const mine = await partnerWithForm(demo);
    const theirs = await partnerWithForm(demo);
    expectEnvelope(await refused(server, () => theirs.submit(validAnswers(), mine.user.token)), 404);
    expect((await theirs.row()).status).toBe('OPEN');
  });

  it('staff without AdminView reach no partner form (404) and find none', async () => {
    const form = await partnerWithForm(demo);
    const staff = await make.userWith([permission('PartnerForm', 'View'), permission('PartnerForm', 'Search'), permission('PartnerForm', 'AdminUpdate')]);
    expectEnvelope(await server.api('GET', form.url, { token: staff.token }), 404);
    expectEnvelope(await refused(server, () => server.api('POST', `${form.url}/lock`, { token: staff.token, body: {} })), 404);
    const found = await server.api<PagedResult<PartnerFormDto>>('POST', '/api/v1/partner-forms/search', { token: staff.token, body: {} });
    expect(found.body.data!.totalCount).toBe(0);
  });

  it('staff with AdminView read any partner form with its sections', async () => {
    const form = await partnerWithForm(demo);
    const staff = await make.userWith([permission('PartnerForm', 'View'), permission('PartnerForm', 'AdminView')]);
    const read = expectEnvelope(await server.api<PartnerFormDto>('GET', form.url, { token: staff.token }), 200);
    expect(read.body.data).toMatchObject({ partnerId: form.partner.id, status: 'OPEN', outdated: false });
    expect(read.body.data!.sections).toEqual([
      { key: 'company', title: 'Company' },
      { key: 'details', title: 'Details' },
    ]);
    expect(read.headers.get('etag')).toBe(`"${read.body.data!.version}"`);
  });

  it('malformed ids answer 404, not 500', async () => {
    const form = await partnerWithForm(demo);
    for (const id of ['not-a-uuid', 'toString', '00000000-0000-0000-0000-000000000000'])
      expectEnvelope(await server.api('GET', `/api/v1/partner-forms/${id}/sections/company`, { token: form.user.token }), 404);
    expectEnvelope(await server.api('GET', `${form.url}/files/not-a-uuid`, { token: form.user.token }), 404);
  });
});
