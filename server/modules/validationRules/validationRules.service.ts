import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { validationRulesDeclaration } from '../../../contract/resources/validationRules';
import type { Db } from '../../db/client';
import { declaredValuesOf, type DeclaredHooks } from '../../core/declared';
import { ApiError } from '../../core/errors';
import { formVersions } from '../formDefinitions/formDefinitions.schema';

/** The columns of a rule as every write (the API, the seeds) stores them, its folded search text included. */
export const validationRuleValues = (input: Record<string, unknown>) => declaredValuesOf(validationRulesDeclaration, input);

/** The names of the Ready form versions whose questions use the rule. */
export async function readyFormsUsingRule(db: Db, ruleId: string) {
  const rows = await db
    .select({ name: formVersions.name })
    .from(formVersions)
    .where(and(sql`${ruleId}::uuid = any(${formVersions.ruleIds})`, eq(formVersions.status, 'Ready'), isNull(formVersions.deletedAt)))
    .orderBy(asc(formVersions.name));
  return rows.map((row) => row.name);
}

/** What validation rules do beyond their declaration: a rule a Ready form uses is not deleted. */
export const validationRuleHooks: DeclaredHooks = {
  // The delete holds the rule row locked: a publish that share-locks the rules it copies waits for the verdict.
  async beforeDelete(tx, existing) {
    const forms = await readyFormsUsingRule(tx, existing.id);
    if (forms.length) throw new ApiError(409, 'formRulesApi.ruleInUse', undefined, { forms: forms.join(', '), count: forms.length });
  },
};
