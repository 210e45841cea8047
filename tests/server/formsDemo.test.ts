import fs from 'node:fs';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formStructureErrors } from '../../contract/schemas/formDefinitions';
import { formAnswerErrors, formProgress, isFilledByPartner, isRepeatingGroup, isTypedQuestionType, placedQuestions } from '../../contract/answers';
import { QUESTION_TYPES, type FormSection } from '../../contract/forms';
import { formVersions, onboardingRuleFirings, onboardingRules, partnerFormFiles, partnerForms, partners, validationRules } from '../../server/db/schema';
import { DEMO_FORM_DEFINITIONS } from '../../server/modules/formDefinitions/demoFormSections';
import { modules } from '../../server/modules';
import { runSeeds } from '../../server/modules/seeding';
import { DEMO_VALIDATION_RULES } from '../../server/modules/validationRules/validationRules.demo';
import { startServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => (server = await startServer()));
afterAll(() => server.close());

const db = () => server.built.database.db;
const storedFiles = () => {
  const dir = path.join(server.config.dataDir, 'files', 'partner-forms');
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
};

async function demoVersions() {
  return db()
    .select()
    .from(formVersions)
    .where(
      inArray(
        formVersions.name,
        DEMO_FORM_DEFINITIONS.map((d) => d.name),
      ),
    );
}

async function partnerFormsOf(partnerName: string) {
  return db()
    .select({ form: partnerForms, version: formVersions })
    .from(partnerForms)
    .innerJoin(partners, eq(partners.id, partnerForms.partnerId))
    .innerJoin(formVersions, eq(formVersions.id, partnerForms.formId))
    .where(eq(partners.name, partnerName));
}

/** What a version's questions hold: their types, and whether a group, a rule and a condition are among them. */
function questionKinds(sections: readonly FormSection[]) {
  const questions = placedQuestions(sections).map((placed) => placed.question);
  return {
    types: new Set(questions.map((q) => q.type)),
    groupWithChildren: questions.some((q) => q.type === 'group' && q.children.length > 0),
    ruleCopied: questions.some((q) => q.ruleId !== null && q.rule !== null),
    condition: questions.some((q) => q.condition !== null),
  };
}

