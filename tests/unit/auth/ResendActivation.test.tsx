import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi } from '../../../mocks/handlers';
import AuthPages from '../../../src/auth/AuthPages';
import { languagePreference } from '../../../src/preferences/language';
import { renderAt } from '../renderWithRouter';

const renderInvalidLink = (query = 'email=waiting%40acme.example&code=expired') => renderAt(`/active?${query}`, '/active', <AuthPages />);

describe('an unusable activation link offers a new one', () => {
  afterEach(() => languagePreference.set('en'));

  it("sends resend-activation for the link's email and answers with the neutral message", async () => {
    const user = userEvent.setup();
    renderInvalidLink();
    expect(await screen.findByText('Verify failed !')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Get a new activation link' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('waiting@acme.example');
    // Send is enabled once the link's address is checked (the form's rules load lazily): as a person sees it.
    const send = screen.getByRole('button', { name: 'Send a new link' });
    await waitFor(() => expect(send).toBeEnabled());
    await user.click(send);
    expect(await screen.findByTestId('activation-resent')).toHaveTextContent(
      'If that address has an account waiting for activation, a new link is on its way.',
    );
    expect(mockApi.requests.at(-1)).toMatchObject({ path: '/api/users/resend-activation', body: { email: 'waiting@acme.example' } });
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/sign-in');
  });

  it('without an email in the link, asks for one and keeps Send disabled until it is valid', async () => {
    const user = userEvent.setup();
    renderInvalidLink('code=expired');
    const send = await screen.findByRole('button', { name: 'Send a new link' });
    expect(send).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'someone@acme');
    expect(screen.getByText('Invalid email. Please enter a valid email')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), '.example');
    expect(send).toBeEnabled();
    await user.click(send);
    await screen.findByTestId('activation-resent');
    expect(mockApi.requests.at(-1)).toMatchObject({ path: '/api/users/resend-activation', body: { email: 'someone@acme.example' } });
  });

  it('speaks Vietnamese to a Vietnamese reader', async () => {
    languagePreference.set('vi');
    renderInvalidLink();
    expect(await screen.findByRole('heading', { name: 'Nhận đường dẫn kích hoạt mới' })).toBeInTheDocument();
    // Enabled once the form's schema has loaded (the link's address is valid).
    await waitFor(() => expect(screen.getByRole('button', { name: 'Gửi đường dẫn mới' })).toBeEnabled());
  });
});
