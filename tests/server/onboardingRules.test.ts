import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { PagedResult } from '../../contract/envelope';
import type { FormSection, FormStatus, OnboardingRuleDto } from '../../contract/forms';
import type { UpcomingPartnerFormsDto } from '../../contract/onboardingRules';
import { transactionThenPublish } from '../../server/core/events';
import { auditTrails, formDefinitions, formVersions, onboardingRuleFirings, partnerForms, partners } from '../../server/db/schema';
import { expectEnvelope, expectFieldErrors, refused } from './expectations';
import { recordEvents } from './eventRecorder';
import { unique, useDemoServer } from './factories';

const { server, make, token, partnerIds } = useDemoServer();

const admin = () => token('admin@example.com');
const ctx = () => server.built.ctx;
const db = () => ctx().db;
const create = (body: unknown, as = admin()) => server.api<OnboardingRuleDto>('POST', '/api/v1/next-partner-forms', { token: as, body });
const remove = (id: string, as = admin()) => server.api<OnboardingRuleDto>('DELETE', `/api/v1/next-partner-forms/${id}`, { token: as });
const search = (body: unknown, as = admin()) => server.api<PagedResult<OnboardingRuleDto>>('POST', '/api/v1/next-partner-forms/search', { token: as, body });

const SECTIONS: FormSection[] = [
  {
    key: 'company',
    title: 'Company',
    questions: [
      { key: 'taxNumber', type: 'text', label: 'Tax number', help: '', required: true, options: [], ruleId: null, rule: null, condition: null, children: [] },
    ],
  },
];

/** A form definition with one version of this status, written straight to its tables (the builder is another module). */
async function definition(status: FormStatus = 'Ready', name = `Onboarding form ${unique('fd')}`) {
  const [made] = await db().insert(formDefinitions).values({}).returning();
  const [version] = await db()
    .insert(formVersions)
    .values({ definitionId: made.id, versionNumber: 1, name, status, sections: SECTIONS, totalFields: 1, requiredFields: 1 })
    .returning();
  return { id: made.id, name, versionId: version.id };
}

/** A rule made through the API, deleted after the test (a creation rule would otherwise fire for other tests' partners). */
async function rule(body: object) {
  const answer = await create(body);
  expectEnvelope(answer, 201);
  make.onCleanup(() => remove(answer.body.data!.id));
  return answer.body.data!;
}

const partnerFormsOf = (partnerId: string, definitionId: string) =>
  db()
    .select()
    .from(partnerForms)
    .where(and(eq(partnerForms.partnerId, partnerId), eq(partnerForms.definitionId, definitionId)));
const firingsOf = (ruleId: string, partnerId: string) =>
  db()
    .select()
    .from(onboardingRuleFirings)
    .where(and(eq(onboardingRuleFirings.ruleId, ruleId), eq(onboardingRuleFirings.partnerId, partnerId)));

/** What C's submit queues, in a transaction of its own, as the submit's would be. */
const submitted = (partnerId: string, definitionId: string) =>
  transactionThenPublish(ctx(), async (_tx, publish) =>
    publish({ type: 'PartnerFormSubmitted', partnerFormId: crypto.randomUUID(), partnerId, definitionId, actorId: crypto.randomUUID() }),
  );

const stops: (() => void)[] = [];
afterEach(() => stops.splice(0).forEach((stop) => stop()));

