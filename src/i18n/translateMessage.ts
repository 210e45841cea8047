import { useCallback } from 'react';
import type { Language } from '../../contract/http';
import { isRuleMessage, type RuleMessage } from '../../contract/schemas/messages';
import { lookup } from '../../i18n/interpolate';
import { languagePreference } from '../preferences/language';
import { lightCatalogues } from './lightCatalogues';

export type TranslateMessage = (key: string, values?: Record<string, unknown>) => string;

/** Translates an app.* or validation.* key in the chosen language, outside react-admin. */
export function translateMessage(key: string, values?: Record<string, unknown>, language?: Language): string {
  return lookup(lightCatalogues[language ?? languagePreference.get()], key, values);
}

/** A schema's message ({key, values}) or a plain text, as the reader should see it. */
export function translateRuleMessage(message: RuleMessage | string, translate: TranslateMessage = translateMessage): string {
  return isRuleMessage(message) ? translate(message.key, message.values) : message;
}

/** The light translator bound to the chosen language; re-renders when the language changes. */
export function useTranslateMessage(): TranslateMessage {
  const language = languagePreference.useValue();
  return useCallback((key, values) => translateMessage(key, values, language), [language]);
}
