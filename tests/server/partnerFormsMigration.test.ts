import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { carryAnswers, versionChanges } from '../../contract/answers';
import type { FormSection, PartnerFormSectionDto } from '../../contract/forms';
import type { PartnerFormMigrationResult, VersionChangesDto } from '../../contract/partnerForms';
import { formVersions } from '../../server/db/schema';
import { useDemoServer } from './factories';
import { expectEnvelope } from './expectations';
import { makeFormVersion, partnerWithForm, question, sampleSections, validAnswers } from './partnerFormsFixtures';

const demo = useDemoServer();
const { server, make, token } = demo;
const admin = () => token('admin@example.com');

/** Version 2 of the sample: `size` removed, the tax number's rule changed, `markets` now a select, a required `website` added. */
function secondSections(): FormSection[] {
  const [company, details] = sampleSections();
  const taxNumber = company.questions[1];
  return [
    {
      ...company,
      questions: [company.questions[0], { ...taxNumber, rule: { ...taxNumber.rule!, minLength: 12, maxLength: 12 } }, ...company.questions.slice(2)],
    },
    {
      ...details,
      questions: [
        question('markets', 'select', { options: ['vn', 'sg'] }),
        question('website', 'text', { required: true }),
        ...details.questions.filter((q) => !['size', 'markets'].includes(q.key)),
      ],
    },
  ];
}

/** Publishes version 2 of the form's definition: the first becomes Outdate (as the builder's publish does). */
async function publishSecondVersion(form: Awaited<ReturnType<typeof partnerWithForm>>) {
  const db = server.built.database.db;
  await db.update(formVersions).set({ status: 'Outdate' }).where(eq(formVersions.id, form.version.id));
  return makeFormVersion(db, make, { definitionId: form.version.definitionId, versionNumber: 2, sections: secondSections(), name: form.version.name });
}

const migrate = (ids: string[], action: string) =>
  server.api<PartnerFormMigrationResult[]>('POST', '/api/v1/partner-forms/migrate', { token: admin(), body: { ids, action } });

describe('versionChanges (the pure diff)', () => {
  it('lists added required, removed (answered or not), changed rules and changed types by key', () => {
    const changes = versionChanges(sampleSections(), secondSections(), { size: 'small' });
    expect(changes).toEqual({
      addedRequired: [{ key: 'website', label: 'Label of website' }],
      removed: [{ key: 'size', label: 'Label of size', answered: true }],
      changedRules: [{ key: 'taxNumber', label: 'Label of taxNumber' }],
      changedTypes: [{ key: 'markets', label: 'Label of markets' }],
    });
  });

  it('carries answers a question of the same key and type takes; the others are retired, never dropped', () => {
    expect(carryAnswers({ companyName: 'A', size: 'small', markets: ['vn'] }, secondSections())).toEqual({
      carried: { companyName: 'A' },
      retired: { size: 'small', markets: ['vn'] },
    });
  });
});

