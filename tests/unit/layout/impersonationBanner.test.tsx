import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminClaims, partnerClaims } from '../../../mocks/accounts';
import { ok } from '../../../mocks/envelopes';
import { mockApi } from '../../../mocks/handlers';
import { server } from '../../../mocks/server';
import { END_IMPERSONATION_PATH, ImpersonationBanner } from '../../../src/layout/ImpersonationBanner';
import { authProvider } from '../../../src/providers/auth/authProvider';
import { startImpersonationSession } from '../../../src/providers/session/impersonationSession';
import { appLoad, endSession, readCredentials, readStoredPermissions } from '../../../src/providers/session/sessionStorage';
import { signInAs } from '../sessionFixtures';
import { renderWithAdmin } from '../tickets/renderTickets';

const impersonatedClaims = { ...partnerClaims, act: { sub: adminClaims.sub, fullName: adminClaims.fullName } };

/** Ada Admin signed in, then impersonating Pham Partner until `endsAt`, as the dialog leaves the tab. */
function impersonating(endsAt: Date) {
  const own = signInAs('admin');
  startImpersonationSession({ ...mockApi.issue(impersonatedClaims), endsAt: endsAt.toISOString() });
  return own;
}

const hhmm = (at: Date, locale: string) => new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(at);

let ends: ReturnType<typeof vi.fn<(authorization: string | null) => void>>;
beforeEach(() => {
  ends = vi.fn<(authorization: string | null) => void>();
  server.use(
    http.post(END_IMPERSONATION_PATH, ({ request }) => {
      ends(request.headers.get('authorization'));
      return ok(null, 'The impersonation has ended.');
    }),
  );
  appLoad.at = vi.fn();
});
afterEach(() => sessionStorage.clear());

describe('the impersonation banner', { timeout: 30_000 }, () => {
  it('says who (the impersonator, from support) is signed in as whom and until when, as a named region with a status, in English and Vietnamese', async () => {
    const endsAt = new Date(Date.now() + 10 * 60_000);
    impersonating(endsAt);
    const { unmount } = renderWithAdmin(<ImpersonationBanner />);
    const banner = await screen.findByRole('region', { name: 'Impersonation' });
    expect(within(banner).getByRole('status')).toHaveTextContent(`Ada Admin (support) is signed in as Pham Partner — ends at ${hhmm(endsAt, 'en-GB')}`);
    expect(within(banner).getByRole('button', { name: 'Return to my account' })).toBeEnabled();
    unmount();

    renderWithAdmin(<ImpersonationBanner />, { language: 'vi' });
    const vi_ = await screen.findByRole('region', { name: 'Mạo danh' });
    expect(within(vi_).getByRole('status')).toHaveTextContent(
      `Ada Admin (hỗ trợ) đang đăng nhập với tư cách Pham Partner — kết thúc lúc ${hhmm(endsAt, 'vi-VN')}`,
    );
    expect(within(vi_).getByRole('button', { name: 'Quay lại tài khoản của tôi' })).toBeInTheDocument();
  });

  it('is not shown in a session of ones own', () => {
    signInAs('admin');
    renderWithAdmin(<ImpersonationBanner />);
    expect(screen.queryByTestId('impersonation-banner')).toBeNull();
  });

  it('"Return to my account" by keyboard ends the impersonation on the server and loads the app as the impersonator again', async () => {
    const user = userEvent.setup();
    const own = impersonating(new Date(Date.now() + 10 * 60_000));
    const impersonation = readCredentials()!;
    renderWithAdmin(<ImpersonationBanner />);
    const button = await screen.findByRole('button', { name: 'Return to my account' });
    button.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(appLoad.at).toHaveBeenCalledWith('/'));
    expect(ends).toHaveBeenCalledWith(`Bearer ${impersonation.token}`);
    expect(readCredentials()).toEqual(own);
    expect(readStoredPermissions()).toContain('Permissions.Users.View');
    expect(sessionStorage.length).toBe(0);
  });

  it.each([
    // What the hub client does when the server closes the impersonation's connection for its ended sign-in.
    ["the ended sign-in's hub connection closes before the answer", () => endSession('signInEnded')],
    // What a list's request in flight does when its 401 leads to a refresh the server refuses (refreshCredentials).
    ['a request of the ended impersonation meets a refused refresh meanwhile', () => endSession()],
  ])('"Return to my account" stays with the impersonator when %s', async (_when, endMeanwhile) => {
    const user = userEvent.setup();
    const own = impersonating(new Date(Date.now() + 10 * 60_000));
    server.use(
      http.post(END_IMPERSONATION_PATH, () => {
        endMeanwhile();
        return ok(null, 'The impersonation has ended.');
      }),
    );
    renderWithAdmin(<ImpersonationBanner />);
    await user.click(await screen.findByRole('button', { name: 'Return to my account' }));
    await waitFor(() => expect(appLoad.at).toHaveBeenCalledWith('/'));
    expect(appLoad.at).not.toHaveBeenCalledWith('/sign-in');
    expect(readCredentials()).toEqual(own);
  });

  it("a 401 of the ended impersonation answered after the return signs the impersonator's session out nowhere", async () => {
    const user = userEvent.setup();
    const own = impersonating(new Date(Date.now() + 10 * 60_000));
    renderWithAdmin(<ImpersonationBanner />);
    await user.click(await screen.findByRole('button', { name: 'Return to my account' }));
    await waitFor(() => expect(appLoad.at).toHaveBeenCalledWith('/'));
    // What react-admin does with a list's 401 that lands before the page has reloaded: checkError, then logout.
    await expect(authProvider.checkError({ status: 401 })).resolves.toBeUndefined();
    expect(await authProvider.logout()).toBe(false);
    expect(readCredentials()).toEqual(own);
    expect(mockApi.requests.some((r) => r.path === '/api/token/revoke' && (r.body as { refreshToken: string }).refreshToken === own.refreshToken)).toBe(false);
    expect(appLoad.at).not.toHaveBeenCalledWith('/sign-in');
  });

  it('at the time limit the tab returns to the impersonator by itself', async () => {
    const own = impersonating(new Date(Date.now() + 300));
    renderWithAdmin(<ImpersonationBanner />);
    await screen.findByTestId('impersonation-banner');
    await waitFor(() => expect(appLoad.at).toHaveBeenCalledWith('/'));
    expect(readCredentials()).toEqual(own);
  });

  it('signing out of the impersonation revokes its sign-in and returns to the impersonator, not to the sign-in page', async () => {
    const own = impersonating(new Date(Date.now() + 10 * 60_000));
    const impersonation = readCredentials()!;
    expect(await authProvider.logout()).toBe(false);
    expect(appLoad.at).toHaveBeenCalledWith('/');
    expect(readCredentials()).toEqual(own);
    await waitFor(() =>
      expect(
        mockApi.requests.some((r) => r.path === '/api/token/revoke' && (r.body as { refreshToken: string }).refreshToken === impersonation.refreshToken),
      ).toBe(true),
    );
  });
});
