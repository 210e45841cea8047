import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { TranslationMessages } from 'react-admin';
import type { Language } from '../../contract/http';
import english from '../../i18n/en';
import vietnamese from '../../i18n/vi';
import { languagePreference } from '../preferences/language';
import { mergeCatalogues } from './mergeCatalogues';

/** Vietnamese is layered over English, so a missing Vietnamese key falls back to English. */
const catalogues: Record<Language, TranslationMessages> = {
  en: english,
  vi: mergeCatalogues(english, vietnamese),
};

export const languageChoices: { locale: Language; name: string }[] = [
  { locale: 'en', name: 'English' },
  { locale: 'vi', name: 'Vietnam' },
];

export function createI18nProvider(initialLanguage: Language = languagePreference.get()) {
  return polyglotI18nProvider((locale) => catalogues[locale as Language] ?? catalogues.en, initialLanguage, languageChoices, {
    allowMissing: true,
  });
}
