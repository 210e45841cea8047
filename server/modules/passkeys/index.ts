import type { PortalModule } from '../module';
import { passkeyRoutes } from './passkeys.routes';
import { passkeySignInRoutes } from './passkeySignIn.routes';

/** A user's own passkeys (/api/v1/account/passkeys and /api/account/passkeys): list, enrol, rename, remove. */
export const passkeysModule: PortalModule = { name: 'passkeys', plugin: passkeyRoutes };

/** Signing in with a passkey, beside the other token calls (/api/token/passkey…, unversioned as they are). */
export const passkeySignInModule: PortalModule = { name: 'passkey-sign-in', plugin: passkeySignInRoutes, prefixes: ['/api'] };

export { hasPasskeys } from './passkeys.service';
