import type { OnboardingRuleDto } from '../../../contract/forms';

type Translate = (key: string, values?: Record<string, unknown>) => string;

/** A rule as a sentence: "When a partner submits A, assign B". */
export function ruleSentence(rule: OnboardingRuleDto, translate: Translate) {
  const unnamed = translate('validationRules.onboarding.unnamedForm');
  const target = rule.targetFormName || unnamed;
  const sentence =
    rule.trigger === 'partnerCreated'
      ? translate('validationRules.onboarding.ruleCreated', { target })
      : translate('validationRules.onboarding.ruleSubmitted', { source: rule.sourceFormName || unnamed, target });
  return rule.dueDays ? `${sentence}, ${translate('dueDates.ruleDaysText', { smart_count: rule.dueDays })}` : sentence;
}
