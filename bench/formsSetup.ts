// The form of npm run bench:forms: 20 sections of 25 questions, built through the API as staff build one, published,
// assigned to Acme; and 500 answers that pass every check.
import type { PagedResult } from '../contract/envelope';
import type { Answers, FormDto, FormQuestion, FormSection, PartnerFormDto, ValidationRuleDto } from '../contract/forms';
import type { TestServer } from '../tests/server/harness';

export const SECTIONS = 20;
export const QUESTIONS_PER_SECTION = 25;
const CHOICES = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo'];

export const sectionKey = (section: number) => `s${String(section + 1).padStart(2, '0')}`;
export const questionKey = (section: number, question: number) => `${sectionKey(section)}q${String(question + 1).padStart(2, '0')}`;
/** The label of a text question (unique on the page, so the browser bench finds its input by it). */
export const questionLabel = (section: number, question: number) => `Question ${section + 1}.${question + 1}`;

/** A question's type by its place: mostly text (every fifth with the rule), then yes/no, select and multiple. */
function questionType(question: number): FormQuestion['type'] {
  if (question < 15) return 'text';
  if (question < 19) return 'yesNo';
  if (question < 22) return 'select';
  return 'multiple';
}

function benchSections(ruleId: string): FormSection[] {
  return Array.from({ length: SECTIONS }, (_, s) => ({
    key: sectionKey(s),
    title: `Section ${s + 1}`,
    questions: Array.from({ length: QUESTIONS_PER_SECTION }, (_, q): FormQuestion => {
      const type = questionType(q);
      return {
        key: questionKey(s, q),
        type,
        label: questionLabel(s, q),
        help: q % 3 === 0 ? 'Some help for the partner about this question.' : '',
        required: q % 2 === 0,
        options: type === 'select' || type === 'multiple' ? CHOICES : [],
        ruleId: type === 'text' && q % 5 === 0 ? ruleId : null,
        rule: null,
        // The last question shows when the section's first yes/no is "yes": every section evaluates a condition.
        condition: q === QUESTIONS_PER_SECTION - 1 ? { questionKey: questionKey(s, 15), operator: 'is', value: 'yes' } : null,
        children: [],
      };
    }),
  }));
}

/** Answers to all 500 questions that pass the rule, the options and every requirement; `run` varies the texts. */
export function benchAnswers(run = 0): Answers {
  const answers: Answers = {};
  for (let s = 0; s < SECTIONS; s++) {
    for (let q = 0; q < QUESTIONS_PER_SECTION; q++) {
      const type = questionType(q);
      const key = questionKey(s, q);
      if (type === 'text') answers[key] = q % 5 === 0 ? `ABC-${String((run * 7 + s * 31 + q) % 10_000).padStart(4, '0')}` : `Answer ${run} to ${key}`;
      else if (type === 'yesNo') answers[key] = true;
      else if (type === 'select') answers[key] = CHOICES[(run + q) % CHOICES.length];
      else answers[key] = [CHOICES[0], CHOICES[(run + q) % CHOICES.length]].filter((c, i, all) => all.indexOf(c) === i);
    }
  }
  return answers;
}

async function ok<T>(answer: Promise<{ status: number; body: { data?: T | null }; text: string }>, what: string): Promise<T> {
  const { status, body, text } = await answer;
  if (status >= 300) throw new Error(`${what}: ${status} ${text}`);
  return body.data as T;
}

/** Builds the bench form through the API (rule, form, sections, publish) and assigns it to Acme; the partner form's id. */
export async function setUpBenchForm(server: Pick<TestServer, 'api'>, staffToken: string) {
  const call = <T>(method: string, path: string, body: unknown, what: string, headers?: Record<string, string>) =>
    ok<T>(server.api<T>(method, path, { token: staffToken, body, headers }), what);
  const rule = await call<ValidationRuleDto>(
    'POST',
    '/api/v1/validation-rules',
    {
      name: `Bench code ${Date.now()}`,
      suggestText: 'Three letters, a dash, four digits',
      errorText: 'Like ABC-1234',
      minLength: 8,
      maxLength: 8,
      regex: '[A-Z]{3}-[0-9]{4}',
    },
    'create the rule',
  );
  const form = await call<FormDto>(
    'POST',
    '/api/v1/forms',
    { name: `Bench form ${Date.now()}`, description: '20 × 25', type: 'Bench', note: '' },
    'create the form',
  );
  const fresh = await call<FormDto>('GET', `/api/v1/forms/${form.id}`, undefined, 'read the form');
  await call('PUT', `/api/v1/forms/${form.id}/sections`, { sections: benchSections(rule.id) }, 'save the sections', { 'if-match': `"${fresh.version}"` });
  await call('POST', `/api/v1/forms/${form.id}/publish`, {}, 'publish');
  const partners = await call<PagedResult<{ id: string; name: string }>>(
    'POST',
    '/api/v1/partners/search',
    { pageNumber: 1, pageSize: 10, advancedSearch: { keyword: 'Acme Logistics' } },
    'find Acme',
  );
  const acme = partners.items.find((p) => p.name === 'Acme Logistics');
  if (!acme) throw new Error('no Acme Logistics in the demo data');
  const assigned = await call<{ assigned: PartnerFormDto[] }>('POST', '/api/v1/partner-forms/assign', { formId: form.id, partnerIds: [acme.id] }, 'assign');
  return { formId: form.id, partnerFormId: assigned.assigned[0].id };
}
