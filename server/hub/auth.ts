import { authenticate, type Principal, type PrincipalLoader } from '../core/guard';
import { badRequest, forbidden, notFound, unauthorized } from '../core/errors';
import { isExpired, verifyAccessToken } from '../core/jwt';
import type { HubConnection } from './connection';
import type { HubServer } from './hubServer';
import { CLOSE_REASONS } from './hubSettings';
import { LongPollingTransport } from './transports';

export interface HubAuth {
  secret: Uint8Array;
  loadPrincipal: PrincipalLoader;
}

/**
 * The access token of a hub request. Browsers cannot set headers on a WebSocket or an EventSource, so the
 * client puts it in `access_token` there; elsewhere (and in Node) it comes as `Authorization: Bearer`.
 */
export function hubToken(authorization: string | undefined, accessToken: unknown): string | null {
  if (typeof accessToken === 'string' && accessToken) return accessToken;
  const [scheme, value] = (authorization ?? '').split(' ');
  return scheme?.toLowerCase() === 'bearer' && value ? value : null;
}

/** Where a connection starts (negotiate, or a WebSocket without one): the active user behind the token. */
export async function authenticateHubUser(auth: HubAuth, token: string | null): Promise<{ principal: Principal; tokenExpiresAt: number }> {
  const { principal, claims } = await authenticate(auth.secret, auth.loadPrincipal, token);
  return { principal, tokenExpiresAt: claims.exp * 1000 };
}

/**
 * The connection a transport request names, if the token's user owns it: else 400, 401, 403 or 404.
 * Only the token is checked: the user was loaded when the connection started and the connection ends when
 * the token expires, so polls and sends skip the database. A long poll whose token expired gets the Close that says so rather than a bare 401 (`closeWhenExpired`).
 */
export async function connectionOfRequest(
  hub: HubServer,
  auth: HubAuth,
  id: unknown,
  token: string | null,
  options: { closeWhenExpired?: boolean } = {},
): Promise<HubConnection> {
  if (!token) throw unauthorized();
  const check = await verifyAccessToken(auth.secret, token, { ignoreExpiry: true });
  if (!check.ok) throw unauthorized();
  const expired = isExpired(check.claims);
  if (expired && !options.closeWhenExpired) throw unauthorized('api.tokenExpired');
  if (typeof id !== 'string' || !id) throw badRequest();
  const connection = hub.find(id);
  if (!connection) throw notFound();
  if (check.claims.sub !== connection.user.id) throw forbidden();
  if (expired) {
    if (!(connection.transport instanceof LongPollingTransport)) throw unauthorized('api.tokenExpired');
    hub.close(connection, CLOSE_REASONS.tokenExpired, true);
  }
  // A client that refreshed its token (long polling retries a 401 with a new one) keeps its connection longer.
  connection.tokenExpiresAt = Math.max(connection.tokenExpiresAt, check.claims.exp * 1000);
  return connection;
}
