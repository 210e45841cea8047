import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { FormDto } from '../../contract/forms';
import { auditTrails, formVersions, partnerForms } from '../../server/db/schema';
import { recordEvents } from './eventRecorder';
import { expectEnvelope, refused } from './expectations';
import { useDemoServer } from './factories';
import type { ApiAnswer } from './harness';
import { formCalls, question, section } from './formDefinitionsFixtures';

const demo = useDemoServer();
const { server, make, partnerIds } = demo;
const forms = formCalls(demo);
const db = () => server.built.database.db;

const current = async (id: string) => (await forms.get(id)).body.data!;
const twoQuestions = [section('company', [question('name', { required: true }), question('vat', { type: 'yesNo' })])];

describe('form versions: only Editing takes changes', () => {
  it.each(['Ready', 'Outdate'] as const)('refuses every change of a %s version with 409 and changes nothing', async (status) => {
    const first = await forms.readyForm(twoQuestions);
    let target: FormDto = await current(first.id);
    if (status === 'Outdate') {
      const second = (await forms.newVersion(first.id)).body.data!;
      expectEnvelope(await forms.publish(second.id), 200);
      target = await current(first.id);
    }
    expect(target.status).toBe(status);
    const etag = target.version;
    const calls: (() => Promise<ApiAnswer<unknown>>)[] = [
      () => forms.put(target.id, { name: 'Changed' }, etag),
      () => forms.patch(target.id, { note: 'Changed' }, etag),
      () => forms.saveSections(target.id, [section('other', [question('x')])], etag),
      () => forms.publish(target.id),
      () => forms.remove(target.id, etag),
    ];
    for (const call of calls) {
      const answer = await refused(server, call);
      expectEnvelope(answer, 409);
    }
    const again = await forms.saveSections(target.id, twoQuestions);
    expect(again.body.message).toBe('Only a form being edited can be changed; start a new version to change a published form.');
  });

  it('lets an Editing version change its fields and sections, each change audited before and after', async () => {
    const made = await forms.form({ name: 'Before' });
    const patched = await forms.patch(made.id, { name: 'After' }, made.version);
    expectEnvelope(patched, 200);
    expect(patched.body.data).toMatchObject({ name: 'After', status: 'Editing' });
    expectEnvelope(await forms.saveSections(made.id, twoQuestions, patched.body.data!.version), 200);
    const audits = await db()
      .select()
      .from(auditTrails)
      .where(and(eq(auditTrails.tableName, 'forms'), eq(auditTrails.primaryKey, made.id)))
      .orderBy(asc(auditTrails.dateTime));
    expect(audits.map((a) => a.type)).toEqual(['Create', 'Update', 'Update']);
    expect(audits[1].oldValues).toMatchObject({ name: 'Before' });
    expect(audits[1].newValues).toMatchObject({ name: 'After' });
    expect(audits[2].affectedColumns).toEqual(expect.arrayContaining(['sections', 'totalFields']));
  });

  it('announces each change as ResourceChanged on forms', async () => {
    const recorder = recordEvents(server.built.ctx.events, 'ResourceChanged');
    try {
      const made = await forms.formWith(twoQuestions);
      expectEnvelope(await forms.publish(made.id), 200);
      const mine = recorder.events().filter((e) => e.resource === 'forms' && e.id === made.id);
      expect(mine.map((e) => e.action)).toEqual(['created', 'updated', 'updated']);
    } finally {
      recorder.stop();
    }
  });
});

