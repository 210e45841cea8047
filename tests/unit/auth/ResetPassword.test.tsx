import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, VALID_MAIL_TOKEN } from '../../../mocks/handlers';
import AuthPages from '../../../src/auth/AuthPages';
import { PasswordResetDone } from '../../../src/auth/PasswordResetDone';
import { renderAt } from '../renderWithRouter';

const resetLink = (token: string) => `/forgot-password?token=${token}&email=partner%40acme.example`;

describe('reset password', () => {
  afterEach(() => vi.useRealTimers());

  it('verifies the mailed token, then says "Verify failed !" when it is invalid', async () => {
    renderAt(resetLink('stale'), '/forgot-password', <AuthPages />);
    expect(screen.getByText('Checking your link…')).toBeInTheDocument();
    expect(await screen.findByText('Verify failed !')).toBeInTheDocument();
    expect(screen.getByText('Your token is expired or invalid, please request another.')).toBeInTheDocument();
    expect(mockApi.requests[0]).toMatchObject({
      path: '/api/users/verify-token/forgot-password',
      body: { email: 'partner@acme.example', token: 'stale' },
    });
  });

  it('keeps submit disabled while the passwords are empty or differ, saying they do not match', async () => {
    const user = userEvent.setup();
    const { container } = renderAt(resetLink(VALID_MAIL_TOKEN), '/forgot-password', <AuthPages />);
    const submit = await screen.findByRole('button', { name: 'Update password' });
    expect(submit).toBeDisabled();
    const password = container.querySelector('input[name="password"]') as HTMLInputElement;
    const confirmation = container.querySelector('input[name="confirmPassword"]') as HTMLInputElement;
    await user.type(password, 'New-Pass-2025');
    await user.type(confirmation, 'New-Pass-2024');
    expect(screen.getByText('The password and confirm password do not match')).toBeInTheDocument();
    expect(submit).toBeDisabled();
    await user.clear(confirmation);
    await user.type(confirmation, 'New-Pass-2025');
    expect(screen.queryByText('The password and confirm password do not match')).not.toBeInTheDocument();
    expect(submit).toBeEnabled();
  });

  it('resets the password and shows the confirmation with its countdown', async () => {
    const user = userEvent.setup();
    const { container } = renderAt(resetLink(VALID_MAIL_TOKEN), '/forgot-password', <AuthPages />);
    await screen.findByRole('button', { name: 'Update password' });
    await user.type(container.querySelector('input[name="password"]') as HTMLInputElement, 'New-Pass-2025');
    await user.type(container.querySelector('input[name="confirmPassword"]') as HTMLInputElement, 'New-Pass-2025');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByText('Your password has been updated')).toBeInTheDocument();
    expect(screen.getByTestId('reset-countdown')).toHaveTextContent('in 5 s');
    expect(mockApi.requests.at(-1)).toMatchObject({
      path: '/api/users/reset-password',
      body: { email: 'partner@acme.example', password: 'New-Pass-2025', token: VALID_MAIL_TOKEN },
    });
  });

  it('counts down from 5 seconds, then goes to /sign-in; a link goes there at once', () => {
    vi.useFakeTimers();
    renderAt('/done', '/done', <PasswordResetDone />);
    expect(screen.getByRole('link', { name: 'Sign in now' })).toHaveAttribute('href', '/sign-in');
    expect(screen.getByTestId('reset-countdown')).toHaveTextContent('in 5 s');
    for (const left of [4, 3, 2, 1]) {
      act(() => vi.advanceTimersByTime(1000));
      expect(screen.getByTestId('reset-countdown')).toHaveTextContent(`in ${left} s`);
    }
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByTestId('current-path')).toHaveTextContent('/sign-in');
  });
});
