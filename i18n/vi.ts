import raVi from './ra.vi';
import adminVi from './admin.vi';
import appVi from './app.vi';
import ticketsVi from './tickets.vi';
import validationVi from './validation.vi';
import formRulesVi from './formRules.vi';
import formBuilderVi from './formBuilder.vi';
import formConditionsVi from './formConditions.vi';
import formFillerVi from './formFiller.vi';
import partnerFormsVi from './partnerForms.vi';
import formRulesApiVi from './formRulesApi.vi';
import formDefinitionsApiVi from './formDefinitionsApi.vi';
import partnerFormsApiVi from './partnerFormsApi.vi';
import fileManagerVi from './fileManager.vi';
import fileAccessVi from './fileAccess.vi';
import filesApiVi from './filesApi.vi';
import dashboardVi from './dashboard.vi';
import resourcesVi from './resources.vi';
import dueDatesVi from './dueDates.vi';
import passwordStrengthVi from './passwordStrength.vi';
import passkeysVi from './passkeys.vi';
import ssoSamlVi from './ssoSaml.vi';
import sessionsVi from './sessions.vi';
import notificationPreferencesVi from './notificationPreferences.vi';
import impersonationVi from './impersonation.vi';
import serviceLevelsVi from './serviceLevels.vi';
import ticketAssignmentVi from './ticketAssignment.vi';
import ticketNotesVi from './ticketNotes.vi';
import ticketMergeVi from './ticketMerge.vi';
import ssoVi from './sso.vi';
import signInSettingsVi from './signInSettings.vi';
import ssoOidcVi from './ssoOidc.vi';
import helpCenterVi from './helpCenter.vi';
import helpPublicVi from './helpPublic.vi';
import agreementsVi from './agreements.vi';
import raTiptapVi from './raTiptap.vi';

/** The complete Vietnamese catalogue; the i18n provider layers it over English, the fallback. */
export default {
  ...raVi,
  ...appVi,
  ...adminVi,
  ...ticketsVi,
  ...validationVi,
  ...formRulesVi,
  ...formBuilderVi,
  ...formConditionsVi,
  ...formFillerVi,
  ...partnerFormsVi,
  ...formRulesApiVi,
  ...formDefinitionsApiVi,
  ...partnerFormsApiVi,
  ...fileManagerVi,
  ...fileAccessVi,
  ...filesApiVi,
  ...dashboardVi,
  ...resourcesVi,
  ...dueDatesVi,
  ...passwordStrengthVi,
  ...passkeysVi,
  ...ssoSamlVi,
  ...sessionsVi,
  ...notificationPreferencesVi,
  ...impersonationVi,
  ...serviceLevelsVi,
  ...ticketAssignmentVi,
  ...ticketNotesVi,
  ...ticketMergeVi,
  ...ssoVi,
  ...signInSettingsVi,
  ...ssoOidcVi,
  ...helpCenterVi,
  ...helpPublicVi,
  ...agreementsVi,
  // react-admin's texts and its rich-text toolbar's, one ra.* object.
  ra: { ...raVi.ra, ...raTiptapVi },
};
