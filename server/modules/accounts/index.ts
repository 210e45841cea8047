import type { PortalModule } from '../module';
import { tokenRoutes } from './token.routes';

/** Sign-in, refresh and revoke of tokens (/api/token), with the principal every request is checked against. */
export const accountsModule: PortalModule = { name: 'accounts', plugin: tokenRoutes, prefixes: ['/api'] };
