import { and, asc, isNotNull, isNull } from 'drizzle-orm';
import { placedQuestions } from '../../../contract/answers/questions';
import { rulePatternCostError } from '../../../contract/answers/textRule';
import type { TextRule } from '../../../contract/forms';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { formVersions } from '../formDefinitions/formDefinitions.schema';
import { validationRules } from './validationRules.schema';

/** A stored pattern over the cost bound: a validation rule, or a question's copy of one in a form version. */
export interface CostlyRulePattern {
  rule: string;
  regex: string;
  ruleId?: string;
  form?: { id: string; name: string; versionNumber: number; status: string; questionKey: string };
}

const overBound = (rule: Pick<TextRule, 'regex' | 'maxLength'> | null | undefined): rule is Pick<TextRule, 'regex' | 'maxLength'> & { regex: string } =>
  !!rule?.regex && rulePatternCostError(rule.regex, rule.maxLength) !== null;

/**
 * The patterns saved before the cost bound (RULE_PATTERN_WORK_MAX) that exceed it: live rules, and the copies
 * questions of form versions keep (partner forms are checked with the copy).
 */
export async function costlyRulePatterns(db: Db): Promise<CostlyRulePattern[]> {
  const found: CostlyRulePattern[] = [];
  const rules = await db
    .select({ id: validationRules.id, name: validationRules.name, regex: validationRules.regex, maxLength: validationRules.maxLength })
    .from(validationRules)
    .where(and(isNull(validationRules.deletedAt), isNotNull(validationRules.regex)))
    .orderBy(asc(validationRules.name));
  for (const rule of rules) if (overBound(rule)) found.push({ rule: rule.name, regex: rule.regex, ruleId: rule.id });

  const versions = await db
    .select({
      id: formVersions.id,
      name: formVersions.name,
      versionNumber: formVersions.versionNumber,
      status: formVersions.status,
      sections: formVersions.sections,
    })
    .from(formVersions)
    .where(isNull(formVersions.deletedAt))
    .orderBy(asc(formVersions.name), asc(formVersions.versionNumber));
  for (const version of versions) {
    for (const { question } of placedQuestions(version.sections)) {
      const rule = question.rule;
      if (!overBound(rule)) continue;
      const form = { id: version.id, name: version.name, versionNumber: version.versionNumber, status: version.status, questionKey: question.key };
      found.push({ rule: question.rule?.name ?? '', regex: rule.regex, ruleId: question.ruleId ?? undefined, form });
    }
  }
  return found;
}

/**
 * Runs at every start: one warning per stored pattern over the cost bound, naming the rule (and the form whose
 * question copies it). Such a pattern is not run on an answer it could not check within the bound; the answer's
 * lengths are still checked. Editing the rule (or the form's question) to a smaller pattern or max length ends it.
 */
export async function reportCostlyRulePatterns({ db, log }: Pick<AppContext, 'db' | 'log'>) {
  for (const costly of await costlyRulePatterns(db)) {
    const where = costly.form
      ? `question "${costly.form.questionKey}" of form "${costly.form.name}" version ${costly.form.versionNumber} (${costly.form.status}) copies validation rule`
      : 'validation rule';
    log.warn(
      { validationRuleId: costly.ruleId, formVersionId: costly.form?.id, regex: costly.regex },
      `${where} "${costly.rule}" has a pattern over the cost bound; it is skipped on answers too long to check within the bound until the rule is edited`,
    );
  }
}
