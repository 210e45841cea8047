import { API_BASE } from '../../contract/http';
import type { TokenResponse } from '../../contract/tokens';
import { apiRequest } from '../providers/http/httpClient';
import { adoptSignIn, SECOND_FACTOR_STATUS_PATH } from '../providers/auth/secondFactorSignIn';

/** The second factor's calls besides the sign-in's first step (loaded with the lazy screens only). */
export const secondFactorPaths = {
  answer: `${API_BASE}/token/second-factor`,
  status: SECOND_FACTOR_STATUS_PATH,
  enrolment: `${API_BASE}/account/second-factor/enrolment`,
  confirm: `${API_BASE}/account/second-factor/confirm`,
  recoveryCodes: `${API_BASE}/account/second-factor/recovery-codes`,
  turnOff: `${API_BASE}/account/second-factor/turn-off`,
  reset: (userId: string) => `${API_BASE}/users/${userId}/second-factor/reset`,
};

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
