import type { Config } from '../../config';
import { lazyModule } from '../../core/lazyModules';

/** @simplewebauthn/server, loaded on first use (it was the slowest package of the start). */
export const webAuthn = lazyModule(() => import('@simplewebauthn/server'));

/** Who the passkeys are for: the RP ID and the origins whose answers count. */
export interface RelyingParty {
  id: string;
  name: string;
  /** Whether a browser answer made on `origin` (its clientDataJSON's) is one of ours. */
  acceptsOrigin(origin: string): boolean;
}

/**
 * From PUBLIC_URL only, never from a request's Host (a relaying phisher chooses that): the RP ID is its host name
 * and the origin its origin. On `localhost` (development and the tests) any port of it counts, since the RP ID has
 * no port and the port a test server gets is not known when the configuration is made. An IP address cannot be an
 * RP ID: browsers refuse passkeys there, so open the portal by a name (`localhost`) to use them.
 */
export function relyingPartyOf(config: Pick<Config, 'publicUrl'>): RelyingParty {
  const publicUrl = new URL(config.publicUrl);
  const id = publicUrl.hostname;
  const local = id === 'localhost';
  return {
    id,
    name: 'Partner Portal',
    acceptsOrigin(origin) {
      if (origin === publicUrl.origin) return true;
      if (!local) return false;
      try {
        const url = new URL(origin);
        return url.origin === origin && url.hostname === 'localhost' && (url.protocol === 'http:' || url.protocol === 'https:');
      } catch {
        return false;
      }
    },
  };
}

/** The origin and challenge a browser answer names (its clientDataJSON), or null when it cannot be read. */
export function clientDataOf(clientDataJSON: string): { origin: string; challenge: string } | null {
  try {
    const parsed = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as unknown;
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { origin, challenge } = parsed as Record<string, unknown>;
    return typeof origin === 'string' && typeof challenge === 'string' ? { origin, challenge } : null;
  } catch {
    return null;
  }
}
