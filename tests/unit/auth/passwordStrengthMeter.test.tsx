import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi, VALID_MAIL_TOKEN } from '../../../mocks/handlers';
import AuthPages from '../../../src/auth/AuthPages';
import { languagePreference } from '../../../src/preferences/language';
import { renderAt } from '../renderWithRouter';

/** Issue 26, Deliver 6: the meter under the reset page's new password (zxcvbn, loaded as the password is typed). */
const resetPage = () => renderAt(`/forgot-password?token=${VALID_MAIL_TOKEN}&email=partner%40acme.example`, '/forgot-password', <AuthPages />);

describe('password strength meter', () => {
  afterEach(() => languagePreference.set('en'));

  it('says the strength in words as the password is typed, refuses a common one and lets a strong one through', async () => {
    const user = userEvent.setup();
    const { container } = resetPage();
    const submit = await screen.findByRole('button', { name: 'Update password' });
    const password = container.querySelector('input[name="password"]') as HTMLInputElement;
    const confirmation = container.querySelector('input[name="confirmPassword"]') as HTMLInputElement;
    const status = screen.getByRole('status');
    expect(status).toHaveAttribute('aria-live', 'polite');

    await user.type(password, 'password1234');
    await user.type(confirmation, 'password1234');
    await waitFor(() => expect(status).toHaveTextContent('Password strength: Weak'));
    expect(status).toHaveTextContent('This is close to a commonly used password.');
    expect(screen.getByText(/Too easy to guess/)).toBeInTheDocument();
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(submit).toBeDisabled();

    await user.clear(password);
    await user.clear(confirmation);
    await user.type(password, 'Lantern-orbit-quilt-47');
    await user.type(confirmation, 'Lantern-orbit-quilt-47');
    await waitFor(() => expect(status).toHaveTextContent('Password strength: Strong'));
    expect(screen.queryByText(/Too easy to guess/)).not.toBeInTheDocument();
    expect(submit).toBeEnabled();
    await user.click(submit);
    await waitFor(() => expect(mockApi.requests.at(-1)).toMatchObject({ path: '/api/users/reset-password', body: { password: 'Lantern-orbit-quilt-47' } }));
  });

  it('speaks Vietnamese, zxcvbn’s advice included', async () => {
    languagePreference.set('vi');
    const user = userEvent.setup();
    const { container } = resetPage();
    const password = await waitFor(() => {
      const input = container.querySelector<HTMLInputElement>('input[name="password"]');
      expect(input).not.toBeNull();
      return input!;
    });
    await user.type(password, 'qwertyuiop12');
    const status = screen.getByRole('status');
    await waitFor(() => expect(status).toHaveTextContent('Độ mạnh mật khẩu: Yếu'));
    expect(status).toHaveTextContent('Mật khẩu này gần giống một mật khẩu phổ biến.');
    expect(screen.getByText(/Mật khẩu quá dễ đoán/)).toBeInTheDocument();
  });
});
