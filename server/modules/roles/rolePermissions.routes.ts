import type { FastifyPluginAsync } from 'fastify';
import { permission } from '../../../contract/permissions';
import { rolePermissionsChangeSchema, rolePermissionsDtoSchema } from '../../../contract/schemas/roles.dto';
import { rolePermissionsSchema } from '../../../contract/schemas/roles';
import { send } from '../../core/envelope';
import { requirePrincipal } from '../../core/guard';
import { idParams, routeDocs } from '../../core/openapi/routeDocs';
import type { RoleService } from './roles.service';

type IdParams = { Params: { id: string } };

/** GET and PUT /roles/{id}/permissions, and a preview of what a PUT would change. */
export const rolePermissionRoutes: FastifyPluginAsync<{ service: RoleService['permissions'] }> = async (app, { service }) => {
  const tags = ['roles'];

  app.get<IdParams>(
    '/roles/:id/permissions',
    {
      config: { access: permission('Roles', 'View') },
      schema: { tags, summary: "A role's enabled permissions", ...routeDocs({ params: idParams, response: { 200: rolePermissionsDtoSchema } }) },
    },
    async (request, reply) => send(request, reply, await service.enabled(requirePrincipal(request), request.params.id)),
  );

  app.post<IdParams>(
    '/roles/:id/permissions/preview',
    {
      config: { access: permission('Roles', 'Update') },
      schema: {
        tags,
        summary: 'What a permissions save would change, and how many users it affects',
        ...routeDocs({ params: idParams, body: rolePermissionsSchema, response: { 200: rolePermissionsChangeSchema } }),
      },
    },
    async (request, reply) => send(request, reply, await service.preview(requirePrincipal(request), request.params.id, request.body)),
  );

  app.put<IdParams>(
    '/roles/:id/permissions',
    {
      config: { access: permission('Roles', 'Update') },
      schema: {
        tags,
        summary: "Replace a role's enabled permissions",
        ...routeDocs({ params: idParams, body: rolePermissionsSchema, response: { 200: rolePermissionsChangeSchema } }),
      },
    },
    async (request, reply) => send(request, reply, await service.replace(requirePrincipal(request), request.params.id, request.body)),
  );
};
