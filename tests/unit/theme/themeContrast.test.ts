import { createTheme, getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { THEME_MODES } from '../../../src/preferences/themeMode';
import { PRIMARY_COLOR } from '../../../src/theme/themeConstants';
import { themeOptions } from '../../../src/theme/themeOptions';

const AA = 4.5;
const COLOURS = ['primary', 'secondary', 'info', 'success', 'warning', 'error'] as const;

describe.each(THEME_MODES)('the %s theme', (mode) => {
  const { palette } = createTheme(themeOptions(mode));

  it.each(COLOURS)('writes %s text readably on the page and on paper (WCAG AA)', (colour) => {
    expect(getContrastRatio(palette[colour].main, palette.background.default)).toBeGreaterThanOrEqual(AA);
    expect(getContrastRatio(palette[colour].main, palette.background.paper)).toBeGreaterThanOrEqual(AA);
  });

  it.each(COLOURS)('puts readable text on a %s fill (buttons, status chips)', (colour) => {
    expect(getContrastRatio(palette[colour].contrastText, palette[colour].main)).toBeGreaterThanOrEqual(AA);
  });

  it.each(COLOURS)('keeps text readable on a %s fill under the pointer (hovered buttons take the dark shade)', (colour) => {
    expect(getContrastRatio(palette[colour].contrastText, palette[colour].dark)).toBeGreaterThanOrEqual(AA);
  });
});

describe('the brand blue', () => {
  it('stays for fills (primary.light) while text takes a darker shade in the light theme', () => {
    const { palette } = createTheme(themeOptions('light'));
    expect(palette.primary.light).toBe(PRIMARY_COLOR);
    expect(palette.primary.main).not.toBe(PRIMARY_COLOR);
  });
});
