import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import type { UserDto } from '../../../contract/users';
import { describe, expect, it } from 'vitest';
import type { SignInDto } from '../../../contract/signIns';
import { failed, ok } from '../../../mocks/envelopes';
import { server } from '../../../mocks/server';
import { CURRENT_SIGN_IN, sessionsMock } from '../../../mocks/sessions';
import { deviceOf } from '../../../src/pages/profile/sessionList';
import { SessionsSection } from '../../../src/pages/profile/SessionsSection';
import { sessionsAction } from '../../../src/resources/users/UserSessionsDialog';
import { renderWithAdmin } from '../tickets/renderTickets';
import { signInAs } from '../sessionFixtures';

const LOAD = { timeout: 10_000 };
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

const other = (n: number, fields: Partial<SignInDto> = {}): SignInDto => ({
  ...CURRENT_SIGN_IN,
  id: `00000000-0000-4000-e000-00000000010${n}`,
  current: false,
  userAgent: IPHONE,
  address: `10.0.0.${n}`,
  ...fields,
});

const rows = () => screen.findAllByTestId('session-row', {}, LOAD);

describe('the Sessions card', () => {
  it('lists each sign-in with device, address, method and times, this device marked and without End; an impersonation says by whom and why', async () => {
    sessionsMock.others = [
      other(1),
      other(2, {
        userAgent: FIREFOX,
        method: 'impersonation',
        impersonator: { id: '00000000-0000-4000-e000-000000000900', fullName: 'Sam Support' },
        reason: 'Ticket 42',
        endsAt: '2026-11-27T09:00:00.000Z',
      }),
    ];
    signInAs('partner');
    renderWithAdmin(<SessionsSection />);
    const [current, phone, impersonated] = await rows();
    expect(current).toHaveTextContent('Chrome on Linux');
    expect(within(current).getByTestId('session-this-device')).toHaveTextContent('This device');
    expect(within(current).queryByRole('button')).toBeNull();
    expect(phone).toHaveTextContent('Safari on iPhone');
    expect(phone).toHaveTextContent('Address 10.0.0.1');
    expect(phone).toHaveTextContent('Password');
    expect(phone).toHaveTextContent(/Signed in .*2026.*Last active/);
    expect(within(phone).getByRole('button', { name: 'End the sign-in on Safari on iPhone' })).toBeInTheDocument();
    expect(within(impersonated).getByTestId('session-impersonation')).toHaveTextContent('Impersonated by Sam Support: Ticket 42');
    expect(impersonated).toHaveTextContent('Firefox on Windows');
  });

  it('ends one only after confirming, by keyboard; cancelling ends nothing', async () => {
    const user = userEvent.setup();
    sessionsMock.others = [other(1), other(2, { userAgent: FIREFOX })];
    signInAs('partner');
    renderWithAdmin(<SessionsSection />);
    await rows();
    const end = screen.getByRole('button', { name: 'End the sign-in on Safari on iPhone' });
    await user.click(end);
    const dialog = await screen.findByRole('dialog', { name: 'End this sign-in?' });
    expect(dialog).toHaveTextContent('Safari on iPhone will be signed out at once.');
    // The safe choice has the focus: Enter now cancels.
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sessionsMock.ended).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'End the sign-in on Safari on iPhone' }));
    await user.click(within(await screen.findByRole('dialog')).getByTestId('session-end-confirm-button'));
    await waitFor(() => expect(screen.getAllByTestId('session-row')).toHaveLength(2), LOAD);
    expect(sessionsMock.ended).toEqual([other(1).id]);
    expect(screen.queryByText('Safari on iPhone')).toBeNull();
  });

  it('after ending a sign-in, focus moves to the next sign-in’s End (then to the list when none is left) and each ending is announced', async () => {
    const user = userEvent.setup();
    sessionsMock.others = [other(1), other(2, { userAgent: FIREFOX })];
    signInAs('partner');
    renderWithAdmin(<SessionsSection />);
    await rows();
    await user.click(screen.getByRole('button', { name: 'End the sign-in on Safari on iPhone' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'End this sign-in?' })).getByTestId('session-end-confirm-button'));
    await waitFor(() => expect(screen.getAllByTestId('session-row')).toHaveLength(2), LOAD);
    await waitFor(() => expect(document.activeElement).toHaveAccessibleName('End the sign-in on Firefox on Windows'));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('The sign-in on Safari on iPhone has been ended.'));

    await user.keyboard('{Enter}');
    await user.click(within(await screen.findByRole('dialog', { name: 'End this sign-in?' })).getByTestId('session-end-confirm-button'));
    await waitFor(() => expect(screen.getAllByTestId('session-row')).toHaveLength(1), LOAD);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('list', { name: 'Sessions' })));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('The sign-in on Firefox on Windows has been ended.'));
  });

  it('after ending every other sign-in, focus moves to the list of sessions and the ending is announced', async () => {
    const user = userEvent.setup();
    sessionsMock.others = [other(1), other(2)];
    signInAs('partner');
    renderWithAdmin(<SessionsSection />);
    await rows();
    await user.click(screen.getByTestId('session-end-others'));
    await user.click(within(await screen.findByRole('dialog', { name: 'End all other sessions?' })).getByTestId('session-end-confirm-button'));
    await waitFor(() => expect(screen.getAllByTestId('session-row')).toHaveLength(1), LOAD);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('list', { name: 'Sessions' })));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Every other sign-in has been ended.'));
  });

  it('ends every other sign-in, keeping this one', async () => {
    const user = userEvent.setup();
    sessionsMock.others = [other(1), other(2)];
    signInAs('partner');
    renderWithAdmin(<SessionsSection />);
    await rows();
    await user.click(screen.getByTestId('session-end-others'));
    await user.click(within(await screen.findByRole('dialog', { name: 'End all other sessions?' })).getByTestId('session-end-confirm-button'));
    await waitFor(() => expect(screen.getAllByTestId('session-row')).toHaveLength(1), LOAD);
    expect(screen.getByTestId('session-row')).toHaveAttribute('data-current', 'true');
    expect(screen.getByTestId('session-none')).toHaveTextContent('No other sign-ins.');
    expect(screen.queryByTestId('session-end-others')).toBeNull();
    expect(sessionsMock.ended).toEqual([other(1).id, other(2).id]);
  });

  it('says when the list cannot be loaded, and tries again', async () => {
    const user = userEvent.setup();
    let refused = true;
    server.use(http.get('/api/account/sessions', () => (refused ? failed(500, 'Something went wrong on our side') : undefined)));
    signInAs('partner');
    renderWithAdmin(<SessionsSection />);
    expect(await screen.findByText('The sessions could not be loaded', {}, LOAD)).toBeInTheDocument();
    refused = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await rows()).toHaveLength(1);
  });

  it('speaks Vietnamese', async () => {
    sessionsMock.others = [other(1)];
    signInAs('partner');
    renderWithAdmin(<SessionsSection />, { language: 'vi' });
    const [current, phone] = await rows();
    expect(screen.getByRole('heading', { name: 'Phiên đăng nhập' })).toBeInTheDocument();
    expect(current).toHaveTextContent('Thiết bị này');
    expect(phone).toHaveTextContent('Safari trên iPhone');
    expect(within(phone).getByRole('button', { name: 'Kết thúc phiên đăng nhập trên Safari trên iPhone' })).toBeInTheDocument();
  });
});

