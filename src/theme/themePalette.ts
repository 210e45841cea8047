import type { PaletteOptions } from '@mui/material/styles';
import type { ThemeMode } from '../preferences/themeMode';
import { PRIMARY_COLOR, PRIMARY_TEXT_DARK_MODE, PRIMARY_TEXT_LIGHT_MODE } from './themeConstants';

/**
 * Colours that pass WCAG AA (4.5:1) wherever MUI writes text with them: on the paper and page backgrounds,
 * and as the text colour MUI picks for a filled chip or button (contrastThreshold). The brand blue #1877F2
 * (4.23:1 under white) stays for fills and large type: `primary.light`, progress bars, the logo.
 */
export function paletteOf(mode: ThemeMode): PaletteOptions {
  if (mode === 'dark') {
    return {
      mode,
      contrastThreshold: 4.5,
      // A fill under the pointer takes `dark`: MUI's darker shades put its dark text under 4.5:1.
      primary: { main: PRIMARY_TEXT_DARK_MODE, light: PRIMARY_COLOR, dark: '#4A8FEA' },
      secondary: { main: '#CE93D8', dark: '#BA68C8' },
      error: { main: '#F6685E', dark: '#EF5350' },
    };
  }
  return {
    mode,
    contrastThreshold: 4.5,
    primary: { main: PRIMARY_TEXT_LIGHT_MODE, light: PRIMARY_COLOR },
    // 4.5:1 on a hovered row too (#F5F5F5): #0277BD was 4.4 there, which axe caught on an outlined chip under the pointer.
    info: { main: '#0268A6' },
    warning: { main: '#B45309' },
    background: { default: '#F9FAFB', paper: '#FFFFFF' },
  };
}
