import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { afterEach, describe, expect, it } from 'vitest';
import { MuiLocaleProvider } from '../../../src/i18n/MuiLocaleProvider';
import { languagePreference } from '../../../src/preferences/language';
import { PortalThemeProvider } from '../../../src/theme/PortalThemeProvider';

const renderAutocomplete = () =>
  render(
    <PortalThemeProvider>
      <MuiLocaleProvider>
        <Autocomplete options={['Acme Logistics']} value="Acme Logistics" renderInput={(params) => <TextField {...params} label="Partner" />} />
      </MuiLocaleProvider>
    </PortalThemeProvider>,
  );

describe("MUI's own texts follow the reader's language", () => {
  afterEach(() => languagePreference.set('en'));

  it('an autocomplete in Vietnamese names its open button "Mở", tooltip and accessible name', () => {
    languagePreference.set('vi');
    renderAutocomplete();
    expect(screen.getByRole('button', { name: 'Mở' })).toHaveAttribute('title', 'Mở');
  });

  it('says "No options" in the language chosen, switching live', async () => {
    renderAutocomplete();
    expect(screen.getByRole('button', { name: 'Open' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.clear(screen.getByRole('combobox', { name: 'Partner' }));
    await user.type(screen.getByRole('combobox', { name: 'Partner' }), 'zzz');
    expect(screen.getByText('No options')).toBeInTheDocument();
    languagePreference.set('vi');
    expect(await screen.findByText('Không có lựa chọn nào')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Đóng' })).toBeInTheDocument();
  });
});
