import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { TENANT_HEADER, TENANT_ROOT } from '../../../contract/http';
import { loginSchema, refreshSchema, revokeSchema } from '../../../contract/schemas/accounts';
import type { AppContext } from '../../context';
import { send } from '../../core/envelope';
import { badRequest, tooManyRequests, unauthorized } from '../../core/errors';
import { verifyAccessToken } from '../../core/jwt';
import { validate } from '../../core/validation';
import { prepareDecoyHash, verifyPassword } from './passwords';
import { revokeSignInOf, rotateRefreshToken } from './refreshTokens';
import { findUserByEmail, findUserById, issueSession, signAccessTokenOf } from './session';
import { createSignInHolds } from './signInHolds';

function requireRootTenant(request: FastifyRequest) {
  if (request.headers[TENANT_HEADER] !== TENANT_ROOT) throw badRequest('api.tenantInvalid', [{ field: TENANT_HEADER, message: 'api.tenantInvalid' }]);
}

/** POST /api/token, /api/token/refresh and /api/token/revoke. */
export const tokenRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db, config } = ctx;
  const holds = createSignInHolds({ failuresBeforeHold: config.limits.failedSignInsBeforeHold, holdMinutes: config.limits.signInHoldMinutes });
  // One limiter for the token calls, so sign-in, refresh and revoke share the per-address budget.
  const rateLimited = app.rateLimit({ max: config.limits.tokenPerMinute, timeWindow: 60_000 });
  const tags = ['Token'];
  await prepareDecoyHash();

  app.post('/token', { config: { access: 'public' }, onRequest: rateLimited, schema: { tags, summary: 'Sign in: email and password for tokens' } }, async (request, reply) => {
    requireRootTenant(request);
    const { email, password } = await validate(loginSchema, request.body);
    const key = email.toLowerCase();
    if (holds.isHeld(key)) throw tooManyRequests('auth.signInHeld');
    const user = await findUserByEmail(db, email);
    // An inactive account answers as a wrong password does, so nobody learns that the password was right.
    if (!(await verifyPassword(user?.passwordHash, password)) || !user?.isActive) {
      holds.recordFailure(key);
      throw unauthorized('auth.invalidCredentials');
    }
    holds.clear(key);
    return send(request, reply, await issueSession(db, config.jwtSecret, user));
  });

  app.post('/token/refresh', { config: { access: 'public' }, onRequest: rateLimited, schema: { tags, summary: 'Rotate the refresh token for a new pair' } }, async (request, reply) => {
    requireRootTenant(request);
    const body = await validate(refreshSchema, request.body);
    const check = await verifyAccessToken(config.jwtSecret, body.token, { ignoreExpiry: true });
    if (!check.ok) throw unauthorized('auth.refreshInvalid');
    const user = await findUserById(db, check.claims.sub);
    if (!user?.isActive) throw unauthorized('auth.refreshInvalid');
    const outcome = await rotateRefreshToken(db, {
      token: body.refreshToken,
      userId: user.id,
      secret: config.jwtSecret,
      graceMs: config.limits.refreshGraceSeconds * 1000,
      signAccessToken: (familyId) => signAccessTokenOf(db, config.jwtSecret, user, familyId),
    });
    if (outcome.kind === 'refused') throw unauthorized('auth.refreshInvalid');
    return send(request, reply, outcome.pair);
  });

  // Public: signing out must work with an expired access token; holding the refresh token is the proof.
  app.post('/token/revoke', { config: { access: 'public' }, onRequest: rateLimited, schema: { tags, summary: 'Sign out: revoke the sign-in of a refresh token' } }, async (request, reply) => {
    requireRootTenant(request);
    const { refreshToken } = await validate(revokeSchema, request.body);
    await revokeSignInOf(db, refreshToken);
    return send(request, reply, null, { message: 'auth.signedOut' });
  });
};