describe('onboarding rules: the rules themselves', () => {
  it('adds a rule naming its forms by their Ready versions, and finds it by a form name', async () => {
    const source = await definition();
    const target = await definition();
    const made = await rule({ trigger: 'formSubmitted', sourceDefinitionId: source.id, targetDefinitionId: target.id });
    expect(made).toMatchObject({ trigger: 'formSubmitted', sourceFormName: source.name, targetFormName: target.name });
    const found = await search({ keyword: target.name.slice(-8), trigger: 'formSubmitted' });
    expectEnvelope(found, 200);
    expect(found.body.data!.items.map((r) => r.id)).toEqual([made.id]);
  });

  it('refuses the same rule twice (409) and allows it again once deleted', async () => {
    const source = await definition();
    const target = await definition();
    const body = { trigger: 'formSubmitted', sourceDefinitionId: source.id, targetDefinitionId: target.id };
    const first = await create(body);
    expectEnvelope(first, 201);
    expectEnvelope(await refused(server, () => create(body)), 409);
    expectEnvelope(await remove(first.body.data!.id), 200);
    await rule(body);
  });

  it('changes a rule only at the version read (412 otherwise), audits each change, and answers 404 for an unknown one', async () => {
    const [first, second, third] = [await definition(), await definition(), await definition()];
    const made = await rule({ trigger: 'formSubmitted', sourceDefinitionId: first.id, targetDefinitionId: second.id });
    const put = (version: string) =>
      server.api<OnboardingRuleDto>('PUT', `/api/v1/next-partner-forms/${made.id}`, {
        token: admin(),
        headers: { 'if-match': `"${version}"` },
        body: { trigger: 'formSubmitted', sourceDefinitionId: first.id, targetDefinitionId: third.id },
      });
    const changed = await put(made.version!);
    expectEnvelope(changed, 200);
    expect(changed.body.data).toMatchObject({ targetDefinitionId: third.id, targetFormName: third.name });
    const stale = await refused(server, () => put(made.version!));
    expect(stale.status).toBe(412);
    expect(stale.body.data).toMatchObject({ id: made.id, targetDefinitionId: third.id });
    const audit = await db()
      .select({ type: auditTrails.type })
      .from(auditTrails)
      .where(and(eq(auditTrails.tableName, 'onboarding_rules'), eq(auditTrails.primaryKey, made.id)));
    expect(audit.map((row) => row.type).sort()).toEqual(['Create', 'Update']);
    expectEnvelope(await server.api('GET', `/api/v1/next-partner-forms/${crypto.randomUUID()}`, { token: admin() }), 404);
    expectEnvelope(await remove('not-a-uuid'), 404);
  });

  it('checks the shape: a creation rule has no source, a submit rule needs one other than its target, forms must exist', async () => {
    const form = await definition();
    const other = await definition();
    expectFieldErrors(await create({ trigger: 'partnerCreated', sourceDefinitionId: other.id, targetDefinitionId: form.id }), ['sourceDefinitionId']);
    expectFieldErrors(await create({ trigger: 'formSubmitted', targetDefinitionId: form.id }), ['sourceDefinitionId']);
    expectFieldErrors(await create({ trigger: 'formSubmitted', sourceDefinitionId: form.id, targetDefinitionId: form.id }), ['sourceDefinitionId']);
    expectFieldErrors(await create({ trigger: 'sometimes', targetDefinitionId: form.id }), ['trigger']);
    const missing = await refused(server, () => create({ trigger: 'partnerCreated', targetDefinitionId: crypto.randomUUID() }));
    expectFieldErrors(missing, ['targetDefinitionId']);
  });

  it('needs NextPartnerForms: partners and holders of other permissions are refused; Search alone only searches', async () => {
    const form = await definition();
    expectEnvelope(await search({}, token('partner@acme.example')), 403);
    const ruleMaker = await make.userWith(['Permissions.ValidationRules.Create', 'Permissions.Form.View']);
    expectEnvelope(await refused(server, () => create({ trigger: 'partnerCreated', targetDefinitionId: form.id }, ruleMaker.token)), 403);
    const searcher = await make.userWith(['Permissions.NextPartnerForms.Search']);
    expectEnvelope(await search({}, searcher.token), 200);
    expectEnvelope(await refused(server, () => create({ trigger: 'partnerCreated', targetDefinitionId: form.id }, searcher.token)), 403);
    expectEnvelope(await server.api('GET', '/api/v1/next-partner-forms/upcoming', { token: searcher.token }), 403);
  });
});

