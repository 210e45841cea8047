import { eq } from 'drizzle-orm';
import { RE2JS } from 're2js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rulePatternCostError, rulePatternProgramSize } from '../../contract/answers';
import { RULE_PATTERN_WORK_MAX, TEXT_ANSWER_MAX, type FormSection, type ValidationRuleDto } from '../../contract/forms';
import type { AppContext } from '../../server/context';
import { validationRules } from '../../server/db/schema';
import { validationRulesModule } from '../../server/modules/validationRules';
import { costlyRulePatterns, reportCostlyRulePatterns } from '../../server/modules/validationRules/rulePatternCosts';
import { section } from '../fixtures/formQuestions';
import { expectEnvelope, expectFieldErrors, fieldMessage, refused } from './expectations';
import { unique, useDemoServer } from './factories';
import { formCalls, question as builderQuestion, section as builderSection } from './formDefinitionsFixtures';
import { partnerWithForm, question } from './partnerFormsFixtures';

const demo = useDemoServer();
const { server, make, token } = demo;
const admin = () => token('admin@example.com');
const db = () => server.built.database.db;
const forms = formCalls(demo);

/** The review's patterns, accepted (201) before the bound: 121 and 19 characters. */
const REVIEW_121 = '(?:.?){1000}'.repeat(10) + 'b';
const REVIEW_19 = '(?:.?){1000}a{1000}';
/** The most costly pattern of the review's kind a rule without a max length accepts (25 instructions). */
const WORST_ACCEPTED = '.*(?:a.{9}|b.{9})';

const create = (body: object, language = 'en') =>
  server.api<ValidationRuleDto>('POST', '/api/v1/validation-rules', {
    token: admin(),
    body: { name: `Rule ${unique('vr')}`, ...body },
    headers: { 'client-language': language },
  });

/** A rule written straight to its table, as one saved before the bound would be; removed after the test. */
async function storedRule(regex: string, maxLength: number | null = null) {
  const [row] = await db()
    .insert(validationRules)
    .values({ name: `Legacy ${unique('vr')}`, regex, maxLength })
    .returning();
  make.onCleanup(() => db().delete(validationRules).where(eq(validationRules.id, row.id)));
  return row;
}

/** Five text questions checked by one rule copy, as the review's form had. */
const fiveQuestionsWith = (regex: string): FormSection[] => [
  section(
    'company',
    ['t1', 't2', 't3', 't4', 't5'].map((key) =>
      question(key, 'text', { rule: { name: `Pattern of ${key}`, suggestText: '', errorText: '', minLength: null, maxLength: null, regex } }),
    ),
  ),
];

/** The patterns re2js was asked to match an answer with, while a call runs in this process. */
function countMatches() {
  const matches = vi.spyOn(RE2JS.prototype, 'matches');
  return () => matches.mock.contexts.map((pattern) => (pattern as RE2JS).pattern());
}

afterEach(() => vi.restoreAllMocks());

