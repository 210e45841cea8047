import type { FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, LANGUAGE_HEADER, LANGUAGES, type Language } from '../../contract/http';
import { lookup } from '../../i18n/interpolate';
import apiEn from '../../i18n/api.en';
import apiVi from '../../i18n/api.vi';
import validationEn from '../../i18n/validation.en';
import validationVi from '../../i18n/validation.vi';
import formRulesApiEn from '../../i18n/formRulesApi.en';
import formRulesApiVi from '../../i18n/formRulesApi.vi';
import formDefinitionsApiEn from '../../i18n/formDefinitionsApi.en';
import formDefinitionsApiVi from '../../i18n/formDefinitionsApi.vi';
import partnerFormsApiEn from '../../i18n/partnerFormsApi.en';
import partnerFormsApiVi from '../../i18n/partnerFormsApi.vi';
import filesApiEn from '../../i18n/filesApi.en';
import sessionsEn from '../../i18n/sessions.en';
import notificationPreferencesEn from '../../i18n/notificationPreferences.en';
import filesApiVi from '../../i18n/filesApi.vi';
import sessionsVi from '../../i18n/sessions.vi';
import notificationPreferencesVi from '../../i18n/notificationPreferences.vi';
import passwordStrengthEn from '../../i18n/passwordStrength.en';
import passwordStrengthVi from '../../i18n/passwordStrength.vi';
import passkeysEn from '../../i18n/passkeys.en';
import passkeysVi from '../../i18n/passkeys.vi';
import impersonationEn from '../../i18n/impersonation.en';
import serviceLevelsEn from '../../i18n/serviceLevels.en';
import impersonationVi from '../../i18n/impersonation.vi';
import serviceLevelsVi from '../../i18n/serviceLevels.vi';
import ticketAssignmentEn from '../../i18n/ticketAssignment.en';
import ticketAssignmentVi from '../../i18n/ticketAssignment.vi';
import ticketNotesEn from '../../i18n/ticketNotes.en';
import ticketMergeEn from '../../i18n/ticketMerge.en';
import ticketNotesVi from '../../i18n/ticketNotes.vi';
import ticketMergeVi from '../../i18n/ticketMerge.vi';
import ssoEn from '../../i18n/sso.en';
import ssoVi from '../../i18n/sso.vi';
import ssoSamlEn from '../../i18n/ssoSaml.en';
import ssoSamlVi from '../../i18n/ssoSaml.vi';
import ssoOidcEn from '../../i18n/ssoOidc.en';
import ssoOidcVi from '../../i18n/ssoOidc.vi';
import inboundMailEn from '../../i18n/inboundMail.en';
import inboundMailVi from '../../i18n/inboundMail.vi';
import appEn from '../../i18n/app.en';
import appVi from '../../i18n/app.vi';
import adminEn from '../../i18n/admin.en';
import adminVi from '../../i18n/admin.vi';
import resourcesEn from '../../i18n/resources.en';
import resourcesVi from '../../i18n/resources.vi';
import scimEn from '../../i18n/scim.en';
import scimVi from '../../i18n/scim.vi';
import agreementsEn from '../../i18n/agreements.en';
import agreementsVi from '../../i18n/agreements.vi';
import helpCenterEn from '../../i18n/helpCenter.en';
import helpCenterVi from '../../i18n/helpCenter.vi';
import helpPublicEn from '../../i18n/helpPublic.en';
import helpPublicVi from '../../i18n/helpPublic.vi';
import { labelKeysOf, type ResourceDeclaration } from '../../contract/resources/declaration';

const catalogues: Record<Language, object> = {
  en: {
    ...apiEn,
    ...validationEn,
    ...formRulesApiEn,
    ...formDefinitionsApiEn,
    ...partnerFormsApiEn,
    ...filesApiEn,
    ...passwordStrengthEn,
    ...passkeysEn,
    ...sessionsEn,
    ...notificationPreferencesEn,
    ...impersonationEn,
    ...serviceLevelsEn,
    ...ticketAssignmentEn,
    ...ticketNotesEn,
    ...ticketMergeEn,
    ...ssoEn,
    ...ssoSamlEn,
    ...ssoOidcEn,
    ...inboundMailEn,
    ...resourcesEn,
    ...scimEn,
    ...helpCenterEn,
    ...helpPublicEn,
    ...agreementsEn,
  },
  vi: {
    ...apiVi,
    ...validationVi,
    ...formRulesApiVi,
    ...formDefinitionsApiVi,
    ...partnerFormsApiVi,
    ...filesApiVi,
    ...passwordStrengthVi,
    ...passkeysVi,
    ...sessionsVi,
    ...notificationPreferencesVi,
    ...impersonationVi,
    ...serviceLevelsVi,
    ...ticketAssignmentVi,
    ...ticketNotesVi,
    ...ticketMergeVi,
    ...ssoVi,
    ...ssoSamlVi,
    ...ssoOidcVi,
    ...inboundMailVi,
    ...resourcesVi,
    ...scimVi,
    ...helpCenterVi,
    ...helpPublicVi,
    ...agreementsVi,
  },
};

export function languageOf(request: FastifyRequest): Language {
  const asked = String(request.headers[LANGUAGE_HEADER] ?? '')
    .toLowerCase()
    .slice(0, 2);
  return (LANGUAGES as readonly string[]).includes(asked) ? (asked as Language) : DEFAULT_LANGUAGE;
}

/** The browser's texts that name things (declared resources' titles), for messages that name them. */
const labels: Record<Language, object> = { en: { ...appEn, ...adminEn, ...resourcesEn }, vi: { ...appVi, ...adminVi, ...resourcesVi } };

/** A value of a message worded in the reader's language when the message is (e.g. a resource's title). */
export type Localized = (language: Language) => string;

/** A declared resource's title ("Partners", "Đối tác") as a message value. */
export const resourceTitleOf =
  (d: ResourceDeclaration): Localized =>
  (language) =>
    lookup(labels[language], labelKeysOf(d).title);

export function translate(language: Language, key: string, values?: Record<string, unknown>): string {
  const worded = values && Object.values(values).some((v) => typeof v === 'function');
  return lookup(
    catalogues[language],
    key,
    worded ? Object.fromEntries(Object.entries(values).map(([k, v]) => [k, typeof v === 'function' ? (v as Localized)(language) : v])) : values,
  );
}
