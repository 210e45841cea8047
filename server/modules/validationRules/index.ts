import { validationRulesDeclaration } from '../../../contract/resources/validationRules';
import { declaredModule } from '../../core/declared';
import type { PortalModule } from '../module';
import { reportCostlyRulePatterns } from './rulePatternCosts';
import { seedDemoValidationRules } from './validationRules.demo';
import { validationRuleHooks } from './validationRules.service';

/**
 * Validation rules of text answers (contract/resources/validationRules.ts). Its `seed` writes no rows: it runs at
 * every start to report the rules stored before the pattern cost bound that exceed it.
 */
export const validationRulesModule: PortalModule = {
  ...declaredModule(validationRulesDeclaration, { ...validationRuleHooks, seedDemo: seedDemoValidationRules }),
  seed: reportCostlyRulePatterns,
};
