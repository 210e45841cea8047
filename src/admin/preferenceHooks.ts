import { useCallback } from 'react';
import { useLocaleState, useTheme } from 'react-admin';
import type { Language } from '../../contract/http';
import { languagePreference } from '../preferences/language';
import { themeModePreference, type ThemeMode } from '../preferences/themeMode';

/*
 * The stored preferences (src/preferences) are the source of truth; react-admin's store mirrors them so its
 * translations and theme follow. AdminApp seeds the store from them.
 */
export function useChangeLanguage() {
  const [, setLocale] = useLocaleState();
  return useCallback(
    (language: Language) => {
      languagePreference.set(language);
      setLocale(language);
    },
    [setLocale],
  );
}

export function useChangeThemeMode() {
  const [, setTheme] = useTheme();
  return useCallback(
    (mode: ThemeMode) => {
      themeModePreference.set(mode);
      setTheme(mode);
    },
    [setTheme],
  );
}
