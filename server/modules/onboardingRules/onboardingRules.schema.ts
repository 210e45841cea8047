import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import type { OnboardingTrigger } from '../../../contract/forms';
import { createdAt, updatedAt } from '../../db/columns';
import { formDefinitions } from '../formDefinitions/formDefinitions.schema';
import { partnerForms } from '../partnerForms/partnerForms.schema';
import { partners } from '../partners/partners.schema';

/** The onboarding sequence: "when a partner submits A, assign B"; "when a partner is created, assign X". */
export const onboardingRules = pgTable(
  'onboarding_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    trigger: varchar('trigger', { length: 20 }).$type<OnboardingTrigger>().notNull(),
    sourceDefinitionId: uuid('source_definition_id').references(() => formDefinitions.id),
    targetDefinitionId: uuid('target_definition_id')
      .notNull()
      .references(() => formDefinitions.id),
    /** The partner form it assigns is due this many days after the assignment; null: no due date. */
    dueDays: integer('due_days'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('onboarding_rules_unique_idx')
      .on(t.trigger, sql`coalesce(${t.sourceDefinitionId}, '00000000-0000-0000-0000-000000000000'::uuid)`, t.targetDefinitionId)
      .where(sql`${t.deletedAt} is null`),
    index('onboarding_rules_source_idx').on(t.trigger, t.sourceDefinitionId),
  ],
);

/** A rule fired for a partner: at most once (the primary key), however many submits race. */
export const onboardingRuleFirings = pgTable(
  'onboarding_rule_firings',
  {
    ruleId: uuid('rule_id')
      .notNull()
      .references(() => onboardingRules.id),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.id),
    partnerFormId: uuid('partner_form_id').references(() => partnerForms.id),
    firedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.ruleId, t.partnerId] })],
);
