import type { ThemeOptions } from '@mui/material/styles';
import type { ThemeMode } from '../preferences/themeMode';
import { focusFirstField } from './dialogFocus';
import { helperTextOverrides } from './fieldSpacing';
import { tablePaginationOverrides } from './tablePagination';
import { BORDER_RADIUS, BREAKPOINTS, PRIMARY_COLOR } from './themeConstants';
import { paletteOf } from './themePalette';

/** One theme for the sign-in pages and the admin; react-admin builds its own from these options. */
export function themeOptions(mode: ThemeMode): ThemeOptions {
  return {
    palette: paletteOf(mode),
    shape: { borderRadius: BORDER_RADIUS },
    breakpoints: { values: BREAKPOINTS },
    typography: {
      fontFamily: '"Public Sans", "Inter", "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiButton: { defaultProps: { disableElevation: true } },
      // Every dialog opens with the focus on its first field, not on its frame (a dialog's own slotProps merge with this).
      MuiDialog: { defaultProps: { slotProps: { transition: { onEntered: focusFirstField } } } },
      MuiFormHelperText: { styleOverrides: helperTextOverrides },
      MuiTablePagination: { styleOverrides: tablePaginationOverrides },
      // A bar carries no text: the brand colour itself, in both modes.
      MuiLinearProgress: { styleOverrides: { barColorPrimary: { backgroundColor: PRIMARY_COLOR } } },
    },
  };
}
