import type { SsoDiscovery } from '../../contract/sso';
import { apiPaths } from '../config/apiPaths';
import { apiRequest } from '../providers/http/httpClient';

/** Nothing to offer: the password and passkey, as for an address no organisation has verified. */
export const NO_PROVIDER: SsoDiscovery = { provider: null, required: false };

/** Whose identity provider signs `email` in (issue 37). A failure offers none: the password stays. */
export async function discoverSso(email: string): Promise<SsoDiscovery> {
  try {
    const { data } = await apiRequest<SsoDiscovery>(apiPaths.ssoDiscover, {
      method: 'POST',
      body: { email },
      authenticated: false,
      tenant: true,
      notify: false,
    });
    return data ?? NO_PROVIDER;
  } catch {
    return NO_PROVIDER;
  }
}

/** Worth asking about: something@domain.tld (the server checks it for real). */
export const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());
