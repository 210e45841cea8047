import type { PortalModule } from '../module';
import { seedDemoOnboardingRules } from './onboardingRules.demo';
import { onboardingRuleRoutes } from './onboardingRules.routes';

/** The onboarding sequence: rules that assign the next form when a partner is created or submits one. */
export const onboardingRulesModule: PortalModule = { name: 'onboardingRules', plugin: onboardingRuleRoutes, seedDemo: seedDemoOnboardingRules };
