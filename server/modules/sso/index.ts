import type { PortalModule } from '../module';
import { ssoRoutes } from './sso.routes';

/** Single sign-on through an organisation's identity provider (issue 37), beside the other token calls (/api). */
export const ssoModule: PortalModule = { name: 'sso', plugin: ssoRoutes, prefixes: ['/api'] };
