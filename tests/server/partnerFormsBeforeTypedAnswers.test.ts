import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { NO_LIMITS, type FormSection, type FormSectionsDto } from '../../contract/forms';
import type { PartnerFormMigrationResult, VersionChangesDto } from '../../contract/partnerForms';
import { formVersions } from '../../server/db/schema';
import { expectEnvelope, expectFieldErrors } from './expectations';
import { useDemoServer } from './factories';
import { pdfText } from './pdfText';
import { makeFormVersion, partnerWithForm, sampleSections, validAnswers } from './partnerFormsFixtures';

/**
 * Issue 40, item 7: a form version stored before typed answers (its questions without `limits` or `calculation`,
 * one condition each) reads, fills, submits and prints as it did; migrating its partner forms to a version that
 * retypes a question follows the existing migrate rules.
 */
const demo = useDemoServer();
const { server, make, token } = demo;
const admin = () => token('admin@example.com');

/** The sample sections as PostgreSQL held them before typed answers: written as JSON text, with no key of later fields. */
async function storedAsBefore(versionId: string) {
  const db = server.built.database.db;
  await db.execute(sql`update form_versions set sections = ${JSON.stringify(sampleSections())}::jsonb where id = ${versionId}`);
  const [row] = await db.select({ sections: formVersions.sections }).from(formVersions).where(eq(formVersions.id, versionId));
  const text = JSON.stringify(row.sections);
  expect(text).not.toContain('limits');
  expect(text).not.toContain('calculation');
  return row.sections;
}

describe('a form made before typed answers', () => {
  it('reads as it was stored, fills, submits and prints as before', async () => {
    const form = await partnerWithForm(demo);
    const stored = await storedAsBefore(form.version.id);
    const read = expectEnvelope(await server.api<FormSectionsDto>('GET', `/api/v1/forms/${form.version.id}/sections`, { token: admin() }), 200);
    expect(read.body.data!.sections).toEqual(stored);
    expectFieldErrors(await form.submit({ ...validAnswers(), hasBranch: true }), ['branchCity']);
    const submitted = expectEnvelope(await form.submit({ ...validAnswers(), hasBranch: true, branchCity: 'Đà Nẵng' }), 200).body.data!;
    expect(submitted).toMatchObject({ status: 'SUBMITTED', totalFields: 8, requiredFields: 3, filledCount: 6 });
    const pdf = await fetch(`${server.url}${form.url}/pdf`, { headers: { authorization: `Bearer ${admin()}` } });
    expect(pdfText(Buffer.from(await pdf.arrayBuffer())).join('\n')).toContain('Đà Nẵng');
  });

  it('migrates its draft to a version where a text question became a number: the text is carried, Submit asks for a number', async () => {
    const form = await partnerWithForm(demo);
    await storedAsBefore(form.version.id);
    expectEnvelope(await form.save({ companyName: 'Acme', taxNumber: '0123456789' }), 200);
    const db = server.built.database.db;
    await db.update(formVersions).set({ status: 'Outdate' }).where(eq(formVersions.id, form.version.id));
    const sections: FormSection[] = sampleSections().map((section) =>
      section.key !== 'company'
        ? section
        : {
            ...section,
            questions: section.questions.map((question) =>
              question.key === 'taxNumber' ? { ...question, type: 'number', rule: null, ruleId: null, limits: { ...NO_LIMITS, integer: true } } : question,
            ),
          },
    );
    const second = await makeFormVersion(db, make, { definitionId: form.version.definitionId, versionNumber: 2, sections, name: form.version.name });
    const changes = expectEnvelope(await server.api<VersionChangesDto>('GET', `${form.url}/version-changes`, { token: admin() }), 200).body.data!;
    expect(changes.changedTypes.map((question) => question.key)).toEqual(['taxNumber']);
    const migrated = await server.api<PartnerFormMigrationResult[]>('POST', '/api/v1/partner-forms/migrate', {
      token: admin(),
      body: { ids: [form.partnerForm.id], action: 'migrate' },
    });
    expect(expectEnvelope(migrated, 200).body.data![0]).toMatchObject({ outcome: 'migrated', partnerForm: { formId: second.id } });
    // "0123456789" fits a number question's draft, so it is carried; as a number it is not canonical (a leading zero).
    expect((await form.row()).answers).toMatchObject({ companyName: 'Acme', taxNumber: '0123456789' });
    expectFieldErrors(await form.submit({ hasBranch: false }), ['taxNumber']);
    expectEnvelope(await form.submit({ hasBranch: false, taxNumber: '123456789' }), 200);
  });
});