describe('form versions: publish and new versions', () => {
  it('publishes Editing → Ready and turns the previous Ready version Outdate, whose sections stay as they were', async () => {
    const first = await forms.readyForm(twoQuestions);
    const published = await current(first.id);
    expect(published.status).toBe('Ready');
    expect(published.publishedAt).not.toBeNull();
    const second = (await forms.newVersion(first.id)).body.data!;
    expectEnvelope(await forms.saveSections(second.id, [section('company', [question('name'), question('licence', { type: 'file', required: true })])]), 200);
    expectEnvelope(await forms.publish(second.id), 200);
    expect((await current(first.id)).status).toBe('Outdate');
    expect((await current(second.id)).status).toBe('Ready');
    const oldSections = (await forms.sections(first.id)).body.data!.sections;
    expect(oldSections[0].questions.map((q) => q.key)).toEqual(['name', 'vat']);
  });

  it('makes a new version as an Editing copy with the next number, keeping every key', async () => {
    const first = await forms.readyForm([
      section('company', [question('name'), question('details', { type: 'group', children: [{ key: 'since' }] })]),
      section('bank', [question('iban')]),
    ]);
    const copy = await forms.newVersion(first.id);
    expectEnvelope(copy, 201);
    expect(copy.body.data).toMatchObject({ definitionId: first.definitionId, versionNumber: 2, status: 'Editing', name: first.name, totalFields: 3 });
    const copied = (await forms.sections(copy.body.data!.id)).body.data!.sections;
    expect(copied).toEqual((await forms.sections(first.id)).body.data!.sections);
  });

  it('refuses a second Editing version with 409 naming the one being edited', async () => {
    const first = await forms.readyForm();
    expectEnvelope(await forms.newVersion(first.id), 201);
    const again = await refused(server, () => forms.newVersion(first.id));
    expectEnvelope(again, 409, 'Version 2 of this form is already being edited.');
  });

  it('never gives a deleted version’s number again', async () => {
    const first = await forms.readyForm();
    const second = (await forms.newVersion(first.id)).body.data!;
    expectEnvelope(await forms.remove(second.id, second.version), 200);
    expectEnvelope(await forms.get(second.id), 404);
    expect((await forms.newVersion(first.id)).body.data!.versionNumber).toBe(3);
  });

  it('refuses to publish a version without a question to answer (400), changing nothing', async () => {
    const empty = await forms.form();
    expectEnvelope(await refused(server, () => forms.publish(empty.id)), 400);
    const onlyGroup = await forms.formWith([section('s', [question('g', { type: 'group' })])]);
    expectEnvelope(await refused(server, () => forms.publish(onlyGroup.id)), 400, 'Add at least one question partners can answer before publishing.');
  });

  it('refreshes the rule copies at publish, and a later rule change leaves the Ready version alone', async () => {
    const rule = await forms.rule({ maxLength: 10 });
    const made = await forms.formWith([section('s', [question('tax', { ruleId: rule.id })])]);
    const editRule = (maxLength: number) =>
      server.api('PATCH', `/api/v1/validation-rules/${rule.id}`, { token: forms.admin(), body: { maxLength } }).then((a) => expectEnvelope(a, 200));
    await editRule(12);
    expect((await forms.sections(made.id)).body.data!.sections[0].questions[0].rule!.maxLength).toBe(10);
    expectEnvelope(await forms.publish(made.id), 200);
    expect((await forms.sections(made.id)).body.data!.sections[0].questions[0].rule!.maxLength).toBe(12);
    await editRule(20);
    expect((await forms.sections(made.id)).body.data!.sections[0].questions[0].rule!.maxLength).toBe(12);
  });

  it('refuses to publish when a rule was deleted since the sections were saved', async () => {
    const rule = await forms.rule();
    const made = await forms.formWith([section('s', [question('tax', { ruleId: rule.id })])]);
    expectEnvelope(await server.api('DELETE', `/api/v1/validation-rules/${rule.id}`, { token: forms.admin() }), 200);
    const answer = await refused(server, () => forms.publish(made.id));
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.map((e) => e.field)).toEqual(['sections[0].questions[0].ruleId']);
  });

  it('lets only one of two concurrent publishes of a version win', async () => {
    const made = await forms.formWith(twoQuestions);
    const answers = await Promise.all([forms.publish(made.id), forms.publish(made.id)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const ready = await db()
      .select()
      .from(formVersions)
      .where(and(eq(formVersions.definitionId, made.definitionId), eq(formVersions.status, 'Ready')));
    expect(ready).toHaveLength(1);
  });

  it('lets only one of two concurrent new versions win', async () => {
    const first = await forms.readyForm();
    const answers = await Promise.all([forms.newVersion(first.id), forms.newVersion(first.id)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
  });

  it('keeps one Ready and one Editing version per definition in the database itself', async () => {
    const first = await forms.readyForm();
    const insert = (status: 'Ready' | 'Editing', versionNumber: number) =>
      db().insert(formVersions).values({ definitionId: first.definitionId, versionNumber, name: 'Raw', status });
    await expect(insert('Ready', 90)).rejects.toThrow();
    await insert('Editing', 91);
    await expect(insert('Editing', 92)).rejects.toThrow();
  });
});

describe('form versions: two admins and deletes', () => {
  it('refuses sections saved from a stale copy with 412 carrying the current version, changing nothing', async () => {
    const made = await forms.formWith(twoQuestions);
    const read = await forms.sections(made.id);
    const etag = read.body.data!.version!;
    expect(read.headers.get('etag')).toBe(`"${etag}"`);
    const first = await forms.saveSections(made.id, [section('company', [question('name'), question('email')])], etag);
    expectEnvelope(first, 200);
    expect(first.body.data!.version).not.toBe(etag);
    const second = await refused(server, () => forms.saveSections(made.id, [section('company', [question('phone')])], etag));
    expect(second.status).toBe(412);
    expect((second.body.data as unknown as FormDto).version).toBe(first.body.data!.version);
    expect((await forms.sections(made.id)).body.data!.sections[0].questions.map((q) => q.key)).toEqual(['name', 'email']);
  });

  it('refuses PUT, PATCH and DELETE from a stale copy with 412', async () => {
    const made = await forms.form();
    const stale = made.version!;
    expectEnvelope(await forms.patch(made.id, { note: 'first' }, stale), 200);
    expect((await refused(server, () => forms.put(made.id, { name: 'x' }, stale))).status).toBe(412);
    expect((await refused(server, () => forms.patch(made.id, { name: 'x' }, stale))).status).toBe(412);
    expect((await refused(server, () => forms.remove(made.id, stale))).status).toBe(412);
  });

  it('refuses to delete an Editing version a partner form uses (409)', async () => {
    const made = await forms.formWith(twoQuestions);
    const [row] = await db()
      .insert(partnerForms)
      .values({ partnerId: partnerIds['Acme Logistics'], formId: made.id, definitionId: made.definitionId })
      .returning();
    make.onCleanup(() => db().delete(partnerForms).where(eq(partnerForms.id, row.id)));
    expectEnvelope(await refused(server, () => forms.remove(made.id)), 409, 'Partner forms use this version, so it cannot be deleted.');
  });
});
