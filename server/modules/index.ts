import { accountsModule } from './accounts';
import { agreementsModule } from './agreements';
import { cannedResponsesModule } from './cannedResponses';
import { countriesModule } from './countries';
import { activityModule } from './activity';
import { dashboardModule } from './dashboard';
import { filesModule } from './files';
import { formDefinitionsModule } from './formDefinitions';
import { healthModule } from './health';
import { helpCenterModule } from './helpCenter';
import { helpPublicPagesModule } from './helpCenter/publicPages';
import { impersonationModule } from './impersonation';
import { inboundMailModule } from './inboundMail';
import { notificationsModule } from './notifications';
import { notificationPreferencesModule, unsubscribeModule } from './notificationPreferences';
import { onboardingRulesModule } from './onboardingRules';
import { partnerFormsModule } from './partnerForms';
import { partnersModule } from './partners';
import { partnerUsersModule } from './partnerUsers';
import { passkeySignInModule, passkeysModule } from './passkeys';
import { rolesModule } from './roles';
import { signInSettingsModule, ssoModule } from './sso';
import { scimModule, scimTokensModule } from './scim';
import { ticketsModule } from './tickets';
import { usersModule } from './users';
import { validationRulesModule } from './validationRules';
import { declaredResources } from '../../contract/resources';
import { declaredModule } from '../core/declared';
import type { PortalModule } from './module';

/** The modules written here; a declared resource with rules of its own (hooks) has one, named after it. */
const writtenModules: readonly PortalModule[] = [
  healthModule,
  accountsModule,
  rolesModule,
  countriesModule,
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
  notificationPreferencesModule,
  unsubscribeModule,
  impersonationModule,
  passkeysModule,
  passkeySignInModule,
  ssoModule,
  signInSettingsModule,
  cannedResponsesModule,
  scimTokensModule,
  scimModule,
  inboundMailModule,
  helpCenterModule,
  helpPublicPagesModule,
  agreementsModule,
];

/**
 * Every module, in the order their seeds run (a module's rows may refer to an earlier module's): the written
 * ones, then each declared resource (contract/resources/) that needs nothing beyond its declaration.
 */
export const modules: readonly PortalModule[] = [
  ...writtenModules,
  ...declaredResources.filter((d) => !writtenModules.some((m) => m.name === d.name)).map((d) => declaredModule(d)),
];
