import type { FastifyPluginAsync } from 'fastify';
import { MAX_PAGE_SIZE } from '../../../contract/http';
import { permission } from '../../../contract/permissions';
import { registerSchema } from '../../../contract/schemas/accounts';
import { userDtoSchema } from '../../../contract/schemas/users.dto';
import type { AppContext } from '../../context';
import { send } from '../../core/envelope';
import { requirePrincipal } from '../../core/guard';
import { languageOf } from '../../core/i18n';
import { answers, idParams, pageQuery, routeDocs } from '../../core/openapi/routeDocs';
import { validatePageQuery } from '../../core/search';
import { validate } from '../../core/validation';
import { mayMovePartner, registrationOf, usersScope } from './staffUsers';
import { registerUserRecordRoutes } from './userRecordRoutes';
import { createUserService } from './users.service';

type IdParams = { Params: { id: string } };

/** Staff administration of users: register, list, search, get, update, delete, toggle status. */
export const userRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createUserService(ctx);
  const tags = ['Users'];

  app.get<{ Querystring: Record<string, string> }>(
    '/users',
    {
      config: { access: permission('Users', 'View') },
      schema: {
        tags,
        summary: 'Users, a page at a time (?pageNumber=&pageSize=, at most 1000), oldest first, with the total',
        ...routeDocs({ querystring: pageQuery, response: { 200: answers.pageOf(userDtoSchema) } }),
      },
    },
    async (request, reply) => {
      const page = await validatePageQuery(request.query, MAX_PAGE_SIZE);
      return send(request, reply, await service.search(usersScope(requirePrincipal(request)), { ...page, orderBy: ['createdAt asc'] }));
    },
  );

  registerUserRecordRoutes(app, { path: 'users', permissions: 'Users', tags, service, scopeOf: usersScope, mayMovePartner });

  app.post(
    '/users/register',
    {
      config: { access: permission('Users', 'Create') },
      schema: {
        tags,
        summary: 'Register a user (inactive) and mail the activation link',
        ...routeDocs({ body: registerSchema, response: { 201: userDtoSchema } }),
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const input = await validate(registerSchema, request.body);
      const dto = await service.register(principal, input, { ...registrationOf(principal, input), language: languageOf(request) });
      return send(request, reply, dto, { statusCode: 201, message: 'users.registered' });
    },
  );

  app.post<IdParams>(
    '/users/:id/toggle-status',
    {
      config: { access: permission('Users', 'Update') },
      schema: { tags, summary: 'Activate or deactivate a user', ...routeDocs({ params: idParams, response: { 200: userDtoSchema } }) },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      return send(request, reply, await service.toggleStatus(principal, usersScope(principal), request.params.id), { message: 'users.statusChanged' });
    },
  );
};
