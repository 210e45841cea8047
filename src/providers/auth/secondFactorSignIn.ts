import { API_BASE } from '../../../contract/http';
import type { SecondFactorStatus, SecondFactorStep } from '../../../contract/secondFactor';
import type { TokenResponse } from '../../../contract/tokens';
import { apiRequest } from '../http/httpClient';
import { clearSession, saveCredentials } from '../session/sessionStorage';
import { loadPermissions } from './permissions';

/** Set while the signed-in user's role requires a second factor they have not set up: the app shows the setup first. */
const SETUP_PENDING_KEY = 'portal.secondFactorSetup';

export const secondFactorPaths = {
  answer: `${API_BASE}/token/second-factor`,
  status: `${API_BASE}/account/second-factor`,
  enrolment: `${API_BASE}/account/second-factor/enrolment`,
  confirm: `${API_BASE}/account/second-factor/confirm`,
  recoveryCodes: `${API_BASE}/account/second-factor/recovery-codes`,
  turnOff: `${API_BASE}/account/second-factor/turn-off`,
  reset: (userId: string) => `${API_BASE}/users/${userId}/second-factor/reset`,
};

export const isSecondFactorStep = (answer: unknown): answer is SecondFactorStep => typeof answer === 'object' && answer !== null && 'secondFactor' in answer;

export const secondFactorSetupPending = () => localStorage.getItem(SETUP_PENDING_KEY) === '1';

export function markSecondFactorSetup(pending: boolean) {
  if (pending) localStorage.setItem(SETUP_PENDING_KEY, '1');
  else localStorage.removeItem(SETUP_PENDING_KEY);
}

/** The tokens of a finished sign-in become the session; whether the role asks for a second factor first is learnt now. */
export async function adoptSignIn(tokens: TokenResponse) {
  clearSession();
  markSecondFactorSetup(false);
  saveCredentials(tokens);
  await Promise.all([
    loadPermissions().catch(() => undefined),
    apiRequest<SecondFactorStatus>(secondFactorPaths.status, { notify: false })
      .then(({ data }) => markSecondFactorSetup(data.pending))
      .catch(() => undefined),
  ]);
}

/** The second step of a sign-in: a code of the authenticator app or a recovery code, for the challenge of the first. */
export async function completeSecondFactor(challenge: string, code: string) {
  const { data } = await apiRequest<TokenResponse>(secondFactorPaths.answer, {
    method: 'POST',
    body: { challenge, code },
    authenticated: false,
    tenant: true,
    notify: false,
  });
  await adoptSignIn(data);
}
