import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi } from '../../../mocks/handlers';
import { languagePreference } from '../../../src/preferences/language';
import { LOAD, renderApp } from '../renderWithRouter';
import { signInAs } from '../sessionFixtures';

const openSecurityTab = async () => {
  signInAs('partner');
  const view = renderApp('/profile');
  await userEvent.setup().click(await screen.findByTestId('profile-tab-security', {}, LOAD));
  return view;
};
const inputNamed = (container: HTMLElement, name: string) => container.querySelector(`input[name="${name}"]`) as HTMLInputElement;

describe('profile security tab', () => {
  afterEach(() => languagePreference.set('en'));

  it('uses the default-size inputs of the sign-in pages, each with its own show-password eye', async () => {
    const { container } = await openSecurityTab();
    for (const name of ['password', 'newPassword', 'confirmNewPassword']) {
      const input = inputNamed(container, name);
      expect(input.closest('.MuiInputBase-root')).not.toHaveClass('MuiInputBase-sizeSmall');
      expect(input.closest('.MuiFormControl-root')).not.toHaveClass('MuiFormControl-marginDense');
      expect(input).toHaveAttribute('type', 'password');
    }
    const eyes = screen.getAllByRole('button', { name: 'Show password' });
    expect(eyes).toHaveLength(3);
    // The same icon as sign-in: an open eye offers to show, a struck-out eye to hide.
    expect(within(eyes[1]).getByTestId('VisibilityIcon')).toBeInTheDocument();
    await userEvent.setup().click(eyes[1]);
    expect(inputNamed(container, 'newPassword')).toHaveAttribute('type', 'text');
    expect(within(screen.getByRole('button', { name: 'Hide password' })).getByTestId('VisibilityOffIcon')).toBeInTheDocument();
  });

  it('says the password rule under the new password until an error takes its place', async () => {
    const user = userEvent.setup();
    const { container } = await openSecurityTab();
    const rule = '8 to 128 characters, and not your email address.';
    expect(inputNamed(container, 'newPassword')).toHaveAccessibleDescription(rule);
    await user.type(inputNamed(container, 'newPassword'), 'short');
    expect(screen.queryByText(rule)).not.toBeInTheDocument();
    expect(inputNamed(container, 'newPassword')).toHaveAccessibleDescription('At least 8 characters');
  });

  it('sends the three values to change-password', async () => {
    const user = userEvent.setup();
    const { container } = await openSecurityTab();
    await user.type(inputNamed(container, 'password'), 'Portal@123');
    await user.type(inputNamed(container, 'newPassword'), 'Another-harbour-2025');
    await user.type(inputNamed(container, 'confirmNewPassword'), 'Another-harbour-2025');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your password has been changed')).toBeInTheDocument();
    expect(mockApi.requests.at(-1)).toMatchObject({
      path: '/api/users/change-password',
      body: { password: 'Portal@123', newPassword: 'Another-harbour-2025', confirmNewPassword: 'Another-harbour-2025' },
    });
  });

  it('says the rule and the eye in Vietnamese', async () => {
    languagePreference.set('vi');
    const { container } = await openSecurityTab();
    expect(inputNamed(container, 'newPassword')).toHaveAccessibleDescription('Từ 8 đến 128 ký tự và không trùng với địa chỉ email của bạn.');
    expect(screen.getAllByRole('button', { name: 'Hiện mật khẩu' })).toHaveLength(3);
  });
});
