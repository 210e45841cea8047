import type { PortalModule } from '../module';
import { reportCostlyRulePatterns } from './rulePatternCosts';
import { seedDemoValidationRules } from './validationRules.demo';
import { validationRuleRoutes } from './validationRules.routes';

/**
 * Validation rules of text answers (API `validation-rules`). Its `seed` writes no rows: it runs at every start
 * to report the rules stored before the pattern cost bound that exceed it.
 */
export const validationRulesModule: PortalModule = {
  name: 'validationRules',
  plugin: validationRuleRoutes,
  seed: reportCostlyRulePatterns,
  seedDemo: seedDemoValidationRules,
};
