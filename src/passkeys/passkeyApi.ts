import type { PublicKeyCredentialCreationOptionsJSON, RegistrationResponseJSON } from '@simplewebauthn/browser';
import type { PasskeyDto } from '../../contract/schemas/passkeys';
import { API_BASE } from '../../contract/http';
import { apiRequest } from '../providers/http/httpClient';

const own = `${API_BASE}/account/passkeys`;

/** One's own passkeys (signing in with one: src/auth/passkeySignIn.ts). */
export const passkeyApi = {
  list: () => apiRequest<PasskeyDto[]>(own, { notify: false }).then(({ data }) => data),
  registrationOptions: () => apiRequest<PublicKeyCredentialCreationOptionsJSON>(`${own}/options`, { method: 'POST', notify: false }).then(({ data }) => data),
  register: (name: string, response: RegistrationResponseJSON) =>
    apiRequest<PasskeyDto>(own, { method: 'POST', body: { name, response }, notify: false }).then(({ data }) => data),
  rename: (id: string, name: string) =>
    apiRequest<PasskeyDto>(`${own}/${encodeURIComponent(id)}`, { method: 'PUT', body: { name }, notify: false }).then(({ data }) => data),
  remove: (id: string) => apiRequest<null>(`${own}/${encodeURIComponent(id)}`, { method: 'DELETE', notify: false }),
};
