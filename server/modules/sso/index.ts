import type { PortalModule } from '../module';
import { signInSettingsRoutes } from './signInSettings.routes';
import { ssoRoutes } from './sso.routes';

/** Single sign-on through an organisation's identity provider (issue 37), beside the other token calls (/api). */
export const ssoModule: PortalModule = { name: 'sso', plugin: ssoRoutes, prefixes: ['/api'] };

/** An organisation's sign-in settings: provider, domains, role mapping (/api/v1/sign-in-settings/…). */
export const signInSettingsModule: PortalModule = { name: 'sign-in-settings', plugin: signInSettingsRoutes, prefixes: ['/api'] };
