import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { accounts } from '../../../mocks/accounts';
import { failed, ok } from '../../../mocks/envelopes';
import { mockApi } from '../../../mocks/handlers';
import { MOCK_TOTP_CODE, secondFactorMock } from '../../../mocks/secondFactor';
import { server } from '../../../mocks/server';
import AuthPages from '../../../src/auth/AuthPages';
import { readCredentials } from '../../../src/providers/session/sessionStorage';
import { renderAt } from '../renderWithRouter';

const CHALLENGE = 'challenge-of-the-password-step';
const admin = accounts.find((a) => a.email === 'admin@example.com')!;

/** The password step answers the second step; the code step signs in with the mock's code or a recovery code. */
function withSecondFactor(methods = ['totp', 'recovery']) {
  const answered: { challenge: string; code: string }[] = [];
  server.use(
    http.post('/api/token', () => ok({ secondFactor: { challenge: CHALLENGE, methods } })),
    http.post('/api/token/second-factor', async ({ request }) => {
      const body = (await request.json()) as { challenge: string; code: string };
      answered.push(body);
      const right = body.challenge === CHALLENGE && (body.code === MOCK_TOTP_CODE || body.code === 'AAAA-BBBB-CCCC-0000');
      return right ? ok(mockApi.issue(admin)) : failed(401, 'The code is not right');
    }),
  );
  return answered;
}

async function passwordStep() {
  const user = userEvent.setup();
  renderAt('/sign-in', '/sign-in', <AuthPages />);
  await user.type(screen.getByRole('textbox', { name: 'Email' }), 'admin@example.com');
  await user.type(screen.getByLabelText('Password'), 'Portal@123');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  await screen.findByRole('heading', { name: 'Two-step verification' });
  return user;
}

describe('the sign-in code step', () => {
  it('asks for the code after the password, stores nothing before it, then signs in', async () => {
    const answered = withSecondFactor();
    const user = await passwordStep();
    expect(readCredentials()).toBeNull();
    const code = screen.getByRole('textbox', { name: 'Code' });
    expect(code).toHaveFocus();
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await user.type(code, MOCK_TOTP_CODE);
    await user.keyboard('{Enter}');
    expect(await screen.findByTestId('current-path')).toHaveTextContent(/^\/$/);
    expect(answered).toEqual([{ challenge: CHALLENGE, code: MOCK_TOTP_CODE }]);
    expect(readCredentials()).not.toBeNull();
  });

  it('checks six digits before sending, and shows the server refusal of a wrong code', async () => {
    const answered = withSecondFactor();
    const user = await passwordStep();
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText('Enter the code')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Code' }), '12a9');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText('Enter the 6 digits your authenticator app shows')).toBeInTheDocument();
    expect(answered).toHaveLength(0);
    await user.type(screen.getByRole('textbox', { name: 'Code' }), '999');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByTestId('second-factor-error')).toHaveTextContent('The code is not right');
    expect(readCredentials()).toBeNull();
  });

  it('takes a recovery code instead, and starts over from the password', async () => {
    withSecondFactor();
    const user = await passwordStep();
    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    await user.type(screen.getByRole('textbox', { name: 'Recovery code' }), 'AAAA-BBBB-CCCC-0000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByTestId('current-path')).toHaveTextContent(/^\/$/);
  });

  it('goes back to the password form from "start over"', async () => {
    withSecondFactor();
    const user = await passwordStep();
    await user.click(screen.getByRole('button', { name: 'Start over' }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });

  it('sends a user whose role requires a second factor to its setup first', async () => {
    secondFactorMock.status = { totp: false, recoveryCodesLeft: 0, required: true, pending: true };
    const user = userEvent.setup();
    renderAt('/sign-in', '/sign-in', <AuthPages />);
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'admin@example.com');
    await user.type(screen.getByLabelText('Password'), 'Portal@123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByTestId('current-path');
    expect(localStorage.getItem('portal.secondFactorSetup')).toBe('1');
  });
});
