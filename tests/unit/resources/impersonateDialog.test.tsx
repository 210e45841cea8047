import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminClaims, partnerClaims } from '../../../mocks/accounts';
import { failed, ok } from '../../../mocks/envelopes';
import { mockApi } from '../../../mocks/handlers';
import { server } from '../../../mocks/server';
import type { UserDto } from '../../../contract/users';
import { ImpersonateDialog, impersonateAction } from '../../../src/resources/users/ImpersonateDialog';
import { appLoad, readCredentials } from '../../../src/providers/session/sessionStorage';
import { signInAs } from '../sessionFixtures';
import { renderWithAdmin } from '../tickets/renderTickets';

const gina = { id: partnerClaims.sub, fullName: 'Gina Lê', email: 'partner@globex.example', isActive: true } as UserDto;
const path = `/api/v1/users/${gina.id}/impersonate`;

let asked: ReturnType<typeof vi.fn<(body: unknown) => void>>;
beforeEach(() => {
  asked = vi.fn<(body: unknown) => void>();
  appLoad.at = vi.fn();
});
afterEach(() => sessionStorage.clear());

describe('the Impersonate dialog', { timeout: 30_000 }, () => {
  it('offers 15 minutes, refuses more than 30 before asking, then starts and loads the app as the user', async () => {
    const user = userEvent.setup();
    const own = signInAs('admin');
    const tokens = {
      ...mockApi.issue({ ...partnerClaims, act: { sub: adminClaims.sub, fullName: adminClaims.fullName } }),
      endsAt: new Date(Date.now() + 600_000).toISOString(),
    };
    server.use(
      http.post(path, async ({ request }) => {
        asked(await request.json());
        return ok(tokens);
      }),
    );
    renderWithAdmin(<ImpersonateDialog record={gina} onClose={() => undefined} onChanged={() => undefined} />);
    await screen.findByRole('heading', { name: 'Impersonate Gina Lê' });
    const minutes = screen.getByRole('spinbutton', { name: /Time limit/ });
    expect(minutes).toHaveValue(15);

    await user.type(screen.getByRole('textbox', { name: /Reason/ }), 'Ticket 12');
    await user.clear(minutes);
    await user.type(minutes, '45');
    await user.click(screen.getByTestId('impersonate-start'));
    expect(minutes).toHaveAttribute('aria-invalid', 'true');
    expect(asked).not.toHaveBeenCalled();

    await user.clear(minutes);
    await user.type(minutes, '20');
    await user.click(screen.getByTestId('impersonate-start'));
    await vi.waitFor(() => expect(appLoad.at).toHaveBeenCalledWith('/'));
    expect(asked).toHaveBeenCalledWith({ reason: 'Ticket 12', minutes: 20 });
    expect(readCredentials()?.token).toBe(tokens.token);
    expect(JSON.parse(sessionStorage.getItem('portal.impersonation')!).credentials).toEqual(own);
  });

  it("shows the server's refusal and keeps the own session", async () => {
    const user = userEvent.setup();
    const own = signInAs('admin');
    server.use(http.post(path, () => failed(403, 'You can only impersonate users whose role ranks below yours.')));
    renderWithAdmin(<ImpersonateDialog record={gina} onClose={() => undefined} onChanged={() => undefined} />);
    await user.type(await screen.findByRole('textbox', { name: /Reason/ }), 'Ticket 12');
    await user.click(screen.getByTestId('impersonate-start'));
    expect(await screen.findByTestId('impersonate-refused')).toHaveTextContent('You can only impersonate users whose role ranks below yours.');
    expect(readCredentials()).toEqual(own);
    expect(appLoad.at).not.toHaveBeenCalled();
  });

  it('is offered on an active user other than oneself, never while impersonating', () => {
    signInAs('admin');
    expect(impersonateAction.appliesTo!(gina)).toBe(true);
    expect(impersonateAction.appliesTo!({ ...gina, isActive: false })).toBe(false);
    expect(impersonateAction.appliesTo!({ ...gina, id: adminClaims.sub })).toBe(false);
    localStorage.clear();
    const impersonating = mockApi.issue({ ...partnerClaims, act: { sub: adminClaims.sub, fullName: adminClaims.fullName } });
    localStorage.setItem('portal.credentials', JSON.stringify(impersonating));
    expect(impersonateAction.appliesTo!({ ...gina, id: adminClaims.sub })).toBe(false);
    expect(impersonateAction.appliesTo!({ ...gina, id: '00000000-0000-4000-8000-000000000099' })).toBe(false);
  });
});
