import { and, inArray, isNull } from 'drizzle-orm';
import { isFilledByPartner, isRepeatingGroup, placedQuestions, plainCondition } from '../../../contract/answers';
import { foldForSearch } from '../../../contract/fold';
import { NO_LIMITS, type FormQuestion, type FormSection, type QuestionPrefill, type TextRule } from '../../../contract/forms';
import type { FormSectionsInput } from '../../../contract/schemas/formDefinitions';
import type { Db } from '../../db/client';
import { validationRules } from '../validationRules/validationRules.schema';

/** What a version's keyword search reads: its name, folded (case and diacritics ignored). */
export const formSearchText = (name: string) => foldForSearch(name);

type SectionInput = FormSectionsInput['sections'][number];
type QuestionInput = SectionInput['questions'][number];

/**
 * The derived columns of a version, as every write of one (the API, the seeds) stores them: the rules its
 * questions use, its answerable and required questions (groups aside, conditions ignored) and its folded name.
 */
export function versionColumns(version: { name: string; sections: readonly FormSection[] }) {
  const placed = placedQuestions(version.sections).filter(({ question }) => isFilledByPartner(question));
  // A repeating group counts once, as the partner form's progress counts it: required when it needs a row.
  const counted = placed.filter(({ rowsOf }) => rowsOf === null).map(({ question }) => question);
  const required = (q: FormQuestion) => (isRepeatingGroup(q) ? (q.repeat?.min ?? 0) > 0 : q.required);
  return {
    ruleIds: [...new Set(placed.flatMap(({ question: q }) => (q.ruleId ? [q.ruleId.toLowerCase()] : [])))],
    totalFields: counted.length,
    requiredFields: counted.filter(required).length,
    searchText: formSearchText(version.name),
  };
}

/** A validated prefill with the fields of its source only. */
const plainPrefill = (prefill: QuestionPrefill): QuestionPrefill =>
  prefill.source === 'partner'
    ? { source: 'partner', field: prefill.field, locked: prefill.locked }
    : { source: 'form', definitionId: prefill.definitionId.toLowerCase(), questionKey: prefill.questionKey, locked: prefill.locked };

/** A validated question in its stored shape: options only on choices, never required on a group, no rule copy yet. */
function storedQuestion(question: QuestionInput | Omit<QuestionInput, 'children' | 'repeat'>, children: FormQuestion[]): FormQuestion {
  const choices = question.type === 'select' || question.type === 'multiple';
  return {
    key: question.key,
    type: question.type,
    label: question.label,
    help: question.help,
    required: question.type !== 'group' && question.type !== 'calculated' && question.required,
    options: choices ? question.options : [],
    ruleId: question.ruleId ? question.ruleId.toLowerCase() : null,
    rule: null,
    condition: question.condition ? plainCondition(question.condition) : null,
    // Only where given: a question without limits is stored as before typed answers (old versions read the same).
    ...(question.calculation
      ? { calculation: { expression: question.calculation.expression, decimals: question.calculation.decimals, unit: question.calculation.unit } }
      : {}),
    ...(question.prefill ? { prefill: plainPrefill(question.prefill as QuestionPrefill) } : {}),
    // Kept where given, so that the structure check refuses rows on a question that is not a group.
    ...('repeat' in question && question.repeat ? { repeat: { min: question.repeat.min, max: question.repeat.max } } : {}),
    ...(question.limits ? { limits: { ...NO_LIMITS, ...question.limits, currencies: [...question.limits.currencies] } } : {}),
    children,
  };
}

/** The sections as stored, from a validated document (the structure is checked on this shape). */
export const storedSections = (sections: FormSectionsInput['sections']): FormSection[] =>
  sections.map((section) => ({
    key: section.key,
    title: section.title,
    questions: section.questions.map((question) =>
      storedQuestion(
        question,
        question.children.map((child) => storedQuestion(child, [])),
      ),
    ),
  }));

const ruleCopy = (rule: typeof validationRules.$inferSelect): TextRule => ({
  name: rule.name,
  suggestText: rule.suggestText,
  errorText: rule.errorText,
  minLength: rule.minLength,
  maxLength: rule.maxLength,
  regex: rule.regex,
});

/**
 * The live rules the sections name, share-locked until the transaction ends so that a rule cannot be deleted
 * while a version that uses it is being saved or published (the delete waits, then finds it in use).
 */
export async function liveRulesOf(tx: Db, sections: readonly FormSection[]) {
  const ids = versionColumns({ name: '', sections }).ruleIds;
  const rows = ids.length
    ? await tx
        .select()
        .from(validationRules)
        .where(and(inArray(validationRules.id, ids), isNull(validationRules.deletedAt)))
        .for('share')
    : [];
  return new Map(rows.map((rule) => [rule.id, ruleCopy(rule)]));
}

/** The sections with each question's `rule` copied from its live rule (the client's copy is never kept). */
export function withRuleCopies(sections: readonly FormSection[], rules: ReadonlyMap<string, TextRule>): FormSection[] {
  const copy = (question: FormQuestion): FormQuestion => ({
    ...question,
    rule: question.ruleId ? (rules.get(question.ruleId.toLowerCase()) ?? null) : null,
    children: question.children.map(copy),
  });
  return sections.map((section) => ({ ...section, questions: section.questions.map(copy) }));
}
