import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import type { PasskeyDto } from '../../contract/schemas/passkeys';
import type { TokenResponse } from '../../contract/tokens';
import { API_BASE } from '../../contract/http';
import { apiRequest } from '../providers/http/httpClient';

const own = `${API_BASE}/account/passkeys`;
const signIn = { method: 'POST', authenticated: false, tenant: true, notify: false } as const;

/** The passkey calls: one's own passkeys (signed in) and signing in with one (anonymous, as the token calls). */
export const passkeyApi = {
  list: () => apiRequest<PasskeyDto[]>(own, { notify: false }).then(({ data }) => data),
  registrationOptions: () => apiRequest<PublicKeyCredentialCreationOptionsJSON>(`${own}/options`, { method: 'POST', notify: false }).then(({ data }) => data),
  register: (name: string, response: RegistrationResponseJSON) =>
    apiRequest<PasskeyDto>(own, { method: 'POST', body: { name, response }, notify: false }).then(({ data }) => data),
  rename: (id: string, name: string) =>
    apiRequest<PasskeyDto>(`${own}/${encodeURIComponent(id)}`, { method: 'PUT', body: { name }, notify: false }).then(({ data }) => data),
  remove: (id: string) => apiRequest<null>(`${own}/${encodeURIComponent(id)}`, { method: 'DELETE', notify: false }),

  signInOptions: (challenge?: string) =>
    apiRequest<PublicKeyCredentialRequestOptionsJSON>(`${API_BASE}/token/passkey/options`, { ...signIn, body: challenge ? { challenge } : {} }).then(
      ({ data }) => data,
    ),
  signIn: (response: AuthenticationResponseJSON, challenge?: string) =>
    apiRequest<TokenResponse>(`${API_BASE}/token/passkey`, { ...signIn, body: challenge ? { challenge, response } : { response } }).then(({ data }) => data),
};

/** The browser's refusal when the person cancelled the prompt or let it time out (no passkey chosen). */
export const isPasskeyPromptCancelled = (error: unknown) =>
  error instanceof Error &&
  (error.name === 'NotAllowedError' || error.name === 'AbortError' || (error.cause instanceof Error && error.cause.name === 'NotAllowedError'));
