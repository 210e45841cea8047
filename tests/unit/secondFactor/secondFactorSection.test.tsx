import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../mocks/handlers';
import { accounts } from '../../../mocks/accounts';
import { MOCK_RECOVERY_CODES, MOCK_TOTP_CODE, secondFactorMock } from '../../../mocks/secondFactor';
import { SecondFactorSection } from '../../../src/pages/profile/SecondFactorSection';
import { saveCredentials } from '../../../src/providers/session/sessionStorage';

beforeEach(() => {
  saveCredentials(mockApi.issue(accounts.find((a) => a.email === 'partner@acme.example') ?? accounts[0]));
});

describe('the Security tab’s authenticator app card', () => {
  it('moves focus to what replaced "Set up" and "Turn on" (the setup form, then the recovery codes) and announces each', async () => {
    const user = userEvent.setup();
    render(<SecondFactorSection />);
    await user.click(await screen.findByRole('button', { name: 'Set up' }));
    const form = await screen.findByRole('form', { name: 'Set up two-step verification' });
    await vi.waitFor(() => expect(document.activeElement).toBe(form));
    expect(form).toHaveAccessibleDescription('Scan this QR code with your authenticator app, or type the key below into it.');
    await vi.waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Scan this QR code with your authenticator app, or type the key below into it.'),
    );

    await user.type(screen.getByRole('textbox', { name: 'Code from the app' }), MOCK_TOTP_CODE);
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    const heading = await screen.findByRole('heading', { name: 'Your recovery codes' });
    await vi.waitFor(() => expect(document.activeElement).toBe(heading));
    await vi.waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'Two-step verification is on. Your recovery codes are below, shown only now: save them before you go on.',
      ),
    );
  });

  it('sets it up with the QR code and a code, then shows the ten recovery codes once', async () => {
    const user = userEvent.setup();
    render(<SecondFactorSection />);
    await user.click(await screen.findByRole('button', { name: 'Set up' }));
    expect(await screen.findByRole('img', { name: 'QR code to add Partner Portal to an authenticator app' })).toBeInTheDocument();
    expect(screen.getByTestId('totp-secret')).toHaveTextContent('JBSW Y3DP');
    await user.type(screen.getByRole('textbox', { name: 'Code from the app' }), '000000');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('The code is not right')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Code from the app' }), MOCK_TOTP_CODE);
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(MOCK_RECOVERY_CODES);
    await user.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(await screen.findByText('10 recovery codes left')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
  });

  it('makes new recovery codes and turns off with a current code', async () => {
    secondFactorMock.status = { totp: true, recoveryCodesLeft: 3, required: false, pending: false };
    const user = userEvent.setup();
    render(<SecondFactorSection />);
    expect(await screen.findByText('3 recovery codes left')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New recovery codes' }));
    await user.type(screen.getByRole('textbox', { name: 'Code' }), MOCK_TOTP_CODE);
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('list', { name: 'Recovery codes' })).toHaveTextContent('ZZZZ-BBBB-CCCC-0000');
    await user.click(screen.getByRole('button', { name: 'I have saved them' }));

    await user.click(await screen.findByRole('button', { name: 'Turn off' }));
    await user.type(screen.getByRole('textbox', { name: 'Code' }), MOCK_TOTP_CODE);
    await user.click(within(screen.getByTestId('second-factor-turnOff')).getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByRole('button', { name: 'Set up' })).toBeInTheDocument();
  });

  it('offers no way to turn it off when the role requires it', async () => {
    secondFactorMock.status = { totp: true, recoveryCodesLeft: 10, required: true, pending: false };
    render(<SecondFactorSection />);
    expect(await screen.findByText('Your role requires a second factor, so it cannot be turned off.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Turn off' })).not.toBeInTheDocument();
  });
});
