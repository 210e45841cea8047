import { and, eq, isNull, sql, type AnyColumn } from 'drizzle-orm';
import type { OnboardingRuleDto } from '../../../contract/forms';
import type { Db } from '../../db/client';
import { rowVersion } from '../../core/recordVersion';
import { formDefinitions, formVersions } from '../formDefinitions/formDefinitions.schema';
import { onboardingRules } from './onboardingRules.schema';

export type OnboardingRuleRow = typeof onboardingRules.$inferSelect;

/** A form definition's name: its Ready version's, else its newest live version's; null when it has none. */
export const definitionName = (definitionId: AnyColumn) =>
  sql<string | null>`(select v.name from ${formVersions} v where v.definition_id = ${definitionId} and v.deleted_at is null
    order by (v.status = 'Ready') desc, v.version_number desc limit 1)`;

/** A rule's columns with its forms' names, as every read of rules selects them. */
export const ruleWithNames = {
  row: onboardingRules,
  sourceFormName: definitionName(onboardingRules.sourceDefinitionId),
  targetFormName: definitionName(onboardingRules.targetDefinitionId),
};

export type RuleWithNames = { row: OnboardingRuleRow; sourceFormName: string | null; targetFormName: string | null };

export const toOnboardingRuleDto = ({ row, sourceFormName, targetFormName }: RuleWithNames): OnboardingRuleDto => ({
  id: row.id,
  trigger: row.trigger,
  sourceDefinitionId: row.sourceDefinitionId,
  sourceFormName,
  targetDefinitionId: row.targetDefinitionId,
  targetFormName: targetFormName ?? '',
  dueDays: row.dueDays,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  version: rowVersion(row),
});

/** A live rule with its names, or null. */
export async function loadRule(db: Db, id: string, lock = false) {
  const query = db
    .select(ruleWithNames)
    .from(onboardingRules)
    .where(and(eq(onboardingRules.id, id), isNull(onboardingRules.deletedAt)));
  const [found] = lock ? await query.for('update', { of: onboardingRules }) : await query;
  return (found as RuleWithNames | undefined) ?? null;
}

/** Whether a form definition exists with at least one live version (what a rule may name). */
export async function definitionExists(db: Db, definitionId: string) {
  const [found] = await db
    .select({ id: formDefinitions.id })
    .from(formDefinitions)
    .where(
      and(
        eq(formDefinitions.id, definitionId),
        sql`exists (select 1 from ${formVersions} v where v.definition_id = ${formDefinitions.id} and v.deleted_at is null)`,
      ),
    );
  return !!found;
}