describe('a newer version while partners fill in', () => {
  it('shows staff what the Ready version changes for one partner form', async () => {
    const form = await partnerWithForm(demo);
    const before = await server.api<VersionChangesDto>('GET', `${form.url}/version-changes`, { token: admin() });
    expect(before.body.data).toMatchObject({ fromForm: { id: form.version.id, versionNumber: 1 }, toForm: null, removed: [], addedRequired: [] });
    await form.save({ size: 'large' }, undefined, 'details');
    const second = await publishSecondVersion(form);
    const after = await server.api<VersionChangesDto>('GET', `${form.url}/version-changes`, { token: admin() });
    expect(after.body.data).toMatchObject({ toForm: { id: second.id, versionNumber: 2 }, removed: [{ key: 'size', answered: true }] });
  });

  it('migrates a draft by question key: answers to removed or retyped questions go to retired_answers', async () => {
    const form = await partnerWithForm(demo);
    await form.save({ companyName: 'Acme', taxNumber: '0123456789' });
    await form.save({ size: 'large', markets: ['vn', 'sg'] }, undefined, 'details');
    const second = await publishSecondVersion(form);
    const [result] = expectEnvelope(await migrate([form.partnerForm.id], 'migrate'), 200).body.data!;
    expect(result).toMatchObject({ outcome: 'migrated', partnerForm: { formId: second.id, formVersionNumber: 2, outdated: false, status: 'OPEN' } });
    const row = await form.row();
    expect(row.answers).toEqual({ companyName: 'Acme', taxNumber: '0123456789' });
    expect(row.retiredAnswers.map(({ questionKey, value, fromFormId }) => ({ questionKey, value, fromFormId }))).toEqual([
      { questionKey: 'size', value: 'large', fromFormId: form.version.id },
      { questionKey: 'markets', value: ['vn', 'sg'], fromFormId: form.version.id },
    ]);
    // The partner now fills in version 2: its new required question is asked.
    const section = await server.api<PartnerFormSectionDto>('GET', `${form.url}/sections/details`, { token: form.user.token });
    expect(section.body.data!.section.questions.map((q) => q.key)).toContain('website');
  });

  it('moves a group’s answers into its first row when the newer version answers the group in rows; the partner then adds rows and submits', async () => {
    const group = (repeat: { min: number; max: number } | null) => [
      {
        key: 'company',
        title: 'Company',
        questions: [
          question('companyName', 'text', { required: true }),
          question('directors', 'group', {
            ...(repeat ? { repeat } : {}),
            children: [question('name', 'text', { required: true }), question('idNumber', 'text')],
          }),
        ],
      },
    ];
    const form = await partnerWithForm(demo, { sections: group(null) });
    await form.save({ companyName: 'Acme', name: 'Ann', idNumber: 'ID-1' });
    const db = server.built.database.db;
    await db.update(formVersions).set({ status: 'Outdate' }).where(eq(formVersions.id, form.version.id));
    await makeFormVersion(db, make, {
      definitionId: form.version.definitionId,
      versionNumber: 2,
      sections: group({ min: 1, max: 5 }),
      name: form.version.name,
    });
    const changes = await server.api<VersionChangesDto>('GET', `${form.url}/version-changes`, { token: admin() });
    expect(changes.body.data!.changedTypes).toEqual([{ key: 'directors', label: 'Label of directors' }]);
    expect(expectEnvelope(await migrate([form.partnerForm.id], 'migrate'), 200).body.data![0].outcome).toBe('migrated');
    const row = await form.row();
    expect(row.answers).toEqual({ companyName: 'Acme', directors: [{ name: 'Ann', idNumber: 'ID-1' }] });
    expect(row.retiredAnswers).toEqual([]);
    expectEnvelope(await form.submit({ directors: [{ name: 'Ann', idNumber: 'ID-1' }, { name: 'Binh' }] }), 200);
  });

  it('keep leaves the partner on the old version; reopen moves a submitted form to the new one, OPEN again', async () => {
    const kept = await partnerWithForm(demo);
    const done = await partnerWithForm(demo);
    await done.submit(validAnswers());
    await publishSecondVersion(kept);
    await publishSecondVersion(done);
    expect((await migrate([kept.partnerForm.id], 'keep')).body.data![0]).toMatchObject({
      outcome: 'kept',
      partnerForm: { formId: kept.version.id, versionDecision: 'keep', outdated: true },
    });
    expect((await kept.row()).versionDecision).toBe('keep');
    const [reopened] = (await migrate([done.partnerForm.id], 'reopen')).body.data!;
    expect(reopened).toMatchObject({ outcome: 'reopened', partnerForm: { status: 'OPEN', formVersionNumber: 2 } });
    expect((await done.row()).answers).toMatchObject({ companyName: 'Acme Trading', taxNumber: '0123456789' });
  });

  it('reports what it left alone: unknown or foreign ids, forms not outdated, a submitted draft to migrate', async () => {
    const current = await partnerWithForm(demo);
    const submitted = await partnerWithForm(demo);
    await submitted.submit(validAnswers());
    await publishSecondVersion(submitted);
    const missing = '00000000-0000-4000-8000-000000000000';
    const before = await server.snapshot();
    const answer = expectEnvelope(await migrate([current.partnerForm.id, submitted.partnerForm.id, missing], 'migrate'), 200);
    expect(await server.snapshot()).toBe(before);
    expect(answer.body.data!.map((r) => r.outcome)).toEqual(['notOutdated', 'notOpen', 'notFound']);
  });
});