describe('onboarding rules: firing', () => {
  it('assigns the creation rule’s form in the partner’s creating transaction, by nobody, once', async () => {
    const target = await definition();
    const made = await rule({ trigger: 'partnerCreated', targetDefinitionId: target.id });
    const heard = recordEvents(ctx().events, 'PartnerFormAssigned', 'ResourceChanged');
    stops.push(() => heard.stop());
    const partner = await make.partner();
    const assigned = await partnerFormsOf(partner.id, target.id);
    expect(assigned).toHaveLength(1);
    expect(assigned[0]).toMatchObject({ status: 'OPEN', assignedBy: null });
    expect(await firingsOf(made.id, partner.id)).toMatchObject([{ partnerFormId: assigned[0].id }]);
    // The demo sequence's own creation rule assigns its form too: only this rule's assignment is looked at.
    const assignedEvents = heard.events().filter((event) => event.type === 'PartnerFormAssigned' && event.definitionId === target.id);
    expect(assignedEvents).toMatchObject([{ partnerId: partner.id, definitionId: target.id, actorId: null }]);
    // The next-partner-forms screen hears that what comes next changed.
    expect(heard.events()).toContainEqual(expect.objectContaining({ type: 'ResourceChanged', resource: 'next-partner-forms', id: made.id }));
  });

  it('fires nothing when the creation rolls back', async () => {
    const target = await definition();
    const made = await rule({ trigger: 'partnerCreated', targetDefinitionId: target.id });
    stops.push(
      ctx().events.handleInTransaction('PartnerCreated', async () => {
        throw new Error('a later check refuses the partner');
      }),
    );
    const name = `Rolled back ${unique()}`;
    const answer = await server.api('POST', '/api/v1/partners', {
      token: admin(),
      body: { name, email: `${unique()}@partner.example`, type: 'T', address: 'A', phone: '+84 90 000 1234' },
    });
    expect(answer.status).toBe(500);
    expect(await db().select().from(partners).where(eq(partners.name, name))).toEqual([]);
    expect(await db().select().from(onboardingRuleFirings).where(eq(onboardingRuleFirings.ruleId, made.id))).toEqual([]);
    expect(await db().select().from(partnerForms).where(eq(partnerForms.definitionId, target.id))).toEqual([]);
  });

  it('fires a submit rule once however many submits race, and never again', async () => {
    const source = await definition();
    const target = await definition();
    const made = await rule({ trigger: 'formSubmitted', sourceDefinitionId: source.id, targetDefinitionId: target.id });
    const partner = await make.partner();
    await Promise.all([submitted(partner.id, source.id), submitted(partner.id, source.id)]);
    expect(await partnerFormsOf(partner.id, target.id)).toHaveLength(1);
    expect(await firingsOf(made.id, partner.id)).toHaveLength(1);
    await db().update(partnerForms).set({ status: 'SUBMITTED' }).where(eq(partnerForms.partnerId, partner.id));
    await submitted(partner.id, source.id);
    expect(await partnerFormsOf(partner.id, target.id)).toHaveLength(1);
  });

  it('through the partner’s own submits: two at once assign the next form once, in the submit’s transaction', async () => {
    const source = await definition();
    const target = await definition();
    const made = await rule({ trigger: 'formSubmitted', sourceDefinitionId: source.id, targetDefinitionId: target.id });
    const acme = partnerIds['Acme Logistics'];
    const assigned = await server.api<{ assigned: { id: string }[] }>('POST', '/api/v1/partner-forms/assign', {
      token: admin(),
      body: { formId: source.versionId, partnerIds: [acme] },
    });
    expectEnvelope(assigned, 201);
    const partnerFormId = assigned.body.data!.assigned[0].id;
    const submit = () =>
      server.api('POST', `/api/v1/partner-forms/${partnerFormId}/submit`, {
        token: token('partner@acme.example'),
        body: { answers: { taxNumber: '0123456789' } },
      });
    const answers = await Promise.all([submit(), submit()]);
    expect(answers.map((answer) => answer.status).filter((status) => status === 200)).toHaveLength(1);
    expect(await partnerFormsOf(acme, target.id)).toHaveLength(1);
    expect(await firingsOf(made.id, acme)).toHaveLength(1);
  });

  it('does not fire on another form’s submit, nor a deleted rule', async () => {
    const source = await definition();
    const target = await definition();
    const made = await rule({ trigger: 'formSubmitted', sourceDefinitionId: source.id, targetDefinitionId: target.id });
    const partner = await make.partner();
    await submitted(partner.id, (await definition()).id);
    expectEnvelope(await remove(made.id), 200);
    await submitted(partner.id, source.id);
    expect(await partnerFormsOf(partner.id, target.id)).toEqual([]);
  });

  it('keeps a rule whose target has no Ready version for the next submit', async () => {
    const source = await definition();
    const target = await definition('Editing');
    const made = await rule({ trigger: 'formSubmitted', sourceDefinitionId: source.id, targetDefinitionId: target.id });
    const partner = await make.partner();
    await submitted(partner.id, source.id);
    expect(await firingsOf(made.id, partner.id)).toEqual([]);
    await db().update(formVersions).set({ status: 'Ready' }).where(eq(formVersions.definitionId, target.id));
    await submitted(partner.id, source.id);
    expect(await partnerFormsOf(partner.id, target.id)).toHaveLength(1);
  });

  it('lists per partner what comes next until it has fired', async () => {
    const source = await definition();
    const target = await definition();
    const made = await rule({ trigger: 'formSubmitted', sourceDefinitionId: source.id, targetDefinitionId: target.id });
    const partner = await make.partner();
    const upcoming = async () => {
      const answer = await server.api<PagedResult<UpcomingPartnerFormsDto>>(
        'GET',
        `/api/v1/next-partner-forms/upcoming?partnerId=${partner.id}&pageNumber=1&pageSize=10`,
        {
          token: admin(),
        },
      );
      expectEnvelope(answer, 200);
      expect(answer.body.data!.items.map((p) => p.partnerId)).toEqual([partner.id]);
      return answer.body.data!.items[0].items.filter((item) => item.ruleId === made.id);
    };
    expect(await upcoming()).toEqual([{ ruleId: made.id, after: source.name, assign: target.name }]);
    await submitted(partner.id, source.id);
    expect(await upcoming()).toEqual([]);
    expectFieldErrors(await server.api('GET', '/api/v1/next-partner-forms/upcoming?pageSize=0', { token: admin() }), ['pageSize']);
  });
});
