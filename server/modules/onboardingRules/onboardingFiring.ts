import { and, eq, isNull } from 'drizzle-orm';
import type { OnboardingTrigger } from '../../../contract/forms';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import type { DomainEvent } from '../../core/events';
import { readyVersionOf } from '../formDefinitions/formVersionQueries';
import { assignPartnerForm } from '../partnerForms/assignment';
import { onboardingRuleFirings, onboardingRules } from './onboardingRules.schema';
import { ONBOARDING_RULES_PATH } from './onboardingRules.service';

type Publish = (event: DomainEvent) => void;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Fires the live rules of a trigger for one partner, inside the transaction of the change that triggered them.
 * A rule fires once per partner: the firing row's primary key decides, so of two submits racing, the second
 * waits on the first's row and then inserts nothing. A rule whose target has no Ready version is not spent: it
 * fires on the partner's next trigger once there is one.
 */
export async function fireOnboardingRules(tx: Db, publish: Publish, partnerId: string, trigger: OnboardingTrigger, sourceDefinitionId: string | null) {
  const rules = await tx
    .select({ id: onboardingRules.id, targetDefinitionId: onboardingRules.targetDefinitionId, dueDays: onboardingRules.dueDays })
    .from(onboardingRules)
    .where(
      and(
        eq(onboardingRules.trigger, trigger),
        sourceDefinitionId ? eq(onboardingRules.sourceDefinitionId, sourceDefinitionId) : isNull(onboardingRules.sourceDefinitionId),
        isNull(onboardingRules.deletedAt),
      ),
    )
    .orderBy(onboardingRules.createdAt, onboardingRules.id);
  for (const rule of rules) {
    if (!(await readyVersionOf(tx, rule.targetDefinitionId))) continue;
    const [firing] = await tx.insert(onboardingRuleFirings).values({ ruleId: rule.id, partnerId }).onConflictDoNothing().returning();
    if (!firing) continue;
    // What comes next for this partner changed: an open "next partner forms" screen refetches.
    publish({ type: 'ResourceChanged', resource: ONBOARDING_RULES_PATH, id: rule.id, action: 'updated' });
    const dueAt = rule.dueDays ? new Date(Date.now() + rule.dueDays * DAY_MS) : null;
    const assigned = await assignPartnerForm(tx, publish, { partnerId, definitionId: rule.targetDefinitionId, assignedBy: null, dueAt });
    if (assigned)
      await tx
        .update(onboardingRuleFirings)
        .set({ partnerFormId: assigned.id })
        .where(and(eq(onboardingRuleFirings.ruleId, rule.id), eq(onboardingRuleFirings.partnerId, partnerId)));
  }
}

const registered = new WeakSet<AppContext['events']>();

/** The onboarding sequence's in-transaction handlers, once per event bus (the module's plugin runs once per prefix). */
export function registerOnboardingFiring(ctx: AppContext) {
  if (registered.has(ctx.events)) return () => {};
  registered.add(ctx.events);
  const stops = [
    ctx.events.handleInTransaction('PartnerCreated', (tx, event, publish) => fireOnboardingRules(tx, publish, event.partnerId, 'partnerCreated', null)),
    ctx.events.handleInTransaction('PartnerFormSubmitted', (tx, event, publish) =>
      fireOnboardingRules(tx, publish, event.partnerId, 'formSubmitted', event.definitionId),
    ),
  ];
  return () => {
    registered.delete(ctx.events);
    stops.forEach((stop) => stop());
  };
}
