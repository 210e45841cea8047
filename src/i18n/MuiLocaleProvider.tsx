import { useMemo, type ReactNode } from 'react';
import { enUS, viVN, type Localization } from '@mui/material/locale';
import { createTheme, ThemeProvider, useTheme, type Theme } from '@mui/material/styles';
import type { Language } from '../../contract/http';
import { languagePreference } from '../preferences/language';

/** MUI's own texts (the autocomplete's "Open", "Clear", "No options", the pagination's defaults) per language. */
export const muiLocales: Record<Language, Localization> = { en: enUS, vi: viVN };

/** The surrounding theme with MUI's component texts in `language` (MUI's documented way: merge the locale). */
export const withMuiLocale = (theme: Theme, language: Language): Theme => createTheme(theme, muiLocales[language]);

/** Gives the components below MUI's texts in the reader's language, following the language preference. */
export function MuiLocaleProvider({ children }: { children: ReactNode }) {
  const language = languagePreference.useValue();
  const outer = useTheme();
  const theme = useMemo(() => withMuiLocale(outer, language), [outer, language]);
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}
