import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { TENANT_HEADER, TENANT_ROOT } from '../../../contract/http';
import { loginSchema, refreshSchema, revokeSchema } from '../../../contract/schemas/accounts';
import { tokenResponseSchema } from '../../../contract/schemas/users.dto';
import type { AppContext } from '../../context';
import { send } from '../../core/envelope';
import { badRequest } from '../../core/errors';
import { perAddress } from '../../core/rateLimits';
import { routeDocs } from '../../core/openapi/routeDocs';
import { validate } from '../../core/validation';
import { createAfterAnswer } from './afterAnswer';
import { prepareDecoyHash, refuseWhenHashingBusy } from './passwords';
import { signInMetaOf } from './session';
import { createTokenService } from './token.service';
import { createChallengeCompletion } from './signInChallenges';
import { createSecondFactorService } from './secondFactors';
import { secondFactorAnswerSchema } from '../../../contract/secondFactor';
import { yupJsonSchema } from '../../core/openapi/yupJsonSchema';

/** `POST /api/token`'s answer: tokens, or the second step for a user with a second factor. */
export const signInAnswer = {
  oneOf: [
    yupJsonSchema(tokenResponseSchema),
    {
      type: 'object',
      properties: {
        secondFactor: {
          type: 'object',
          properties: {
            challenge: { type: 'string', description: 'For POST /api/token/second-factor (or the passkey step), within 5 minutes' },
            methods: { type: 'array', items: { type: 'string', enum: ['totp', 'recovery', 'passkey'] } },
          },
          required: ['challenge', 'methods'],
        },
      },
      required: ['secondFactor'],
    },
  ],
};

/** Sign-out's answer: null, or where to sign out at the identity provider the sign-in came through (issue 37). */
const providerSignOutAnswer = {
  type: 'object',
  nullable: true,
  properties: { providerSignOutUrl: { type: 'string', format: 'uri', description: "The provider's end-session address (OIDC RP-initiated logout)" } },
  required: ['providerSignOutUrl'],
};

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
      // A sign-in the hashing queue would refuse now answers 503 before anything else, the rate limit's count in the
      // database included: during a burst the refusal is what keeps answering at once.
      onRequest: [async () => refuseWhenHashingBusy(), rateLimited],
      schema: {
        tags,
        summary: 'Sign in: email and password for tokens, or for the second step when the user has a second factor (whether the password was right or not)',
        ...routeDocs({ body: loginSchema, headers: ['tenant'], response: { 200: signInAnswer } }),
      },
    },
    async (request, reply) => {
      requireRootTenant(request);
      const { email, password } = await validate(loginSchema, request.body);
      return send(request, reply, await service.signIn(email, password, signInMetaOf(request, 'password'), (task) => afterAnswer(reply, task)));
    },
  );

  const completeChallenge = createChallengeCompletion(ctx);
  const secondFactors = createSecondFactorService(ctx);
  app.post(
    '/token/second-factor',
    {
      config: { access: 'public' },
      onRequest: rateLimited,
      schema: {
        tags,
        summary: "Sign in, second step: the challenge of POST /api/token and a code of the user's authenticator app or a recovery code",
        ...routeDocs({ body: secondFactorAnswerSchema, headers: ['tenant'], response: { 200: tokenResponseSchema } }),
      },
    },
    async (request, reply) => {
      requireRootTenant(request);
      const { challenge, code } = await validate(secondFactorAnswerSchema, request.body);
      const method = /^\d{6}$/.test(code) ? 'totp' : 'recovery';
      const tokens = await completeChallenge({
        challenge,
        meta: signInMetaOf(request, method),
        verify: (userId) => secondFactors.useCode(userId, code),
        later: (task) => afterAnswer(reply, task),
      });
      return send(request, reply, tokens);
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
        ...routeDocs({ body: revokeSchema, headers: ['tenant'], response: { 200: providerSignOutAnswer } }),
      },
    },
    async (request, reply) => {
      requireRootTenant(request);
      const { refreshToken } = await validate(revokeSchema, request.body);
      return send(request, reply, await service.revoke(refreshToken), { message: 'auth.signedOut' });
    },
  );
};