describe('the demo seed of onboarding forms', () => {
  it('holds the validation rules, each with its patterns', async () => {
    const rows = await db()
      .select()
      .from(validationRules)
      .where(
        inArray(
          validationRules.name,
          DEMO_VALIDATION_RULES.map((r) => r.name),
        ),
      );
    expect(rows.map((r) => r.name).sort()).toEqual(DEMO_VALIDATION_RULES.map((r) => r.name).sort());
    expect(rows.find((r) => r.name === 'Tax number (VN)')?.searchText).toContain('tax number');
  });

  it('holds form definitions in all three states, each version with the seven first question types, a group, a rule and a condition, the draft every typed one, a calculation and a signature', async () => {
    const versions = await demoVersions();
    const states = versions.map((v) => `${v.name} v${v.versionNumber} ${v.status}`).sort();
    expect(states).toEqual([
      'Bank details v1 Ready',
      'Company profile v1 Outdate',
      'Company profile v2 Ready',
      'Compliance questionnaire v1 Editing',
      'Contact persons v1 Ready',
    ]);
    for (const version of versions) {
      const kinds = questionKinds(version.sections);
      const expected =
        version.status === 'Editing'
          ? QUESTION_TYPES
          : QUESTION_TYPES.filter((type) => !isTypedQuestionType(type) && type !== 'calculated' && type !== 'signature');
      expect([...kinds.types].sort(), version.name).toEqual([...expected].sort());
      expect(kinds, version.name).toMatchObject({ groupWithChildren: true, ruleCopied: true, condition: true });
      expect(formStructureErrors(version.sections, null), version.name).toEqual([]);
      expect(version.totalFields).toBe(placedQuestions(version.sections).filter((p) => isFilledByPartner(p.question) && p.rowsOf === null).length);
      expect(version.ruleIds.length).toBeGreaterThan(0);
      expect(version.publishedAt === null).toBe(version.status === 'Editing');
    }
    const draft = versions.find((v) => v.status === 'Editing')!;
    expect(
      placedQuestions(draft.sections)
        .filter((p) => isRepeatingGroup(p.question))
        .map((p) => p.question.key),
    ).toEqual(['shareholders']);
    const [v1, v2] = versions.filter((v) => v.name === 'Company profile').sort((a, b) => a.versionNumber - b.versionNumber);
    expect(v1.definitionId).toBe(v2.definitionId);
  });

  it('gives both demo partners a partner form in every status, with progress counted from their answers', async () => {
    for (const partnerName of ['Acme Logistics', 'Globex Trading']) {
      const rows = await partnerFormsOf(partnerName);
      expect(new Set(rows.map((r) => r.form.status)), partnerName).toEqual(new Set(['OPEN', 'LOCKED', 'SUBMITTED']));
      for (const { form, version } of rows) {
        const progress = formProgress(version.sections, form.answers);
        expect(form).toMatchObject({ totalFields: progress.total, requiredFields: progress.required, filledCount: progress.filled });
        expect(form.filledCount, `${partnerName} ${version.name}`).toBeGreaterThan(0);
        expect(form.submittedAt === null).toBe(form.status !== 'SUBMITTED');
      }
    }
    const globex = await partnerFormsOf('Globex Trading');
    expect(globex.filter((r) => r.form.status === 'OPEN' && r.version.status === 'Outdate').map((r) => r.version.name)).toEqual(['Company profile']);
  });

  it('has submitted partner forms that pass the submit check, and stores their files', async () => {
    const rows = [...(await partnerFormsOf('Acme Logistics')), ...(await partnerFormsOf('Globex Trading'))];
    const submitted = rows.filter((r) => r.form.status === 'SUBMITTED');
    expect(submitted).toHaveLength(2);
    for (const { form, version } of submitted) expect(formAnswerErrors(version.sections, form.answers), version.name).toEqual([]);
    const files = await db()
      .select()
      .from(partnerFormFiles)
      .where(
        inArray(
          partnerFormFiles.partnerFormId,
          rows.map((r) => r.form.id),
        ),
      );
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const owner = rows.find((r) => r.form.id === file.partnerFormId)!;
      const answer = owner.form.answers[file.questionKey];
      expect((Array.isArray(answer) ? answer : [answer]).some((item) => typeof item === 'object' && item !== null && 'id' in item && item.id === file.id)).toBe(
        true,
      );
    }
    expect(storedFiles()).toEqual(expect.arrayContaining(files.map((f) => f.storageName)));
  });

  it('holds the onboarding sequence, already fired for the demo partner it brought its form', async () => {
    const versions = await demoVersions();
    const definitionOf = (name: string) => versions.find((v) => v.name === name)!.definitionId;
    const rules = await db().select().from(onboardingRules);
    const submitted = rules.find(
      (r) => r.trigger === 'formSubmitted' && r.sourceDefinitionId === definitionOf('Company profile') && r.targetDefinitionId === definitionOf('Bank details'),
    );
    expect(submitted).toBeDefined();
    const firings = await db().select().from(onboardingRuleFirings).where(eq(onboardingRuleFirings.ruleId, submitted!.id));
    const [acmeBank] = (await partnerFormsOf('Acme Logistics')).filter((r) => r.version.name === 'Bank details');
    expect(firings).toMatchObject([{ partnerId: acmeBank.form.partnerId, partnerFormId: acmeBank.form.id }]);
  });

  it('a second seed run adds nothing: no row, no file', async () => {
    const rows = await server.snapshot();
    const files = storedFiles();
    await runSeeds(server.built.ctx, modules, { demo: true });
    expect(await server.snapshot()).toBe(rows);
    expect(storedFiles()).toEqual(files);
  });
});
