import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../contract/http';
import { preferenceCookies } from '../../contract/preferenceCookies';
import { storageKeys } from '../config/storageKeys';
import { storedPreference } from './storedPreference';

/** The chosen interface language (en by default); also sent as the client-language header. */
export const languagePreference = storedPreference<Language>(storageKeys.language, LANGUAGES, DEFAULT_LANGUAGE, preferenceCookies.language.name);

/** Keeps <html lang> on the chosen language (screen readers, hyphenation). */
export function followDocumentLanguage() {
  const apply = () => {
    document.documentElement.lang = languagePreference.get();
  };
  apply();
  return languagePreference.subscribe(apply);
}
