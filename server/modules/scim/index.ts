import { SCIM_BASE_PATH } from '../../../contract/scimTokens';
import type { PortalModule } from '../module';
import { scimRoutes } from './scim.routes';
import { scimTokenRoutes } from './scimTokens.routes';

/** SCIM tokens, kept by the partner admin under the API (issue 37, point 5). */
export const scimTokensModule: PortalModule = { name: 'scimTokens', plugin: scimTokenRoutes };

/** SCIM 2.0 provisioning at `/scim/v2/`, unversioned as providers expect, with a SCIM token alone. */
export const scimModule: PortalModule = { name: 'scim', plugin: scimRoutes, prefixes: [SCIM_BASE_PATH] };
