import { and, eq, isNull, sql } from 'drizzle-orm';
import type { OnboardingTrigger } from '../../../contract/forms';
import type { AppContext } from '../../context';
import type { DemoFormName } from '../formDefinitions/demoFormSections';
import { demoDefinitionId } from '../formDefinitions/formDefinitions.demo';
import { partnerForms } from '../partnerForms/partnerForms.schema';
import { demoPartnerId } from '../partners/partners.seed';
import { onboardingRuleFirings, onboardingRules } from './onboardingRules.schema';

interface DemoOnboardingRule {
  trigger: OnboardingTrigger;
  source: DemoFormName | null;
  target: DemoFormName;
  /** The demo partners this rule already assigned its form to (partnerForms.demo.ts: `assignedBy: 'sequence'`). */
  firedFor: ('Acme Logistics' | 'Globex Trading')[];
}

/**
 * The demo onboarding sequence: submitting "Company profile" brings "Bank details". No "when a partner is
 * created" rule: every test server runs on the demo seed, and such a rule would give each partner a test makes a
 * partner form (rows its cleanup cannot delete, events and hub messages the test does not expect).
 */
export const DEMO_ONBOARDING_RULES: DemoOnboardingRule[] = [
  { trigger: 'formSubmitted', source: 'Company profile', target: 'Bank details', firedFor: ['Acme Logistics'] },
];

/**
 * The demo onboarding rules a database lacks, known by trigger, source and target (a deleted one stays
 * deleted), and the firings that brought the demo partners their forms (a partner form of the target that no
 * staff user assigned), so the rules do not fire again for them. A rule whose forms are not there is not added.
 */
export async function seedDemoOnboardingRules({ db }: AppContext) {
  const createdAt = new Date(Date.now() - 60 * 24 * 60 * 60 * 1000);
  for (const demo of DEMO_ONBOARDING_RULES) {
    const sourceDefinitionId = demo.source ? await demoDefinitionId(db, demo.source) : null;
    const targetDefinitionId = await demoDefinitionId(db, demo.target);
    if (!targetDefinitionId || (demo.source && !sourceDefinitionId)) continue;
    const [present] = await db
      .select({ id: onboardingRules.id })
      .from(onboardingRules)
      .where(
        and(
          eq(onboardingRules.trigger, demo.trigger),
          sourceDefinitionId ? eq(onboardingRules.sourceDefinitionId, sourceDefinitionId) : isNull(onboardingRules.sourceDefinitionId),
          eq(onboardingRules.targetDefinitionId, targetDefinitionId),
        ),
      )
      .limit(1);
    const [rule] = present
      ? [present]
      : await db
          .insert(onboardingRules)
          .values({ trigger: demo.trigger, sourceDefinitionId, targetDefinitionId, createdAt, updatedAt: createdAt })
          .returning({ id: onboardingRules.id });
    for (const partnerName of demo.firedFor) {
      const partnerId = await demoPartnerId(db, partnerName);
      if (!partnerId) continue;
      const [assigned] = await db
        .select({ id: partnerForms.id, createdAt: partnerForms.createdAt })
        .from(partnerForms)
        .where(and(eq(partnerForms.partnerId, partnerId), eq(partnerForms.definitionId, targetDefinitionId), isNull(partnerForms.assignedBy)))
        .orderBy(sql`${partnerForms.createdAt}`)
        .limit(1);
      if (!assigned) continue;
      await db
        .insert(onboardingRuleFirings)
        .values({ ruleId: rule.id, partnerId, partnerFormId: assigned.id, firedAt: assigned.createdAt })
        .onConflictDoNothing();
    }
  }
}
