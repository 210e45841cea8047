import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../../context';
import { ApiError, notFound } from '../../../core/errors';
import { perAddress } from '../../../core/rateLimits';
import { identityProviders } from '../sso.schema';
import { ssoLandingAddress } from '../ssoLanding';
import { finishSsoSignIn } from '../ssoSignIn';
import { SamlRefusal } from './samlAssertion';
import { samlMetadataOf } from './samlMetadata';
import { acceptSamlResponse } from './samlResponse';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A SAMLResponse of a few hundred groups stays far below this; a larger body is refused before it is read. */
export const ACS_BODY_LIMIT = 256 * 1024;

/** The SAML provider `id` (enabled ones only unless said), or null. */
async function samlProvider(ctx: AppContext, id: string, options: { enabledOnly: boolean }) {
  if (!UUID.test(id)) return null;
  const [provider] = await ctx.db
    .select()
    .from(identityProviders)
    .where(and(eq(identityProviders.id, id), eq(identityProviders.kind, 'saml'), options.enabledOnly ? eq(identityProviders.enabled, true) : undefined));
  return provider ?? null;
}

/** SAML 2.0's own routes (issue 37): the ACS the IdP posts the person back to, and our SP metadata for the IdP's admin. */
export const samlRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const rateLimited = app.rateLimit({ max: ctx.config.limits.tokenPerMinute, timeWindow: 60_000, keyGenerator: perAddress('sso-saml') });
  // The HTTP-POST binding's form, for this plugin's routes only: the two fields it has, nothing else kept.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: ACS_BODY_LIMIT }, (_request, text, done) => {
    const form = new URLSearchParams(text as string);
    done(null, { SAMLResponse: form.get('SAMLResponse'), RelayState: form.get('RelayState') });
  });

  app.post(
    '/sso/:providerId/saml/acs',
    { config: { access: 'public' }, onRequest: rateLimited, bodyLimit: ACS_BODY_LIMIT, schema: { hide: true } },
    async (request, reply) => {
      const { providerId } = request.params as { providerId: string };
      const body = (request.body ?? {}) as { SAMLResponse?: unknown; RelayState?: unknown };
      const land = (outcome: { code: string } | { error: string }, returnTo?: string | null) =>
        reply.header('cache-control', 'no-store').redirect(ssoLandingAddress(ctx, outcome, returnTo), 303);
      const provider = await samlProvider(ctx, providerId, { enabledOnly: true });
      if (!provider) return land({ error: 'sso.providerUnknown' });
      if (typeof body.SAMLResponse !== 'string' || typeof body.RelayState !== 'string') return land({ error: 'ssoSaml.flowExpired' });
      let accepted;
      try {
        accepted = await acceptSamlResponse(ctx, provider, { SAMLResponse: body.SAMLResponse, RelayState: body.RelayState });
      } catch (error) {
        if (!(error instanceof SamlRefusal)) throw error;
        request.log.info({ providerId, reason: error.reason }, 'SAML response refused');
        return land({ error: error.key }, error.returnTo);
      }
      try {
        return land({ code: await finishSsoSignIn(ctx, provider, accepted.identity) }, accepted.returnTo);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        return land({ error: error.messageKey }, accepted.returnTo);
      }
    },
  );

  app.get('/sso/:providerId/saml/metadata', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    const { providerId } = request.params as { providerId: string };
    // Disabled providers too: the IdP's admin registers the portal before the provider is switched on.
    const provider = await samlProvider(ctx, providerId, { enabledOnly: false });
    if (!provider) throw notFound('sso.providerUnknown');
    return reply.type('application/samlmetadata+xml; charset=utf-8').send(samlMetadataOf(ctx, provider.id));
  });
};
