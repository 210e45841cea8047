import type { ImpersonatorClaim } from '../../contract/tokens';
import { authenticate, type Principal, type PrincipalLoader } from '../core/guard';
import { badRequest, forbidden, notFound, unauthorized } from '../core/errors';
import { isExpired, verifyAccessToken } from '../core/jwt';
import type { ConnectionOrigin, HubConnection } from './connection';
import type { ConnectionTokens } from './connectionToken';
import type { HubServer } from './hubServer';
import { CLOSE_REASONS } from './hubSettings';
import { LongPollingTransport } from './transports';

export interface HubAuth {
  secret: Uint8Array;
  loadPrincipal: PrincipalLoader;
  /** Reads the signed connection tokens negotiate answers (the same signer the hub uses). */
  connectionTokens: ConnectionTokens;
  /** Whether the sign-in of a token (`sid`) has ended: such a token starts no connection. */
  signInEnded?: (sid: string) => Promise<boolean>;
  /** Refuses (throws the ApiError REST answers) an active user REST refuses too: see admission.ts. */
  admit?: (principal: Principal, impersonator: ImpersonatorClaim | null) => Promise<void>;
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

/**
 * Where a connection starts (negotiate, a transport's start): the active user behind the token, whose sign-in has not
 * ended, and whom REST would not refuse either (a second factor to set up, a withdrawn impersonation). `actingOn`, the
 * HTTP request when there is one, is recorded as the user's once the token is known good, so an impersonation's audit
 * trail keeps it, refused or not.
 */
export async function authenticateHubUser(
  auth: HubAuth,
  token: string | null,
  actingOn?: { principal: Principal | null; impersonator: ImpersonatorClaim | null },
): Promise<{ principal: Principal; tokenExpiresAt: number; origin: ConnectionOrigin }> {
  const { principal, claims } = await authenticate(auth.secret, auth.loadPrincipal, token);
  const signInId = typeof claims.sid === 'string' ? claims.sid : undefined;
  if (signInId && (await auth.signInEnded?.(signInId))) throw unauthorized();
  const impersonator = claims.act ?? null;
  if (actingOn) Object.assign(actingOn, { principal, impersonator });
  await auth.admit?.(principal, impersonator);
  return { principal, tokenExpiresAt: claims.exp * 1000, origin: { signInId, impersonator, providerMfa: claims.amr?.includes('mfa') === true } };
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

/**
 * The connection a transport's opening request names: a WebSocket upgrade, a server-sent events stream, a long
 * poll. Unknown here but signed by this deployment, not expired and not ended here, it starts here as a fresh
 * connect would: the bearer's user is loaded and must be active and the one who negotiated. So negotiate may land
 * on any instance (a balancer routing `?id=` by hash sends it, id-less, round robin). Sends and the long-polling
 * stop never start a connection: one unknown here is 404, and the client negotiates again (README-balancer.md).
 */
export async function connectionOfTransportStart(
  hub: HubServer,
  auth: HubAuth,
  id: unknown,
  token: string | null,
  options: { closeWhenExpired?: boolean } = {},
): Promise<HubConnection> {
  const claims = typeof id === 'string' && id && !hub.find(id) ? auth.connectionTokens.read(id) : null;
  if (!claims) return connectionOfRequest(hub, auth, id, token, options);
  const { principal, tokenExpiresAt, origin } = await authenticateHubUser(auth, token);
  if (principal.id !== claims.userId) throw forbidden();
  const connection = hub.adopt(principal, tokenExpiresAt, claims.connectionId, id as string, origin);
  if (!connection) throw notFound();
  return connection;
}
