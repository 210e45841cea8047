import type { ThemeOptions } from '@mui/material/styles';
import type { ThemeMode } from '../preferences/themeMode';
import { BORDER_RADIUS, BREAKPOINTS, PRIMARY_COLOR } from './themeConstants';

/** One theme for the sign-in pages and the admin; react-admin builds its own from these options. */
export function themeOptions(mode: ThemeMode): ThemeOptions {
  return {
    palette: {
      mode,
      primary: { main: PRIMARY_COLOR },
      ...(mode === 'light' ? { background: { default: '#F9FAFB', paper: '#FFFFFF' } } : {}),
    },
    shape: { borderRadius: BORDER_RADIUS },
    breakpoints: { values: BREAKPOINTS },
    typography: {
      fontFamily: '"Public Sans", "Inter", "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiButton: { defaultProps: { disableElevation: true } },
    },
  };
}
