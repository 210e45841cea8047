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
import filesApiVi from '../../i18n/filesApi.vi';
import sessionsVi from '../../i18n/sessions.vi';
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
    ...impersonationEn,
    ...serviceLevelsEn,
    ...ticketAssignmentEn,
    ...ticketNotesEn,
    ...ticketMergeEn,
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
    ...impersonationVi,
    ...serviceLevelsVi,
    ...ticketAssignmentVi,
    ...ticketNotesVi,
    ...ticketMergeVi,
  },
};

export function languageOf(request: FastifyRequest): Language {
  const asked = String(request.headers[LANGUAGE_HEADER] ?? '')
    .toLowerCase()
    .slice(0, 2);
  return (LANGUAGES as readonly string[]).includes(asked) ? (asked as Language) : DEFAULT_LANGUAGE;
}

export function translate(language: Language, key: string, values?: Record<string, unknown>): string {
  return lookup(catalogues[language], key, values);
}
