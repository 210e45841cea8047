import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SIGN_IN_ENDED_CHALLENGE } from '../../../contract/http';
import { HUB_SIGN_IN_ENDED_CLOSE } from '../../../contract/realtime';
import apiEn from '../../../i18n/api.en';
import appEn from '../../../i18n/app.en';
import { failed } from '../../../mocks/envelopes';
import { mockApi } from '../../../mocks/handlers';
import { server } from '../../../mocks/server';
import { apiRequest } from '../../../src/providers/http/httpClient';
import { readCredentials } from '../../../src/providers/session/sessionStorage';
import { hub } from '../realtime/fakeSignalr';
import { LOAD, renderApp } from '../renderWithRouter';
import { signInAs } from '../sessionFixtures';

/** Issue 35, item 1: a sign-in ended from a sessions list leaves the ended browser at once, saying why. */
const saysWhy = appEn.app.auth.signIn.signedOut.signInEnded;
const connection = () => hub.connection!;
const closedBy = (reason: string) => new Error(`Server returned an error on close: ${reason}`);

afterEach(() => {
  vi.useRealTimers();
  sessionStorage.clear();
});

async function appOnScreenAndConnected() {
  signInAs('partner');
  renderApp('/');
  expect(await screen.findByTestId('welcome-card', {}, LOAD)).toBeInTheDocument();
  await vi.waitFor(() => expect(connection().state).toBe('Connected'));
}

describe('an ended sign-in', () => {
  it('leaves for the sign-in page, saying why, as soon as the hub closes its connection for that reason', async () => {
    await appOnScreenAndConnected();
    connection().closeWith(closedBy(HUB_SIGN_IN_ENDED_CLOSE));
    expect(await screen.findByRole('button', { name: 'Sign in' }, LOAD)).toBeInTheDocument();
    expect(screen.getByTestId('current-path')).toHaveTextContent(/^\/sign-in$/);
    expect(screen.getByTestId('sign-out-reason')).toHaveTextContent(saysWhy);
    expect(screen.queryByTestId('welcome-card')).not.toBeInTheDocument();
    expect(readCredentials()).toBeNull();
  });

  it('keeps the session when the hub closes for another reason (the server shutting down)', async () => {
    await appOnScreenAndConnected();
    connection().closeWith(closedBy('The server is shutting down.'));
    expect(readCredentials()).not.toBeNull();
    expect(screen.getByTestId('welcome-card')).toBeInTheDocument();
    expect(screen.getByTestId('current-path')).toHaveTextContent(/^\/$/);
  });

  it('leaves for the sign-in page, saying why, as soon as any request answers that the sign-in ended, without a refresh', async () => {
    await appOnScreenAndConnected();
    server.use(
      http.get('/api/users/profile', () => {
        const refusal = failed(401, apiEn.auth.signInEnded);
        refusal.headers.set('WWW-Authenticate', SIGN_IN_ENDED_CHALLENGE);
        return refusal;
      }),
    );
    await expect(apiRequest('/api/users/profile', { notify: false })).rejects.toMatchObject({ status: 401, message: apiEn.auth.signInEnded });
    expect(await screen.findByTestId('sign-out-reason', {}, LOAD)).toHaveTextContent(saysWhy);
    expect(screen.getByTestId('current-path')).toHaveTextContent(/^\/sign-in$/);
    expect(readCredentials()).toBeNull();
    expect(mockApi.requests.some((r) => r.path === '/api/token/refresh')).toBe(false);
  });

  it('connects again once the person signs in anew, in the same second too: only the ended sign-in is refused', async () => {
    // One second for both sign-ins, as on a fast machine: a new sign-in's token is still not the ended one's.
    vi.useFakeTimers({ toFake: ['Date'] });
    await appOnScreenAndConnected();
    connection().closeWith(closedBy(HUB_SIGN_IN_ENDED_CLOSE));
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Email' }, LOAD), 'partner@acme.example');
    await user.type(screen.getByLabelText('Password'), 'Portal@123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByTestId('welcome-card', {}, LOAD)).toBeInTheDocument();
    await vi.waitFor(() => expect(connection().state).toBe('Connected'), LOAD);
  });

  it('says it once: the sign-in page loaded again says nothing', async () => {
    await appOnScreenAndConnected();
    connection().closeWith(closedBy(HUB_SIGN_IN_ENDED_CLOSE));
    expect(await screen.findByTestId('sign-out-reason', {}, LOAD)).toBeInTheDocument();
    cleanup();
    renderApp('/sign-in');
    expect(await screen.findByRole('button', { name: 'Sign in' }, LOAD)).toBeInTheDocument();
    expect(screen.queryByTestId('sign-out-reason')).not.toBeInTheDocument();
  });
});
