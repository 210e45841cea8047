import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../mocks/handlers';
import AuthPages from '../../../src/auth/AuthPages';
import { renderAt } from '../renderWithRouter';

const renderForgotPassword = () => renderAt('/forgot-password', '/forgot-password', <AuthPages />);

describe('forgot password', () => {
  it('focuses the email field on load', () => {
    renderForgotPassword();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveFocus();
  });

  it('keeps Send disabled until the email is valid, explaining why', async () => {
    const user = userEvent.setup();
    renderForgotPassword();
    const send = screen.getByRole('button', { name: 'Send request' });
    expect(send).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'partner@acme');
    expect(screen.getByText('Invalid email. Please enter a valid email')).toBeInTheDocument();
    expect(send).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), '.example');
    expect(screen.queryByText('Invalid email. Please enter a valid email')).not.toBeInTheDocument();
    expect(send).toBeEnabled();
  });

  it('answers with the neutral message after sending', async () => {
    const user = userEvent.setup();
    renderForgotPassword();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'nobody@example.com');
    // Enabled once the typed address is checked (the form's rules load lazily).
    const send = screen.getByRole('button', { name: 'Send request' });
    await waitFor(() => expect(send).toBeEnabled());
    await user.click(send);
    expect(await screen.findByText('If the email exists, a link to reset the password has been sent')).toBeInTheDocument();
    expect(mockApi.requests.at(-1)).toMatchObject({ path: '/api/users/forgot-password', body: { email: 'nobody@example.com' } });
  });

  it('links back to sign in and offers help by mail', () => {
    renderForgotPassword();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/sign-in');
    expect(screen.getByRole('link', { name: 'Need help?' })).toHaveAttribute('href', 'mailto:support@example.com');
  });
});
