import { useCallback } from 'react';
import type { Language } from '../../contract/http';
import en from '../../i18n/secondFactor.en';
import vi from '../../i18n/secondFactor.vi';
import { lookup } from '../../i18n/interpolate';
import { languagePreference } from '../preferences/language';

const catalogues: Record<Language, object> = { en, vi };

export type SecondFactorText = (key: string, values?: Record<string, unknown>) => string;

/** The second factor's words (secondFactor.*) in the chosen language: its own catalogue, loaded with its chunks. */
export function useSecondFactorText(): SecondFactorText {
  const language = languagePreference.useValue();
  return useCallback((key, values) => lookup(catalogues[language], `secondFactor.${key}`, values), [language]);
}
