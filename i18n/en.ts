import raEnglish from 'ra-language-english';
import adminEn from './admin.en';
import appEn from './app.en';
import ticketsEn from './tickets.en';
import validationEn from './validation.en';
import formRulesEn from './formRules.en';
import formBuilderEn from './formBuilder.en';
import formConditionsEn from './formConditions.en';
import formFillerEn from './formFiller.en';
import partnerFormsEn from './partnerForms.en';
import formRulesApiEn from './formRulesApi.en';
import formDefinitionsApiEn from './formDefinitionsApi.en';
import partnerFormsApiEn from './partnerFormsApi.en';
import fileManagerEn from './fileManager.en';
import fileAccessEn from './fileAccess.en';
import filesApiEn from './filesApi.en';
import dashboardEn from './dashboard.en';
import resourcesEn from './resources.en';
import dueDatesEn from './dueDates.en';
import passwordStrengthEn from './passwordStrength.en';
import passkeysEn from './passkeys.en';
import ssoSamlEn from './ssoSaml.en';
import sessionsEn from './sessions.en';
import notificationPreferencesEn from './notificationPreferences.en';
import impersonationEn from './impersonation.en';
import serviceLevelsEn from './serviceLevels.en';
import ticketAssignmentEn from './ticketAssignment.en';
import ticketNotesEn from './ticketNotes.en';
import ticketMergeEn from './ticketMerge.en';
import ssoEn from './sso.en';
import signInSettingsEn from './signInSettings.en';
import ssoOidcEn from './ssoOidc.en';
import helpCenterEn from './helpCenter.en';
import helpPublicEn from './helpPublic.en';
import agreementsEn from './agreements.en';
import raTiptapEn from './raTiptap.en';

/** The complete English catalogue: react-admin's ra.*, the app's app.* and the schemas' validation.*. */
export default {
  ...raEnglish,
  ...appEn,
  ...adminEn,
  ...ticketsEn,
  ...validationEn,
  ...formRulesEn,
  ...formBuilderEn,
  ...formConditionsEn,
  ...formFillerEn,
  ...partnerFormsEn,
  ...formRulesApiEn,
  ...formDefinitionsApiEn,
  ...partnerFormsApiEn,
  ...fileManagerEn,
  ...fileAccessEn,
  ...filesApiEn,
  ...dashboardEn,
  ...resourcesEn,
  ...dueDatesEn,
  ...passwordStrengthEn,
  ...passkeysEn,
  ...ssoSamlEn,
  ...sessionsEn,
  ...notificationPreferencesEn,
  ...impersonationEn,
  ...serviceLevelsEn,
  ...ticketAssignmentEn,
  ...ticketNotesEn,
  ...ticketMergeEn,
  ...ssoEn,
  ...signInSettingsEn,
  ...ssoOidcEn,
  ...helpCenterEn,
  ...helpPublicEn,
  ...agreementsEn,
  // react-admin's texts and its rich-text toolbar's, one ra.* object.
  ra: { ...raEnglish.ra, ...raTiptapEn },
};
