import { eq, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import * as yup from 'yup';
import { permission } from '../../../contract/permissions';
import { registerSchema, updateUserSchema } from '../../../contract/schemas/accounts';
import { searchRequestSchema } from '../../../contract/schemas/search';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { send } from '../../core/envelope';
import { requirePrincipal, type Principal } from '../../core/guard';
import { languageOf } from '../../core/i18n';
import { validate } from '../../core/validation';
import { selectUserDtos } from './userDto';
import { createUserService } from './users.service';

export const userSearchSchema = searchRequestSchema.shape({ isActive: yup.boolean(), partnerId: yup.string().uuid() });

/** A user with a partner sees only that partner's users (another partner's answer 404). */
const partnerScope = (principal: Principal): SQL | undefined => (principal.partnerId ? eq(users.partnerId, principal.partnerId) : undefined);

type IdParams = { Params: { id: string } };

/** Staff administration of users: register, list, search, get, update, delete, toggle status. */
export const userRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createUserService(ctx);
  const tags = ['Users'];

  app.get('/users', { config: { access: permission('Users', 'View') }, schema: { tags, summary: 'Every user (at most 1000)' } }, async (request, reply) => {
    const dtos = await selectUserDtos(ctx.db, partnerScope(requirePrincipal(request)));
    return send(request, reply, dtos.slice(0, 1000));
  });

  app.post('/users/search', { config: { access: permission('Users', 'Search') }, schema: { tags, summary: 'Search users (paged)' } }, async (request, reply) => {
    const principal = requirePrincipal(request);
    return send(request, reply, await service.search(partnerScope(principal), await validate(userSearchSchema, request.body ?? {})));
  });

  app.get<IdParams>('/users/:id', { config: { access: permission('Users', 'View') }, schema: { tags, summary: 'One user' } }, async (request, reply) =>
    send(request, reply, await service.visibleUser(partnerScope(requirePrincipal(request)), request.params.id)),
  );

  app.post('/users/register', { config: { access: permission('Users', 'Create') }, schema: { tags, summary: 'Register a user (inactive) and mail the activation link' } }, async (request, reply) => {
    const principal = requirePrincipal(request);
    const input = await validate(registerSchema, request.body);
    const partnerId = principal.partnerId ?? input.partnerId ?? null;
    const dto = await service.register(principal, input, { partnerId, defaultRole: partnerId ? 'Partner' : 'Support', language: languageOf(request) });
    return send(request, reply, dto, { statusCode: 201, message: 'users.registered' });
  });

  app.put<IdParams>('/users/:id', { config: { access: permission('Users', 'Update') }, schema: { tags, summary: 'Update a user' } }, async (request, reply) => {
    const principal = requirePrincipal(request);
    const input = await validate(updateUserSchema, request.body);
    const partnerId = principal.partnerId ? undefined : input.partnerId;
    return send(request, reply, await service.update(principal, partnerScope(principal), request.params.id, input, partnerId));
  });

  app.delete<IdParams>('/users/:id', { config: { access: permission('Users', 'Delete') }, schema: { tags, summary: 'Delete a user (soft)' } }, async (request, reply) => {
    const principal = requirePrincipal(request);
    return send(request, reply, await service.remove(principal, partnerScope(principal), request.params.id));
  });

  app.post<IdParams>('/users/:id/toggle-status', { config: { access: permission('Users', 'Update') }, schema: { tags, summary: 'Activate or deactivate a user' } }, async (request, reply) => {
    const principal = requirePrincipal(request);
    return send(request, reply, await service.toggleStatus(principal, partnerScope(principal), request.params.id), { message: 'users.statusChanged' });
  });
};
