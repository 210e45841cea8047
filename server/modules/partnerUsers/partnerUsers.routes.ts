import type { FastifyPluginAsync } from 'fastify';
import { permission } from '../../../contract/permissions';
import { partnerUsersDeclaration } from '../../../contract/resources/partnerUsers';
import { registerSchema } from '../../../contract/schemas/accounts';
import { userDtoSchema } from '../../../contract/schemas/users.dto';
import type { AppContext } from '../../context';
import { send } from '../../core/envelope';
import { requirePrincipal } from '../../core/guard';
import { languageOf } from '../../core/i18n';
import { idParams, routeDocs } from '../../core/openapi/routeDocs';
import { validate } from '../../core/validation';
import { registerUserRecordRoutes } from '../users/userRecordRoutes';
import { createUserService } from '../users/users.service';
import { invitationOf, partnerUsersScope } from './partnerUsers.service';

type IdParams = { Params: { id: string } };

/**
 * `/partner-users`: a PartnerAdmin invites, edits, deactivates and deletes the users of their partner. The routes
 * are the declaration's (every CRUD action but Export; the invitation is its create) and a status toggle.
 */
export const partnerUserRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { name: path, permission: permissions } = partnerUsersDeclaration;
  const service = createUserService(ctx);
  const tags = ['Partner users'];
  const access = (action: 'Create' | 'Update') => ({ access: permission(permissions, action) });

  // Partner users stay with their partner: an edit here never moves one to another partner.
  registerUserRecordRoutes(app, { path, permissions, tags, service, scopeOf: partnerUsersScope, mayMovePartner: () => false });

  app.post(
    `/${path}`,
    {
      config: access('Create'),
      schema: { tags, summary: 'Invite a user to the partner (activation mail)', ...routeDocs({ body: registerSchema, response: { 201: userDtoSchema } }) },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const input = await validate(registerSchema, request.body);
      const dto = await service.register(principal, input, { ...invitationOf(principal, input), language: languageOf(request) });
      return send(request, reply, dto, { statusCode: 201, message: 'users.registered' });
    },
  );

  app.post<IdParams>(
    `/${path}/:id/toggle-status`,
    {
      config: access('Update'),
      schema: { tags, summary: 'Activate or deactivate a user of the partner', ...routeDocs({ params: idParams, response: { 200: userDtoSchema } }) },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      return send(request, reply, await service.toggleStatus(principal, partnerUsersScope(principal), request.params.id), { message: 'users.statusChanged' });
    },
  );
};
