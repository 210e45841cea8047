import { eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { permission } from '../../../contract/permissions';
import { registerSchema, updateUserSchema } from '../../../contract/schemas/accounts';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { send } from '../../core/envelope';
import { fieldError } from '../../core/errors';
import { requirePrincipal, type Principal } from '../../core/guard';
import { languageOf } from '../../core/i18n';
import { validate } from '../../core/validation';
import { userSearchSchema } from '../users/users.routes';
import { createUserService } from '../users/users.service';

type IdParams = { Params: { id: string } };

/** A partner admin reaches only their own partner's users; every partner's users need AdminView. */
const partnerUsersScope = (principal: Principal): SQL => {
  if (principal.partnerId) return eq(users.partnerId, principal.partnerId);
  return principal.permissions.has(permission('PartnerUsers', 'AdminView')) ? isNotNull(users.partnerId) : sql`false`;
};

/** `/partner-users`: a PartnerAdmin invites, edits, deactivates and deletes the users of their partner. */
export const partnerUserRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createUserService(ctx);
  const tags = ['Partner users'];
  const access = (action: 'View' | 'Search' | 'Create' | 'Update' | 'Delete') => ({ access: permission('PartnerUsers', action) });

  app.post('/partner-users/search', { config: access('Search'), schema: { tags, summary: "Search the partner's users" } }, async (request, reply) => {
    const principal = requirePrincipal(request);
    return send(request, reply, await service.search(partnerUsersScope(principal), await validate(userSearchSchema, request.body ?? {})));
  });

  app.get<IdParams>('/partner-users/:id', { config: access('View'), schema: { tags, summary: 'One user of the partner' } }, async (request, reply) =>
    send(request, reply, await service.visibleUser(partnerUsersScope(requirePrincipal(request)), request.params.id)),
  );

  app.post('/partner-users', { config: access('Create'), schema: { tags, summary: 'Invite a user to the partner (activation mail)' } }, async (request, reply) => {
    const principal = requirePrincipal(request);
    const input = await validate(registerSchema, request.body);
    const partnerId = principal.partnerId ?? input.partnerId;
    if (!partnerId) throw fieldError('partnerId', 'validation.required');
    const dto = await service.register(principal, input, { partnerId, defaultRole: 'Partner', language: languageOf(request) });
    return send(request, reply, dto, { statusCode: 201, message: 'users.registered' });
  });

  app.put<IdParams>('/partner-users/:id', { config: access('Update'), schema: { tags, summary: 'Edit a user of the partner' } }, async (request, reply) => {
    const principal = requirePrincipal(request);
    const input = await validate(updateUserSchema, request.body);
    return send(request, reply, await service.update(principal, partnerUsersScope(principal), request.params.id, input, undefined));
  });

  app.post<IdParams>('/partner-users/:id/toggle-status', { config: access('Update'), schema: { tags, summary: 'Activate or deactivate a user of the partner' } }, async (request, reply) => {
    const principal = requirePrincipal(request);
    return send(request, reply, await service.toggleStatus(principal, partnerUsersScope(principal), request.params.id), { message: 'users.statusChanged' });
  });

  app.delete<IdParams>('/partner-users/:id', { config: access('Delete'), schema: { tags, summary: 'Delete a user of the partner' } }, async (request, reply) => {
    const principal = requirePrincipal(request);
    return send(request, reply, await service.remove(principal, partnerUsersScope(principal), request.params.id));
  });
};
