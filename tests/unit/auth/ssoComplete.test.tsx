import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { accounts } from '../../../mocks/accounts';
import { failed, ok } from '../../../mocks/envelopes';
import { mockApi } from '../../../mocks/handlers';
import { MOCK_TOTP_CODE } from '../../../mocks/secondFactor';
import { server } from '../../../mocks/server';
import AuthPages from '../../../src/auth/AuthPages';
import { readCredentials } from '../../../src/providers/session/sessionStorage';
import { renderAt } from '../renderWithRouter';

const admin = accounts.find((a) => a.email === 'admin@example.com')!;
const CODE = 'one-time-handoff-code';

/** POST /api/token/sso: the session for CODE, once; `secondFactor` answers the second step instead. */
function handoff(secondFactor = false) {
  const spent: string[] = [];
  server.use(
    http.post('/api/token/sso', async ({ request }) => {
      const { code } = (await request.json()) as { code: string };
      if (code !== CODE || spent.includes(code)) return failed(400, 'This sign-in link has expired or was already used: sign in again');
      spent.push(code);
      return ok(secondFactor ? { secondFactor: { challenge: 'sso-challenge', methods: ['totp'] } } : mockApi.issue(admin));
    }),
    http.post('/api/token/second-factor', async ({ request }) => {
      const body = (await request.json()) as { challenge: string; code: string };
      return body.challenge === 'sso-challenge' && body.code === MOCK_TOTP_CODE ? ok(mockApi.issue(admin)) : failed(401, 'The code is not right');
    }),
  );
  return spent;
}

const land = (query: string) => renderAt(`/sso/complete?${query}`, '/sso/complete', <AuthPages />);

describe('/sso/complete (issue 37)', () => {
  it('exchanges the code once, keeps the session and goes where the person was going', async () => {
    const spent = handoff();
    land(`code=${CODE}&returnTo=${encodeURIComponent('/tickets?status=open')}`);
    expect(await screen.findByTestId('current-path')).toHaveTextContent('/tickets?status=open');
    expect(spent).toEqual([CODE]);
    expect(readCredentials()).not.toBeNull();
  });

  it('goes home rather than to an address outside the app', async () => {
    handoff();
    land(`code=${CODE}&returnTo=${encodeURIComponent('//evil.example/x')}`);
    expect(await screen.findByTestId('current-path')).toHaveTextContent(/^\/$/);
  });

  it('asks the second factor the role needs before keeping the session', async () => {
    handoff(true);
    const user = userEvent.setup();
    land(`code=${CODE}`);
    await screen.findByRole('heading', { name: 'Two-step verification' });
    expect(readCredentials()).toBeNull();
    await user.type(screen.getByRole('textbox', { name: 'Code' }), MOCK_TOTP_CODE);
    await user.keyboard('{Enter}');
    expect(await screen.findByTestId('current-path')).toHaveTextContent(/^\/$/);
    expect(readCredentials()).not.toBeNull();
  });

  it("shows the server's reason for a spent code, with the way back to sign in", async () => {
    handoff();
    land('code=already-used');
    expect(await screen.findByTestId('sso-failure')).toHaveTextContent('This sign-in link has expired or was already used');
    expect(screen.getByRole('link', { name: /Back to sign in/ })).toHaveAttribute('href', '/sign-in');
    expect(readCredentials()).toBeNull();
  });

  it("translates the provider's error key, and says something general for a key it does not know", async () => {
    const first = land('error=sso.otherOrganisation');
    expect(await screen.findByTestId('sso-failure')).toHaveTextContent('An account with this email belongs to another organisation');
    first.unmount();
    const saml = land('error=ssoSaml.replayed');
    expect(await screen.findByTestId('sso-failure')).toHaveTextContent('This sign-in answer was already used');
    saml.unmount();
    land('error=<script>alert(1)</script>');
    expect(await screen.findByTestId('sso-failure')).toHaveTextContent('The sign-in could not be finished: sign in again');
  });
});
