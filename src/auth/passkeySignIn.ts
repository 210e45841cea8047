import type { AuthenticationResponseJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { API_BASE } from '../../contract/http';
import type { TokenResponse } from '../../contract/tokens';
import { translateMessage } from '../i18n/translateMessage';
import { adoptSignIn } from '../providers/auth/secondFactorSignIn';
import { apiRequest } from '../providers/http/httpClient';

const tokenCall = { method: 'POST', authenticated: false, tenant: true, notify: false } as const;

/** The browser's refusal when the person cancelled the prompt or let it time out (no passkey chosen). */
export const isPasskeyPromptCancelled = (error: unknown) =>
  error instanceof Error &&
  (error.name === 'NotAllowedError' || error.name === 'AbortError' || (error.cause instanceof Error && error.cause.name === 'NotAllowedError'));

/**
 * Signs in with a passkey: password-less without `challenge`, or as the second step of the sign-in challenge the
 * password step answered. Only @simplewebauthn/browser loads on demand: the calls here use what the sign-in bundle
 * has anyway, so that chunk shares nothing with it (a lazy chunk sharing the app's modules splits the bundle's
 * common chunks, +0.6 KB gzip measured). Throws an Error to show: the prompt cancelled or timed out, or the refusal.
 */
export async function signInWithPasskey(challenge?: string): Promise<void> {
  const [{ startAuthentication }, { data: optionsJSON }] = await Promise.all([
    import('@simplewebauthn/browser'),
    apiRequest<PublicKeyCredentialRequestOptionsJSON>(`${API_BASE}/token/passkey/options`, { ...tokenCall, body: challenge ? { challenge } : {} }),
  ]);
  const response: AuthenticationResponseJSON = await startAuthentication({ optionsJSON }).catch((error: unknown) => {
    throw isPasskeyPromptCancelled(error) ? new Error(translateMessage('app.auth.signIn.passkeyCancelled')) : error;
  });
  const { data } = await apiRequest<TokenResponse>(`${API_BASE}/token/passkey`, { ...tokenCall, body: challenge ? { challenge, response } : { response } });
  await adoptSignIn(data);
}
