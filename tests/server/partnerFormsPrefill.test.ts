import { describe, expect, it } from 'vitest';
import type { PartnerFormDto } from '../../contract/forms';
import type { AssignPartnerFormsResult } from '../../contract/partnerForms';
import { partnerForms } from '../../server/db/schema';
import { question, section } from '../fixtures/formQuestions';
import { typedQuestion } from '../fixtures/typedQuestions';
import { expectEnvelope, expectFieldErrors, refused } from './expectations';
import { useDemoServer } from './factories';
import { makeFormVersion } from './partnerFormsFixtures';

/** Prefilled answers (issue 40, item 5): taken at assignment from the partner record and an accepted form, locked or not. */
const demo = useDemoServer();
const { server, make, roleIds, token } = demo;
const admin = () => token('admin@example.com');

async function prefilledForm() {
  const db = server.built.database.db;
  const partner = await make.partner({ website: 'https://acme-prefill.example/' });
  const user = await make.user({ roleId: roleIds.Partner, partnerId: partner.id });
  const earlier = await makeFormVersion(db, make, { sections: [section('money', [typedQuestion('turnover', 'number'), question('bankName', 'text')])] });
  await db.insert(partnerForms).values({
    partnerId: partner.id,
    definitionId: earlier.definitionId,
    formId: earlier.id,
    status: 'SUBMITTED',
    reviewState: 'accepted',
    submittedAt: new Date(),
    answers: { turnover: '1500000', bankName: 'Vietcombank' },
  });
  const fromEarlier = (questionKey: string, locked: boolean) => ({ source: 'form' as const, definitionId: earlier.definitionId, questionKey, locked });
  const version = await makeFormVersion(db, make, {
    sections: [
      section('company', [
        question('company', 'text', { required: true, prefill: { source: 'partner', field: 'name', locked: true } }),
        typedQuestion('site', 'url', {}, { prefill: { source: 'partner', field: 'website', locked: false } }),
        typedQuestion('hotline', 'phone', {}, { prefill: { source: 'partner', field: 'contactPhone', locked: true } }),
        typedQuestion('turnover', 'number', {}, { prefill: fromEarlier('turnover', false) }),
        question('bank', 'text', { prefill: fromEarlier('bankName', true) }),
      ]),
    ],
  });
  const assigned = await server.api<AssignPartnerFormsResult>('POST', '/api/v1/partner-forms/assign', {
    token: admin(),
    body: { formId: version.id, partnerIds: [partner.id], note: '' },
  });
  const id = expectEnvelope(assigned, 201).body.data!.assigned[0].id;
  const url = `/api/v1/partner-forms/${id}`;
  return {
    partner,
    user,
    url,
    save: (answers: Record<string, unknown>) => server.api('PUT', `${url}/sections/company`, { token: user.token, body: { answers } }),
  };
}

describe('prefilled answers', () => {
  it('a newly assigned form holds the partner record’s and the last accepted form’s values, marked as prefilled', async () => {
    const form = await prefilledForm();
    const read = expectEnvelope(await server.api<PartnerFormDto>('GET', form.url, { token: form.user.token }), 200).body.data!;
    expect(read.prefilledKeys?.sort()).toEqual(['bank', 'company', 'site', 'turnover']);
    expect(read.filledCount).toBe(4);
    const section = await server.api<{ answers: Record<string, unknown> }>('GET', `${form.url}/sections/company`, { token: form.user.token });
    expect(expectEnvelope(section, 200).body.data!.answers).toEqual({
      company: form.partner.name,
      site: 'https://acme-prefill.example/',
      turnover: '1500000',
      bank: 'Vietcombank',
    });
  });

  it('a locked prefilled answer cannot change (400 naming it, nothing saved); an unlocked one or an empty locked one can', async () => {
    const form = await prefilledForm();
    expectFieldErrors(await refused(server, () => form.save({ company: 'Someone else' })), ['company']);
    expectFieldErrors(await refused(server, () => form.save({ bank: null })), ['bank']);
    expectEnvelope(await form.save({ site: 'https://acme-prefill.example/en', turnover: '1600000', hotline: '+84901234567' }), 200);
    expectEnvelope(await form.save({ company: form.partner.name }), 200);
    const submitted = await server.api<PartnerFormDto>('POST', `${form.url}/submit`, { token: form.user.token, body: {} });
    expect(expectEnvelope(submitted, 200).body.data!.status).toBe('SUBMITTED');
  });
});
