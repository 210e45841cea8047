import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { ssoCodeSchema, ssoDiscoverSchema } from '../../../contract/schemas/credentials';
import type { AppContext } from '../../context';
import { send } from '../../core/envelope';
import { notFound } from '../../core/errors';
import { perAddress } from '../../core/rateLimits';
import { validate } from '../../core/validation';
import { routeDocs } from '../../core/openapi/routeDocs';
import { signInAnswer } from '../accounts/token.routes';
import { signInMetaOf } from '../accounts/session';
import { identityProviders } from './sso.schema';
import { discoverProvider } from './ssoDomains';
import { safeReturnTo } from './ssoLanding';
import { ssoStarts } from './ssoProtocols';
import { exchangeHandoff } from './ssoSignIn';

const discoveryAnswer = {
  type: 'object',
  properties: {
    provider: {
      type: 'object',
      nullable: true,
      properties: { id: { type: 'string', format: 'uuid' }, name: { type: 'string' }, kind: { type: 'string', enum: ['oidc', 'saml'] } },
      required: ['id', 'name', 'kind'],
    },
    required: { type: 'boolean' },
  },
  required: ['provider', 'required'],
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The enabled provider `id`, or 404 (unknown, disabled, or not an id at all). */
export async function enabledProvider(ctx: Pick<AppContext, 'db'>, id: unknown) {
  if (typeof id !== 'string' || !UUID.test(id)) throw notFound('sso.providerUnknown');
  const [provider] = await ctx.db
    .select()
    .from(identityProviders)
    .where(and(eq(identityProviders.id, id), eq(identityProviders.enabled, true)));
  if (!provider) throw notFound('sso.providerUnknown');
  return provider;
}

/** Issue 37: the email-first discovery, a provider's start, and the session for the code its callback handed over. */
export const ssoRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const rateLimited = app.rateLimit({ max: ctx.config.limits.tokenPerMinute, timeWindow: 60_000, keyGenerator: perAddress('token') });
  const tags = ['Single sign-on'];

  app.post(
    '/sso/discover',
    {
      config: { access: 'public' },
      onRequest: rateLimited,
      schema: {
        tags,
        summary: "Which organisation's identity provider signs an address in, and whether it must",
        ...routeDocs({ body: ssoDiscoverSchema, headers: ['tenant'], response: { 200: discoveryAnswer } }),
      },
    },
    async (request, reply) => {
      const { email } = await validate(ssoDiscoverSchema, request.body);
      return send(request, reply, await discoverProvider(ctx.db, email));
    },
  );

  app.get<{ Params: { providerId: string }; Querystring: { returnTo?: unknown } }>(
    '/sso/:providerId/start',
    // A browser's navigation, not a client's call: out of the API document (docs/deploy.md lists these addresses).
    { config: { access: 'public' }, onRequest: rateLimited, schema: { hide: true } },
    async (request, reply) => {
      const provider = await enabledProvider(ctx, request.params.providerId);
      const start = ssoStarts[provider.kind];
      if (!start) throw notFound('sso.providerUnknown');
      const address = await start(ctx, provider, safeReturnTo(request.query.returnTo));
      return reply.header('cache-control', 'no-store').redirect(address, 302);
    },
  );

  app.post(
    '/token/sso',
    {
      config: { access: 'public' },
      onRequest: rateLimited,
      schema: {
        tags,
        summary: "The session for the one-time code a provider's callback handed the browser (or the second step)",
        ...routeDocs({ body: ssoCodeSchema, headers: ['tenant'], response: { 200: signInAnswer } }),
      },
    },
    async (request, reply) => {
      const { code } = await validate(ssoCodeSchema, request.body);
      const meta = signInMetaOf(request, 'sso');
      return send(request, reply, await exchangeHandoff(ctx, code, meta));
    },
  );
};
