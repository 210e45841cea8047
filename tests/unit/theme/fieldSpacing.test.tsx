import { render, screen } from '@testing-library/react';
import { createTheme } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { FormTextField } from '../../../src/components/FormTextField';
import { FLOATING_LABEL_RISE, LABEL_CLEARANCE } from '../../../src/theme/fieldSpacing';
import { PortalThemeProvider } from '../../../src/theme/PortalThemeProvider';
import { themeOptions } from '../../../src/theme/themeOptions';

describe('field error spacing', () => {
  for (const mode of ['light', 'dark'] as const) {
    it(`a helper or error text leaves more room than the next field's floating label rises (${mode})`, () => {
      const root = createTheme(themeOptions(mode)).components?.MuiFormHelperText?.styleOverrides?.root as { marginBottom: number; lineHeight: number };
      expect(root.marginBottom).toBeGreaterThan(FLOATING_LABEL_RISE);
      expect(root.lineHeight).toBeGreaterThanOrEqual(1.5);
    });
  }

  it('an error under a sign-in field gets that room', () => {
    render(
      <PortalThemeProvider>
        <FormTextField name="email" label="Email" value="x" onChange={() => {}} error helperText="Trường này là bắt buộc" />
      </PortalThemeProvider>,
    );
    expect(getComputedStyle(screen.getByText('Trường này là bắt buộc')).marginBottom).toBe(`${FLOATING_LABEL_RISE + LABEL_CLEARANCE}px`);
  });
});
