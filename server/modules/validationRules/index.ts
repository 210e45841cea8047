import type { PortalModule } from '../module';
import { seedDemoValidationRules } from './validationRules.demo';
import { validationRuleRoutes } from './validationRules.routes';

/** Validation rules of text answers (API `validation-rules`). */
export const validationRulesModule: PortalModule = { name: 'validationRules', plugin: validationRuleRoutes, seedDemo: seedDemoValidationRules };
