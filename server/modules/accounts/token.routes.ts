import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { TENANT_HEADER, TENANT_ROOT } from '../../../contract/http';
import { loginSchema, refreshSchema, revokeSchema } from '../../../contract/schemas/accounts';
import { tokenResponseSchema } from '../../../contract/schemas/dtos';
import type { AppContext } from '../../context';
import { send } from '../../core/envelope';
import { badRequest } from '../../core/errors';
import { perAddress } from '../../core/rateLimits';
import { answers, routeDocs } from '../../core/openapi/routeDocs';
import { validate } from '../../core/validation';
import { createAfterAnswer } from './afterAnswer';
import { prepareDecoyHash } from './passwords';
import { signInMetaOf } from './session';
import { createTokenService } from './token.service';

function requireRootTenant(request: FastifyRequest) {
  if (request.headers[TENANT_HEADER] !== TENANT_ROOT) throw badRequest('api.tenantInvalid', [{ field: TENANT_HEADER, message: 'api.tenantInvalid' }]);
}

/** POST /api/token, /api/token/refresh and /api/token/revoke. */
export const tokenRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createTokenService(ctx);
  const afterAnswer = createAfterAnswer(app, ctx.log);
  // One budget per address for the token calls (sign-in, refresh and revoke, under every prefix), counted by all instances.
  const rateLimited = app.rateLimit({ max: ctx.config.limits.tokenPerMinute, timeWindow: 60_000, keyGenerator: perAddress('token') });
  const tags = ['Token'];
  await prepareDecoyHash();

  app.post(
    '/token',
    {
      config: { access: 'public' },
      onRequest: rateLimited,
      schema: {
        tags,
        summary: 'Sign in: email and password for tokens',
        ...routeDocs({ body: loginSchema, headers: ['tenant'], response: { 200: tokenResponseSchema } }),
      },
    },
    async (request, reply) => {
      requireRootTenant(request);
      const { email, password } = await validate(loginSchema, request.body);
      return send(request, reply, await service.signIn(email, password, signInMetaOf(request, 'password'), (task) => afterAnswer(reply, task)));
    },
  );

  app.post(
    '/token/refresh',
    {
      config: { access: 'public' },
      onRequest: rateLimited,
      schema: {
        tags,
        summary: 'Rotate the refresh token for a new pair',
        ...routeDocs({ body: refreshSchema, headers: ['tenant'], response: { 200: tokenResponseSchema } }),
      },
    },
    async (request, reply) => {
      requireRootTenant(request);
      const body = await validate(refreshSchema, request.body);
      return send(request, reply, await service.refresh(body.token, body.refreshToken));
    },
  );

  // Public: signing out must work with an expired access token; holding the refresh token is the proof.
  app.post(
    '/token/revoke',
    {
      config: { access: 'public' },
      onRequest: rateLimited,
      schema: {
        tags,
        summary: 'Sign out: revoke the sign-in of a refresh token',
        ...routeDocs({ body: revokeSchema, headers: ['tenant'], response: { 200: answers.none } }),
      },
    },
    async (request, reply) => {
      requireRootTenant(request);
      const { refreshToken } = await validate(revokeSchema, request.body);
      await service.revoke(refreshToken);
      return send(request, reply, null, { message: 'auth.signedOut' });
    },
  );
};
