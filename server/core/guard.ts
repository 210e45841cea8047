import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Permission } from '../../contract/permissions';
import type { AccessTokenClaims, ImpersonatorClaim } from '../../contract/tokens';
import { unauthorized, forbidden, ApiError } from './errors';
import { verifyAccessToken } from './jwt';

/**
 * What a route needs: a permission string, any signed-in user, nobody (public), or nobody but it reads who is
 * signed in when a token comes (`publicOrSignedIn`: the help center answers visitors and users differently).
 */
export type RouteAccess = Permission | 'authenticated' | 'public' | 'publicOrSignedIn';

export interface Principal {
  id: string;
  email: string;
  fullName: string;
  role: string | null;
  /** Smallest priority number among the user's roles: the rank that escalation rules compare. */
  rank: number;
  partnerId: string | null;
  permissions: Set<string>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /**
     * The route changes how its user signs in (password, second factor, passkeys, ending sign-ins, impersonating):
     * refused while impersonating (issue 26, point 5).
     */
    credentials?: boolean;
  }
  interface FastifyRequest {
    principal: Principal | null;
    /** Who is acting for the principal when the access token is an impersonation's (its `act` claim). */
    impersonator: ImpersonatorClaim | null;
  }
}

/**
 * Who a user is now; given the claims of the token that names them (the guard and the hub's sign-in do), a loader
 * may read what else the token's check needs in the same round trip (its sign-in: app.ts).
 */
export type PrincipalLoader = (userId: string, claims?: AccessTokenClaims) => Promise<Principal | null>;

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, value] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && value ? value : null;
}

/** A URL without the access token browsers put in a hub request's query: a bearer token kept in a log or an audit row is a session for its reader. */
export const withoutAccessToken = (url: string) => url.replace(/([?&]access_token=)[^&]*/g, '$1[redacted]');

/** The signed-in user behind a raw access token with the token's claims, or an ApiError(401) saying why not. */
export async function authenticate(
  secret: Uint8Array,
  loadPrincipal: PrincipalLoader,
  token: string | null,
): Promise<{ principal: Principal; claims: AccessTokenClaims }> {
  if (!token) throw unauthorized();
  const check = await verifyAccessToken(secret, token);
  if (!check.ok) throw unauthorized(check.expired ? 'api.tokenExpired' : 'api.unauthorized');
  const principal = await loadPrincipal(check.claims.sub, check.claims);
  if (!principal) throw unauthorized();
  return { principal, claims: check.claims };
}

/**
 * Every route declares `config.access`; this hook authenticates and checks it before the body is read,
 * so an unauthorised upload is refused without being parsed. A route without a declaration is refused.
 */
export function registerGuard(app: FastifyInstance, secret: Uint8Array, loadPrincipal: PrincipalLoader) {
  app.decorateRequest('principal', null);
  app.decorateRequest('impersonator', null);
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (access === 'public') return;
    if (access === 'publicOrSignedIn' && !bearerToken(request)) return;
    if (!access) {
      if (request.is404) return;
      throw new ApiError(500, 'api.serverError');
    }
    const { principal, claims } = await authenticate(secret, loadPrincipal, bearerToken(request));
    request.principal = principal;
    request.impersonator = claims.act ?? null;
    if (request.impersonator && request.routeOptions.config.credentials) throw forbidden('impersonation.notWhileImpersonating');
    if (access !== 'authenticated' && access !== 'publicOrSignedIn' && !request.principal.permissions.has(access)) throw forbidden();
  });
}

export function requirePrincipal(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized();
  return request.principal;
}
