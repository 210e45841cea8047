import { accountsModule } from './accounts';
import { activityModule } from './activity';
import { dashboardModule } from './dashboard';
import { filesModule } from './files';
import { formDefinitionsModule } from './formDefinitions';
import { healthModule } from './health';
import { notificationsModule } from './notifications';
import { onboardingRulesModule } from './onboardingRules';
import { partnerFormsModule } from './partnerForms';
import { partnersModule } from './partners';
import { partnerUsersModule } from './partnerUsers';
import { rolesModule } from './roles';
import { ticketsModule } from './tickets';
import { usersModule } from './users';
import { validationRulesModule } from './validationRules';
import type { PortalModule } from './module';

/** Every module, in the order their seeds run (a module's rows may refer to an earlier module's). */
export const modules: readonly PortalModule[] = [
  healthModule,
  accountsModule,
  rolesModule,
  partnersModule,
  usersModule,
  partnerUsersModule,
  ticketsModule,
  validationRulesModule,
  formDefinitionsModule,
  partnerFormsModule,
  onboardingRulesModule,
  filesModule,
  activityModule,
  dashboardModule,
  notificationsModule,
];
