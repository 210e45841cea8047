import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { TENANT_HEADER, TENANT_ROOT } from '../../../contract/http';
import { loginSchema, refreshSchema } from '../../../contract/schemas/accounts';
import type { AppContext } from '../../context';
import { send } from '../../core/envelope';
import { ApiError, badRequest, tooManyRequests, unauthorized } from '../../core/errors';
import { verifyAccessToken } from '../../core/jwt';
import { validate } from '../../core/validation';
import { verifyPassword } from './passwords';
import { rotateRefreshToken } from './refreshTokens';
import { findUserByEmail, findUserById, issueSession } from './session';
import { createSignInHolds } from './signInHolds';

function requireRootTenant(request: FastifyRequest) {
  if (request.headers[TENANT_HEADER] !== TENANT_ROOT) throw badRequest('api.tenantInvalid', [{ field: TENANT_HEADER, message: 'api.tenantInvalid' }]);
}

/** POST /api/token and /api/token/refresh. */
export const tokenRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db, config } = ctx;
  const holds = createSignInHolds({ failuresBeforeHold: config.limits.failedSignInsBeforeHold, holdMinutes: config.limits.signInHoldMinutes });
  // One limiter for both token calls, so sign-in and refresh share the per-address budget.
  const rateLimited = app.rateLimit({ max: config.limits.tokenPerMinute, timeWindow: 60_000 });
  const tags = ['Token'];

  app.post('/token', { config: { access: 'public' }, onRequest: rateLimited, schema: { tags, summary: 'Sign in: email and password for tokens' } }, async (request, reply) => {
    requireRootTenant(request);
    const { email, password } = await validate(loginSchema, request.body);
    const key = email.toLowerCase();
    if (holds.isHeld(key)) throw tooManyRequests('auth.signInHeld');
    const user = await findUserByEmail(db, email);
    if (!(await verifyPassword(user?.passwordHash, password)) || !user) {
      holds.recordFailure(key);
      throw unauthorized('auth.invalidCredentials');
    }
    if (!user.isActive) throw new ApiError(401, 'auth.accountInactive');
    holds.clear(key);
    return send(request, reply, await issueSession(db, config.jwtSecret, user));
  });

  app.post('/token/refresh', { config: { access: 'public' }, onRequest: rateLimited, schema: { tags, summary: 'Rotate the refresh token for a new pair' } }, async (request, reply) => {
    requireRootTenant(request);
    const body = await validate(refreshSchema, request.body);
    const check = await verifyAccessToken(config.jwtSecret, body.token, { ignoreExpiry: true });
    if (!check.ok) throw unauthorized('auth.refreshInvalid');
    const outcome = await rotateRefreshToken(db, body.refreshToken, check.claims.sub);
    if (outcome.kind !== 'rotated') throw unauthorized('auth.refreshInvalid');
    const user = await findUserById(db, outcome.userId);
    if (!user?.isActive) throw unauthorized('auth.refreshInvalid');
    return send(request, reply, await issueSession(db, config.jwtSecret, user, outcome.familyId));
  });
};
