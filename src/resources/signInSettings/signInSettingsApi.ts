import { signInSettingsPath, type SignInSettingsDto, type SsoRoleMappingDto } from '../../../contract/sso';
import type { IdentityProviderInput } from '../../../contract/schemas/sso';
import { apiRequest } from '../../providers/http/httpClient';

/** An organisation's sign-in settings (issue 37): every change answers the whole settings again. */
export function signInSettingsApi(organisation: string) {
  const base = signInSettingsPath(organisation);
  const change = (path: string, method: 'PUT' | 'POST' | 'DELETE', body?: unknown) =>
    apiRequest<SignInSettingsDto>(`${base}${path}`, { method, body }).then((r) => r.data);
  return {
    read: (signal?: AbortSignal) => apiRequest<SignInSettingsDto>(base, { signal }).then((r) => r.data),
    saveProvider: (input: IdentityProviderInput) => change('/provider', 'PUT', input),
    removeProvider: () => change('/provider', 'DELETE'),
    requireSso: (requireSso: boolean) => change('/require-sso', 'PUT', { requireSso }),
    addDomain: (domain: string) => change('/domains', 'POST', { domain }),
    verifyDomain: (id: string) => change(`/domains/${encodeURIComponent(id)}/verify`, 'POST'),
    removeDomain: (id: string) => change(`/domains/${encodeURIComponent(id)}`, 'DELETE'),
    saveRoleMappings: (roleMappings: SsoRoleMappingDto[]) => change('/role-mappings', 'PUT', { roleMappings }),
  };
}

export type SignInSettingsApi = ReturnType<typeof signInSettingsApi>;
