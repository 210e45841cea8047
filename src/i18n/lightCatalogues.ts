import type { Language } from '../../contract/http';
import appEn from '../../i18n/app.en';
import appVi from '../../i18n/app.vi';
import ssoSamlEn from '../../i18n/ssoSaml.en';
import ssoSamlVi from '../../i18n/ssoSaml.vi';
import validationEn from '../../i18n/validation.en';
import validationVi from '../../i18n/validation.vi';
import { mergeCatalogues } from './mergeCatalogues';

/**
 * The app.* and validation.* keys (and the SAML sign-in's refusals, shown there): enough for the sign-in pages, the
 * HTTP client and the toasts, without react-admin's ra.* catalogue (the sign-in page's bundle budget).
 */
const english = { ...appEn, ...validationEn, ...ssoSamlEn };

export const lightCatalogues: Record<Language, object> = {
  en: english,
  vi: mergeCatalogues(english, { ...appVi, ...validationVi, ...ssoSamlVi }),
};
