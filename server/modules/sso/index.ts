import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import type { PortalModule } from '../module';
import { oidcRoutes } from './oidc/oidc.routes';
import { samlRoutes } from './saml/saml.routes';
import { signInSettingsRoutes } from './signInSettings.routes';
import { ssoRoutes } from './sso.routes';

/** The shared routes, then each protocol's own (OIDC's callback, SAML's ACS and metadata). */
const ssoPlugin: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  await app.register(ssoRoutes, { ctx });
  await app.register(oidcRoutes, { ctx });
  await app.register(samlRoutes, { ctx });
};

/** Single sign-on through an organisation's identity provider (issue 37), beside the other token calls (/api). */
export const ssoModule: PortalModule = { name: 'sso', plugin: ssoPlugin, prefixes: ['/api'] };

/** An organisation's sign-in settings: provider, domains, role mapping (/api/v1/sign-in-settings/… and /api/sign-in-settings/…). */
export const signInSettingsModule: PortalModule = { name: 'sign-in-settings', plugin: signInSettingsRoutes };
