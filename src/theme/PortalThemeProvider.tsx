import { useMemo, type ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { themeModePreference } from '../preferences/themeMode';
import { themeOptions } from './themeOptions';

/** The theme outside react-admin (sign-in pages, 404, toasts), following the stored light or dark choice. */
export function PortalThemeProvider({ children }: { children: ReactNode }) {
  const mode = themeModePreference.useValue();
  const theme = useMemo(() => createTheme(themeOptions(mode)), [mode]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}
