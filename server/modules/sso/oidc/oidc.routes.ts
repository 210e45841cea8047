import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../../context';
import { ApiError } from '../../../core/errors';
import { addressesOf } from '../signInSettings.service';
import { enabledProvider } from '../sso.routes';
import { takeFlow } from '../ssoFlows';
import { ssoLandingAddress } from '../ssoLanding';
import { finishSsoSignIn } from '../ssoSignIn';
import { completeOidc, OidcRefusal } from './oidcCallback';

/** `GET /api/sso/:providerId/oidc/callback`: where an OpenID provider sends the browser back with the code. */
export const oidcRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get<{ Params: { providerId: string }; Querystring: Record<string, unknown> }>(
    '/sso/:providerId/oidc/callback',
    {
      config: { access: 'public' },
      // A browser's navigation, not a client's call: out of the API document (docs/deploy.md lists these addresses).
      schema: { hide: true },
    },
    async (request, reply) => {
      const { providerId } = request.params;
      const state = request.query.state;
      let returnTo: string | null = null;
      let outcome: { code: string } | { error: string };
      try {
        const provider = await enabledProvider(ctx, providerId);
        if (provider.kind !== 'oidc') throw new OidcRefusal('sso.providerUnknown');
        const flow = typeof state === 'string' ? await takeFlow(ctx.db, provider.id, state) : null;
        if (!flow) throw new OidcRefusal('ssoOidc.flowInvalid');
        returnTo = flow.returnTo;
        // The address as registered at the provider, with the answer's query: openid-client sends it back as redirect_uri.
        const answer = new URL(addressesOf(ctx, provider.id).oidcRedirectUri);
        answer.search = new URL(request.url, 'http://callback').search;
        const identity = await completeOidc(ctx, provider, answer, flow);
        outcome = { code: await finishSsoSignIn(ctx, provider, identity) };
      } catch (error) {
        if (error instanceof OidcRefusal || error instanceof ApiError) outcome = { error: error.messageKey };
        else {
          request.log.error({ err: error }, 'OpenID sign-in failed');
          outcome = { error: 'ssoOidc.answerRefused' };
        }
      }
      return reply.header('cache-control', 'no-store').redirect(ssoLandingAddress(ctx, outcome, returnTo), 303);
    },
  );
};
