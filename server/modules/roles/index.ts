import type { PortalModule } from '../module';
import { roleRoutes } from './roles.routes';
import { seedRoles } from './roles.seed';

/** Roles and their permissions; the catalogue's roles are synchronised at every start. */
export const rolesModule: PortalModule = { name: 'roles', plugin: roleRoutes, seed: (ctx) => seedRoles(ctx.db) };
