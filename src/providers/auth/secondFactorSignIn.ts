import { API_BASE } from '../../../contract/http';
import type { SecondFactorStatus, SecondFactorStep } from '../../../contract/secondFactor';
import type { TokenResponse } from '../../../contract/tokens';
import { apiRequest } from '../http/httpClient';
import { clearSession, saveCredentials } from '../session/sessionStorage';
import { loadPermissions } from './permissions';
import { markSecondFactorSetup } from './secondFactorSetupFlag';

export { markSecondFactorSetup, secondFactorSetupPending } from './secondFactorSetupFlag';

export const SECOND_FACTOR_STATUS_PATH = `${API_BASE}/account/second-factor`;

export const isSecondFactorStep = (answer: unknown): answer is SecondFactorStep => typeof answer === 'object' && answer !== null && 'secondFactor' in answer;

/** The tokens of a finished sign-in become the session; whether the role asks for a second factor first is learnt now. */
export async function adoptSignIn(tokens: TokenResponse) {
  clearSession();
  markSecondFactorSetup(false);
  saveCredentials(tokens);
  await Promise.all([
    loadPermissions().catch(() => undefined),
    apiRequest<SecondFactorStatus>(SECOND_FACTOR_STATUS_PATH, { notify: false })
      .then(({ data }) => markSecondFactorSetup(data.pending))
      .catch(() => undefined),
  ]);
}
