import type { FastifyPluginAsync } from 'fastify';
import { permission } from '../../../contract/permissions';
import { auditTrailEntryDtoSchema, userRoleDtoSchema } from '../../../contract/schemas/users.dto';
import { userRolesSchema } from '../../../contract/schemas/roles';
import type { AppContext } from '../../context';
import { send } from '../../core/envelope';
import { requirePrincipal } from '../../core/guard';
import { answers, idParams, pageQuery, routeDocs } from '../../core/openapi/routeDocs';
import { validatePageQuery } from '../../core/search';
import { validate } from '../../core/validation';
import { AUDIT_TRAIL_PAGE_SIZE, createUserRoleService } from './userRoles.service';

type IdParams = { Params: { id: string } };

/** A user's roles (GET and POST `{ userRoles: [{ roleId, roleName, enabled }] }`) and audit trail. */
export const userRoleRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createUserRoleService(ctx);
  const tags = ['Users'];

  app.get<IdParams>(
    '/users/:id/roles',
    {
      config: { access: permission('UserRoles', 'View') },
      schema: {
        tags,
        summary: 'Every role, each marked enabled when the user holds it',
        ...routeDocs({ params: idParams, response: { 200: answers.listOf(userRoleDtoSchema) } }),
      },
    },
    async (request, reply) => send(request, reply, await service.rolesOf(requirePrincipal(request), request.params.id)),
  );

  app.post<IdParams>(
    '/users/:id/roles',
    {
      config: { access: permission('UserRoles', 'Update') },
      schema: {
        tags,
        summary: "Set a user's roles",
        ...routeDocs({ params: idParams, body: userRolesSchema, response: { 200: answers.listOf(userRoleDtoSchema) } }),
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      return send(request, reply, await service.setRoles(principal, request.params.id, () => validate(userRolesSchema, request.body)));
    },
  );

  app.get<IdParams & { Querystring: Record<string, string> }>(
    '/users/:id/audit-trails',
    {
      config: { access: permission('AuditTrails', 'View') },
      schema: {
        tags,
        summary: 'What a user did and what was done to their account, newest first, a page at a time (?pageNumber=&pageSize=) with the total',
        ...routeDocs({ params: idParams, querystring: pageQuery, response: { 200: answers.pageOf(auditTrailEntryDtoSchema) } }),
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      return send(request, reply, await service.auditTrail(principal, request.params.id, () => validatePageQuery(request.query, AUDIT_TRAIL_PAGE_SIZE)));
    },
  );
};
