import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { SsoDiscovery } from '../../../contract/sso';
import { failed, ok } from '../../../mocks/envelopes';
import { server } from '../../../mocks/server';
import AuthPages from '../../../src/auth/AuthPages';
import { readCredentials } from '../../../src/providers/session/sessionStorage';
import { renderAt } from '../renderWithRouter';

const PROVIDER = { id: '6f1c2c52-8a4e-4c55-9b0e-2d1f0c7e9a10', name: 'Acme Entra ID', kind: 'oidc' as const };

/** acme.example is verified for Acme's provider; `required` says whether its people may still use a password. */
function acmeVerified(required: boolean) {
  const asked: string[] = [];
  server.use(
    http.post('/api/sso/discover', async ({ request }) => {
      const { email } = (await request.json()) as { email: string };
      asked.push(email);
      const answer: SsoDiscovery = email.endsWith('@acme.example') ? { provider: PROVIDER, required } : { provider: null, required: false };
      return ok(answer);
    }),
  );
  return asked;
}

const renderSignIn = () => renderAt('/sign-in', '/sign-in', <AuthPages />);
const email = () => screen.getByRole('textbox', { name: 'Email' });

describe('email-first sign-in (issue 37)', () => {
  it('offers the organisation provider once the email is left, and keeps the password beside it', async () => {
    const asked = acmeVerified(false);
    const user = userEvent.setup();
    renderSignIn();
    await user.type(email(), 'ann@acme.example');
    await user.tab();
    const button = await screen.findByRole('link', { name: 'Continue with Acme Entra ID' });
    expect(button).toHaveAttribute('href', `/api/sso/${PROVIDER.id}/start`);
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in with a passkey' })).toBeInTheDocument();
    expect(asked).toEqual(['ann@acme.example']);
  });

  it('hides the password, the reset link and the passkey when the organisation requires its provider', async () => {
    acmeVerified(true);
    const user = userEvent.setup();
    renderSignIn();
    await user.type(email(), 'ann@acme.example');
    await user.tab();
    expect(await screen.findByTestId('sso-required')).toHaveTextContent('Your organisation signs its people in with Acme Entra ID');
    expect(screen.getByRole('link', { name: 'Continue with Acme Entra ID' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    expect(screen.queryByText('Forgot password?')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).not.toBeInTheDocument();
  });

  it('stays as it was for an address no organisation verified, and signs in with the password', async () => {
    acmeVerified(true);
    const user = userEvent.setup();
    renderSignIn();
    await user.type(email(), 'admin@example.com');
    await user.tab();
    await user.type(screen.getByLabelText('Password'), 'Portal@123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByTestId('current-path')).toHaveTextContent(/^\/$/);
    expect(screen.queryByTestId('sso-continue')).not.toBeInTheDocument();
  });

  it('asks before sending a password typed with the email, and sends none when the provider is required', async () => {
    acmeVerified(true);
    const passwords: unknown[] = [];
    server.use(
      http.post('/api/token', async ({ request }) => {
        passwords.push(await request.json());
        return failed(401, 'Invalid email or password');
      }),
    );
    const user = userEvent.setup();
    renderSignIn();
    await user.type(email(), 'ann@acme.example');
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('link', { name: 'Continue with Acme Entra ID' })).toBeInTheDocument();
    expect(passwords).toEqual([]);
  });

  it("switches to the provider's button when the password sign-in answers 403 sso.required", async () => {
    let required = false;
    server.use(
      http.post('/api/sso/discover', () => ok({ provider: PROVIDER, required })),
      http.post('/api/token', () => {
        required = true;
        return failed(403, 'Your organisation signs in with its own identity provider: continue with it');
      }),
    );
    const user = userEvent.setup();
    renderSignIn();
    await user.type(email(), 'ann@acme.example');
    await user.type(screen.getByLabelText('Password'), 'Portal@123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByTestId('sso-required')).toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    expect(readCredentials()).toBeNull();
  });

  it('takes the person back where they were going through the provider', async () => {
    acmeVerified(false);
    const user = userEvent.setup();
    const { MemoryRouter, Routes, Route } = await import('react-router-dom');
    const { render } = await import('@testing-library/react');
    const { PortalThemeProvider } = await import('../../../src/theme/PortalThemeProvider');
    render(
      <MemoryRouter initialEntries={[{ pathname: '/sign-in', state: { from: { pathname: '/tickets', search: '?status=open' } } }]}>
        <PortalThemeProvider>
          <Routes>
            <Route path="/sign-in" element={<AuthPages />} />
          </Routes>
        </PortalThemeProvider>
      </MemoryRouter>,
    );
    await user.type(email(), 'ann@acme.example');
    await user.tab();
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Continue with Acme Entra ID' })).toHaveAttribute(
        'href',
        `/api/sso/${PROVIDER.id}/start?returnTo=${encodeURIComponent('/tickets?status=open')}`,
      ),
    );
  });
});