describe("a user's Sessions dialog for staff", () => {
  it("lists the user's sign-ins (none marked this device) and ends one after confirming", async () => {
    const user = userEvent.setup();
    const userId = '00000000-0000-4000-e000-000000000777';
    let listed = [other(1), other(2, { userAgent: FIREFOX })];
    const ended: string[] = [];
    server.use(
      http.get(`/api/users/${userId}/sessions`, () => ok(listed)),
      http.post(`/api/users/${userId}/sessions/:sid/end`, ({ params }) => {
        ended.push(String(params.sid));
        listed = listed.filter((session) => session.id !== params.sid);
        return ok(null, 'The sign-in has been ended');
      }),
    );
    signInAs('admin');
    const Dialog = sessionsAction('users').Dialog!;
    const record = { id: userId, fullName: 'Bình Trần', email: 'partner@acme.example' } as UserDto;
    renderWithAdmin(<Dialog record={record} onClose={() => {}} onChanged={() => {}} />);
    expect(await screen.findByRole('dialog', { name: /Sessions of Bình Trần/ }, LOAD)).toBeInTheDocument();
    expect(await rows()).toHaveLength(2);
    expect(screen.queryByTestId('session-this-device')).toBeNull();
    expect(screen.queryByTestId('session-end-others')).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'End the sign-in on Firefox on Windows' }, LOAD));
    await user.click(within(await screen.findByRole('dialog', { name: 'End this sign-in?' })).getByTestId('session-end-confirm-button'));
    await waitFor(() => expect(screen.getAllByTestId('session-row')).toHaveLength(1), LOAD);
    expect(ended).toEqual([other(2).id]);
    await waitFor(() => expect(document.activeElement).toHaveAccessibleName('End the sign-in on Safari on iPhone'));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('The sign-in on Firefox on Windows has been ended.'));
  });
});

describe('deviceOf', () => {
  it('tells browsers and systems apart, most specific first, and knows when it does not know', () => {
    const cases: [string | null, string | null, string | null][] = [
      [IPHONE, 'Safari', 'iPhone'],
      [FIREFOX, 'Firefox', 'Windows'],
      ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0', 'Edge', 'Windows'],
      ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15', 'Safari', 'macOS'],
      ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36', 'Chrome', 'Android'],
      [
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1',
        'Chrome',
        'iPhone',
      ],
      ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/114.0.0.0', 'Opera', 'Windows'],
      ['curl/8.5.0', null, null],
      [null, null, null],
    ];
    for (const [agent, browser, os] of cases) expect(deviceOf(agent), String(agent)).toMatchObject({ browser, os });
    expect(deviceOf(IPHONE).mobile).toBe(true);
    expect(deviceOf(FIREFOX).mobile).toBe(false);
  });
});
