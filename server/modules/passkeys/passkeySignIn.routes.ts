import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { TENANT_HEADER, TENANT_ROOT } from '../../../contract/http';
import { passkeySignInOptionsSchema, passkeySignInSchema } from '../../../contract/schemas/passkeys';
import { tokenResponseSchema } from '../../../contract/schemas/users.dto';
import type { AppContext } from '../../context';
import { send } from '../../core/envelope';
import { badRequest } from '../../core/errors';
import { perAddress } from '../../core/rateLimits';
import { routeDocs } from '../../core/openapi/routeDocs';
import { validate } from '../../core/validation';
import { createAfterAnswer } from '../accounts/afterAnswer';
import { signInMetaOf } from '../accounts/session';
import { createPasskeySignIn } from './passkeySignIn.service';

function requireRootTenant(request: FastifyRequest) {
  if (request.headers[TENANT_HEADER] !== TENANT_ROOT) throw badRequest('api.tenantInvalid', [{ field: TENANT_HEADER, message: 'api.tenantInvalid' }]);
}

const requestOptionsDoc = { type: 'object', description: 'PublicKeyCredentialRequestOptionsJSON (WebAuthn Level 3)', additionalProperties: true };

/** POST /api/token/passkey/options and /api/token/passkey: signing in with a passkey, password-less or as the second step. */
export const passkeySignInRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const signIns = createPasskeySignIn(ctx);
  const afterAnswer = createAfterAnswer(app, ctx.log);
  // The token calls' budget per address, counted with theirs (same key).
  const rateLimited = app.rateLimit({ max: ctx.config.limits.tokenPerMinute, timeWindow: 60_000, keyGenerator: perAddress('token') });
  const tags = ['Token'];

  app.post(
    '/token/passkey/options',
    {
      config: { access: 'public' },
      onRequest: rateLimited,
      schema: {
        tags,
        summary: 'Options to sign in with a passkey: password-less without `challenge`, the second step with it',
        ...routeDocs({ body: passkeySignInOptionsSchema, headers: ['tenant'], response: { 200: requestOptionsDoc } }),
      },
    },
    async (request, reply) => {
      requireRootTenant(request);
      const { challenge } = await validate(passkeySignInOptionsSchema, request.body ?? {});
      return send(request, reply, challenge ? await signIns.secondStepOptions(challenge) : await signIns.options());
    },
  );

  app.post(
    '/token/passkey',
    {
      config: { access: 'public' },
      onRequest: rateLimited,
      schema: {
        tags,
        summary: "Sign in with a passkey: the browser's answer to the options (and the second step's `challenge`) for tokens",
        ...routeDocs({ body: passkeySignInSchema, headers: ['tenant'], response: { 200: tokenResponseSchema } }),
      },
    },
    async (request, reply) => {
      requireRootTenant(request);
      const { challenge, response } = await validate(passkeySignInSchema, request.body);
      const later = (task: () => Promise<void>) => afterAnswer(reply, task);
      const credential = response as Parameters<typeof signIns.signIn>[0];
      const tokens = challenge
        ? await signIns.secondStep(challenge, credential, signInMetaOf(request, 'passkey'), later)
        : await signIns.signIn(credential, signInMetaOf(request, 'passkey'), later);
      return send(request, reply, tokens);
    },
  );
};
