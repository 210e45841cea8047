import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { registerCrudResource } from '../../core/crudResource';
import { rolePermissionRoutes } from './rolePermissions.routes';
import { rolesResource } from './roles.resource';

export const roleRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  registerCrudResource(app, ctx, rolesResource);
  await app.register(rolePermissionRoutes, { ctx });
};