describe('the cost bound of a validation rule pattern', () => {
  it("refuses the review's patterns with an error on regex, in English and Vietnamese, writing nothing", async () => {
    for (const regex of [REVIEW_121, REVIEW_19]) {
      const english = await refused(server, () => create({ regex }));
      expectFieldErrors(english, ['regex']);
      expect(fieldMessage(english, 'regex')).toContain('more than 1000 instructions');
      const vietnamese = await refused(server, () => create({ regex, maxLength: 10 }, 'vi'));
      expectFieldErrors(vietnamese, ['regex']);
      expect(fieldMessage(vietnamese, 'regex')).toContain('hơn 1000 lệnh');
    }
  });

  it('accepts a larger pattern when the rule has a max length that keeps its check within the bound', async () => {
    const regex = '(?:.?){100}';
    const longest = Math.floor(RULE_PATTERN_WORK_MAX / rulePatternProgramSize(regex)!);
    const withoutMax = await refused(server, () => create({ regex }));
    expect(fieldMessage(withoutMax, 'regex')).toContain(`maximum length of at most ${longest}`);
    const made = expectEnvelope(await create({ regex, maxLength: longest }), 201).body.data!;
    make.onCleanup(() => server.api('DELETE', `/api/v1/validation-rules/${made.id}`, { token: admin() }));
    const unbounded = await server.api('PATCH', `/api/v1/validation-rules/${made.id}`, { token: admin(), body: { maxLength: null } });
    expectFieldErrors(unbounded, ['regex']);
  });

  it('saves and submits 4,000-character answers to five questions of the worst accepted pattern, each answer checked by it', async () => {
    expect(rulePatternCostError(WORST_ACCEPTED, null)).toBeNull();
    const form = await partnerWithForm(demo, { sections: fiveQuestionsWith(WORST_ACCEPTED) });
    const answer = 'ab'.repeat(TEXT_ANSWER_MAX / 2 - 5) + 'a123456789';
    const answers = Object.fromEntries(['t1', 't2', 't3', 't4', 't5'].map((key) => [key, answer]));
    const patterns = countMatches();
    const saved = expectEnvelope(await form.save(answers), 200);
    expect(saved.body.data!.sections[0]).toMatchObject({ filled: 5, errors: 0 });
    expect(patterns().filter((pattern) => pattern === WORST_ACCEPTED).length).toBeGreaterThanOrEqual(5);
    expectEnvelope(await form.submit(), 200);
  });

  it('reports a stored rule over the bound at start, naming it, and skips its pattern on answers it cannot check within the bound', async () => {
    expect(validationRulesModule.seed).toBe(reportCostlyRulePatterns);
    const legacy = await storedRule(REVIEW_121);
    const fine = await storedRule('[0-9]+');
    const form = await partnerWithForm(demo, { sections: fiveQuestionsWith(REVIEW_121) });

    const found = await costlyRulePatterns(db());
    expect(found.filter((costly) => costly.ruleId === legacy.id)).toEqual([{ rule: legacy.name, regex: REVIEW_121, ruleId: legacy.id }]);
    expect(found.some((costly) => costly.ruleId === fine.id)).toBe(false);
    expect(found.filter((costly) => costly.form?.id === form.version.id).map((costly) => costly.form?.questionKey)).toEqual(['t1', 't2', 't3', 't4', 't5']);

    const warnings: string[] = [];
    const log = { warn: (_fields: object, line: string) => warnings.push(line) } as unknown as AppContext['log'];
    await reportCostlyRulePatterns({ db: db(), log });
    expect(warnings.filter((line) => line.includes(`validation rule "${legacy.name}"`))).toHaveLength(1);
    expect(warnings.filter((line) => line.includes(`of form "${form.version.name}"`))).toHaveLength(5);

    const patterns = countMatches();
    expectEnvelope(await form.save({ t1: 'x'.repeat(TEXT_ANSWER_MAX) }), 200);
    expect(patterns()).not.toContain(REVIEW_121);
    expectFieldErrors(await server.api('PATCH', `/api/v1/validation-rules/${legacy.id}`, { token: admin(), body: { errorText: 'Renamed' } }), ['regex']);
  });

  it('refuses a form question that names a stored rule over the bound, on its ruleId, so no new copy of it is made', async () => {
    const legacy = await storedRule(REVIEW_19);
    const fine = await storedRule('[0-9]+', 10);
    const made = await forms.form();
    const sections = [
      builderSection('s1', [
        builderQuestion('tax', { ruleId: fine.id }),
        builderQuestion('g', { type: 'group', children: [{ key: 'code', ruleId: legacy.id }] }),
      ]),
    ];
    const answer = expectFieldErrors(await refused(server, () => forms.saveSections(made.id, sections)), ['sections[0].questions[1].children[0].ruleId']);
    expect(fieldMessage(answer, 'sections[0].questions[1].children[0].ruleId')).toContain('edit the rule first');
    await db().update(validationRules).set({ regex: '[A-Z]+' }).where(eq(validationRules.id, legacy.id));
    expectEnvelope(await forms.saveSections(made.id, sections), 200);
  });
});
