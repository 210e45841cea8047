import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { accounts } from '../../../mocks/accounts';
import { mockApi } from '../../../mocks/handlers';
import { MOCK_TOTP_CODE, secondFactorMock } from '../../../mocks/secondFactor';
import { markSecondFactorSetup, secondFactorSetupPending } from '../../../src/providers/auth/secondFactorSetupFlag';
import { saveCredentials } from '../../../src/providers/session/sessionStorage';
import SecondFactorSetupPage from '../../../src/secondFactor/SecondFactorSetupPage';
import { renderAt } from '../renderWithRouter';

describe('the setup a role requires', () => {
  it('sets up the authenticator app, shows the recovery codes, then lets the app in', async () => {
    saveCredentials(mockApi.issue(accounts[0]));
    markSecondFactorSetup(true);
    secondFactorMock.status = { totp: false, recoveryCodesLeft: 0, required: true, pending: true };
    const user = userEvent.setup();
    renderAt('/second-factor-setup', '/second-factor-setup', <SecondFactorSetupPage />);
    expect(await screen.findByRole('heading', { name: 'Set up two-step verification' })).toBeInTheDocument();
    await user.type(await screen.findByRole('textbox', { name: 'Code from the app' }), MOCK_TOTP_CODE);
    await user.keyboard('{Enter}');
    await screen.findByRole('list', { name: 'Recovery codes' });
    expect(secondFactorSetupPending()).toBe(true);
    await user.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(await screen.findByTestId('current-path')).toHaveTextContent(/^\/$/);
    expect(secondFactorSetupPending()).toBe(false);
  });

  it('lets the user sign out instead', async () => {
    saveCredentials(mockApi.issue(accounts[0]));
    markSecondFactorSetup(true);
    const user = userEvent.setup();
    renderAt('/second-factor-setup', '/second-factor-setup', <SecondFactorSetupPage />);
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await screen.findByTestId('current-path')).toHaveTextContent('/sign-in');
    expect(localStorage.getItem('portal.credentials')).toBeNull();
  });
});
