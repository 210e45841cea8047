import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PagedResult } from '../../contract/envelope';
import type { ValidationRuleDto } from '../../contract/forms';
import { auditTrails, formDefinitions, formVersions, validationRules } from '../../server/db/schema';
import { expectEnvelope, expectFieldErrors, fieldMessage, refused } from './expectations';
import { unique, useDemoServer } from './factories';

const { server, make, token } = useDemoServer();

const admin = () => token('admin@example.com');
const db = () => server.built.database.db;
const create = (body: unknown, as = admin()) => server.api<ValidationRuleDto>('POST', '/api/v1/validation-rules', { token: as, body });
const remove = (id: string, as = admin()) => server.api<ValidationRuleDto>('DELETE', `/api/v1/validation-rules/${id}`, { token: as });
const search = (body: unknown, as = admin()) => server.api<PagedResult<ValidationRuleDto>>('POST', '/api/v1/validation-rules/search', { token: as, body });

/** A rule made through the API, deleted after the test. */
async function rule(fields: Partial<ValidationRuleDto> = {}) {
  const answer = await create({ name: `Tax number ${unique('vr')}`, suggestText: 'Ten digits', errorText: 'Ten digits, please', ...fields });
  expectEnvelope(answer, 201);
  make.onCleanup(() => remove(answer.body.data!.id));
  return answer.body.data!;
}

/** A form version written straight to its table (the form builder's API is another module's), removed after the test. */
async function formVersionUsing(ruleId: string, status: 'Editing' | 'Ready' | 'Outdate', name = `Supplier form ${unique('fv')}`) {
  const [definition] = await db().insert(formDefinitions).values({}).returning();
  const [version] = await db()
    .insert(formVersions)
    .values({ definitionId: definition.id, versionNumber: 1, name, status, ruleIds: [ruleId] })
    .returning();
  make.onCleanup(async () => {
    await db().delete(formVersions).where(eq(formVersions.id, version.id));
    await db().delete(formDefinitions).where(eq(formDefinitions.id, definition.id));
  });
  return version;
}

