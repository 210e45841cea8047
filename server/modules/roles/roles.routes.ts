import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { registerCrudRoutes } from '../../core/crud';
import { rolePermissionRoutes } from './rolePermissions.routes';
import { createRoleService } from './roles.service';

export const roleRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createRoleService(ctx);
  registerCrudRoutes(app, service.crud);
  await app.register(rolePermissionRoutes, { service: service.permissions });
};