describe('validation rules', () => {
  it('creates a rule with every field and answers it as stored', async () => {
    const made = await rule({ minLength: 10, maxLength: 10, regex: '[0-9]+' });
    expect(made).toMatchObject({ suggestText: 'Ten digits', errorText: 'Ten digits, please', minLength: 10, maxLength: 10, regex: '[0-9]+' });
    const read = await server.api<ValidationRuleDto>('GET', `/api/v1/validation-rules/${made.id}`, { token: admin() });
    expectEnvelope(read, 200);
    expect(read.body.data).toMatchObject({ id: made.id, name: made.name, regex: '[0-9]+' });
  });

  it('refuses a regex re2js cannot compile with validation.regexInvalid on the field, writing nothing', async () => {
    for (const regex of ['(a', '(?=a)b', '(a)\\1']) {
      const answer = await refused(server, () => create({ name: `Broken ${unique('vr')}`, regex }));
      expectFieldErrors(answer, ['regex']);
      expect(fieldMessage(answer, 'regex')).toMatch(/RE2/);
    }
  });

  it('keeps lengths within 0..4000 and the minimum at most the maximum', async () => {
    expectFieldErrors(await create({ name: `L ${unique('vr')}`, minLength: -1 }), ['minLength']);
    expectFieldErrors(await create({ name: `L ${unique('vr')}`, maxLength: 4001 }), ['maxLength']);
    expectFieldErrors(await create({ name: `L ${unique('vr')}`, minLength: 1.5 }), ['minLength']);
    expectFieldErrors(await create({ name: `L ${unique('vr')}`, minLength: 6, maxLength: 5 }), ['minLength']);
    expect((await rule({ minLength: 0, maxLength: 4000 })).maxLength).toBe(4000);
    expect((await rule({ minLength: 5, maxLength: 5 })).minLength).toBe(5);
  });

  it('refuses texts over their limits and a missing name', async () => {
    expectFieldErrors(await create({ name: 'x'.repeat(256) }), ['name']);
    expectFieldErrors(await create({ name: `T ${unique('vr')}`, suggestText: 'x'.repeat(501), errorText: 'x'.repeat(501) }), ['errorText', 'suggestText']);
    expectFieldErrors(await create({ name: `R ${unique('vr')}`, regex: 'a'.repeat(1001) }), ['regex']);
    expectFieldErrors(await create({ name: '  ' }), ['name']);
  });

  it('refuses a name another live rule has, case ignored, with a field error on name', async () => {
    const first = await rule();
    const again = await refused(server, () => create({ name: first.name.toUpperCase() }));
    expectFieldErrors(again, ['name']);
    const other = await rule();
    expectFieldErrors(await server.api('PUT', `/api/v1/validation-rules/${other.id}`, { token: admin(), body: { name: first.name } }), ['name']);
    expectEnvelope(await server.api('PUT', `/api/v1/validation-rules/${first.id}`, { token: admin(), body: { name: first.name, errorText: 'renamed' } }), 200);
  });

  it('frees the name of a deleted rule', async () => {
    const name = `Reused ${unique('vr')}`;
    const first = await create({ name });
    expectEnvelope(await remove(first.body.data!.id), 200);
    await rule({ name });
  });

  it('finds rules by keyword over name and texts, diacritics and case ignored', async () => {
    const tag = unique('kw');
    const made = await rule({ name: `Mã số thuế ${tag}`, errorText: 'Phải có mười chữ số' });
    const byName = await search({ keyword: `ma so thue ${tag}`.toUpperCase() });
    expectEnvelope(byName, 200);
    expect(byName.body.data!.items.map((r) => r.id)).toEqual([made.id]);
    const byText = await search({ keyword: `${tag}`, pageSize: 5 });
    expect(byText.body.data!.items.map((r) => r.id)).toEqual([made.id]);
    const stored = await db().select({ searchText: validationRules.searchText }).from(validationRules).where(eq(validationRules.id, made.id));
    expect(stored[0].searchText).toContain('muoi chu so');
  });

  it('refuses to delete a rule a Ready form uses (409 naming the forms) and deletes one only Editing or Outdate forms use', async () => {
    const used = await rule();
    const ready = await formVersionUsing(used.id, 'Ready', `Onboarding KYC ${unique('fv')}`);
    await formVersionUsing(used.id, 'Editing');
    const answer = await refused(server, () => remove(used.id));
    expectEnvelope(answer, 409);
    expect(answer.body.message).toContain(ready.name);
    expectEnvelope(await server.api('POST', '/api/v1/validation-rules/delete', { token: admin(), body: { ids: [used.id] } }), 409);

    const draftOnly = await rule();
    await formVersionUsing(draftOnly.id, 'Editing');
    await formVersionUsing(draftOnly.id, 'Outdate');
    expectEnvelope(await remove(draftOnly.id), 200);
  });

  it('needs the ValidationRules permission: a partner user is refused, a role with only Search may search but not create', async () => {
    expectEnvelope(await search({}, token('partner@acme.example')), 403);
    const searcher = await make.userWith(['Permissions.ValidationRules.Search']);
    expectEnvelope(await search({}, searcher.token), 200);
    expectEnvelope(await refused(server, () => create({ name: `No ${unique('vr')}` }, searcher.token)), 403);
  });

  it('audits a change with its values before and after', async () => {
    const made = await rule({ regex: '[a-z]+' });
    expectEnvelope(await server.api('PATCH', `/api/v1/validation-rules/${made.id}`, { token: admin(), body: { regex: '[a-z0-9]+' } }), 200);
    const [row] = await db()
      .select()
      .from(auditTrails)
      .where(and(eq(auditTrails.tableName, 'validation-rules'), eq(auditTrails.primaryKey, made.id), eq(auditTrails.type, 'Update')));
    expect(row.oldValues).toMatchObject({ regex: '[a-z]+' });
    expect(row.newValues).toMatchObject({ regex: '[a-z0-9]+' });
  });
});
