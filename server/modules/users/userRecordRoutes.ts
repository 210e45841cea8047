import type { SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { permission, type Resource } from '../../../contract/permissions';
import { partnerUsersDeclaration } from '../../../contract/resources/partnerUsers';
import { searchFiltersOf } from '../../../contract/resources/schemas';
import { updateUserSchema } from '../../../contract/schemas/accounts';
import { userDtoSchema } from '../../../contract/schemas/users.dto';
import { searchRequestSchema } from '../../../contract/schemas/search';
import { bulkIdsSchema, bulkUpdateSchema } from '../../core/crud';
import { send } from '../../core/envelope';
import { requirePrincipal, type Principal } from '../../core/guard';
import { answers, idParams, routeDocs } from '../../core/openapi/routeDocs';
import { validateSearch } from '../../core/search';
import { mergePatch } from '../../core/partialUpdate';
import { ifMatchOf, withEtag } from '../../core/recordVersion';
import { validate } from '../../core/validation';
import type { UserService } from './users.service';

/** The search body's filters of users and partner users: those partner users declare (isActive, partnerId). */
export const userSearchSchema = searchRequestSchema.shape(searchFiltersOf(partnerUsersDeclaration));

type IdParams = { Params: { id: string } };
type UserSearch = Parameters<UserService['search']>[1];

/**
 * The record routes users and partner users share, under `/{path}`: search, get (ETag), PUT, PATCH (the
 * fields sent), DELETE (each with If-Match), and react-admin's updateMany (`PATCH /{path}` with
 * `{ ids, data }`) and deleteMany (`POST /{path}/delete` with `{ ids }`), all or none.
 */
export function registerUserRecordRoutes(
  app: FastifyInstance,
  {
    path,
    permissions,
    tags,
    service,
    scopeOf,
    mayMovePartner,
  }: {
    path: string;
    permissions: Resource;
    tags: string[];
    service: UserService;
    scopeOf: (principal: Principal) => SQL | undefined;
    mayMovePartner: (principal: Principal) => boolean;
  },
) {
  const access = (action: 'View' | 'Search' | 'Update' | 'Delete') => ({ access: permission(permissions, action) });
  const patchOf = (body: unknown) => (current: object) => mergePatch(updateUserSchema, current, body);
  const one = { params: idParams, response: { 200: userDtoSchema } };
  const change = { ...one, headers: ['ifMatch' as const] };

  app.post(
    `/${path}/search`,
    {
      config: access('Search'),
      schema: { tags, summary: 'Search users (paged)', ...routeDocs({ body: userSearchSchema, response: { 200: answers.pageOf(userDtoSchema) } }) },
    },
    async (request, reply) =>
      send(
        request,
        reply,
        await service.search(scopeOf(requirePrincipal(request)), (await validateSearch(userSearchSchema, request.body ?? {})) as UserSearch),
      ),
  );

  app.get<IdParams>(
    `/${path}/:id`,
    { config: access('View'), schema: { tags, summary: 'One user (ETag: its version)', ...routeDocs(one) } },
    async (request, reply) => {
      const user = await service.visibleUser(scopeOf(requirePrincipal(request)), request.params.id);
      withEtag(reply, user.version!);
      return send(request, reply, user);
    },
  );

  app.put<IdParams>(
    `/${path}/:id`,
    { config: access('Update'), schema: { tags, summary: 'Update a user (If-Match: its version)', ...routeDocs({ ...change, body: updateUserSchema }) } },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const ifMatch = ifMatchOf(request);
      const input = await validate(updateUserSchema, request.body);
      return send(
        request,
        reply,
        await service.update(principal, scopeOf(principal), request.params.id, async () => input, { ifMatch, mayMovePartner: mayMovePartner(principal) }),
      );
    },
  );

  app.patch<IdParams>(
    `/${path}/:id`,
    {
      config: access('Update'),
      schema: { tags, summary: 'Change the fields sent of a user (If-Match: its version)', ...routeDocs({ ...change, body: updateUserSchema.partial() }) },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const options = { ifMatch: ifMatchOf(request), mayMovePartner: mayMovePartner(principal) };
      return send(request, reply, await service.update(principal, scopeOf(principal), request.params.id, patchOf(request.body), options));
    },
  );

  app.patch(
    `/${path}`,
    {
      config: access('Update'),
      schema: {
        tags,
        summary: 'Change the same fields of several users, all or none ({ ids, data })',
        ...routeDocs({ body: bulkIdsSchema.shape({ data: updateUserSchema.partial().required() }), response: { 200: answers.ids } }),
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const { ids, data } = await validate(bulkUpdateSchema, request.body);
      const updated = await service.updateMany(principal, scopeOf(principal), ids, patchOf(data), { mayMovePartner: mayMovePartner(principal) });
      return send(
        request,
        reply,
        updated.map((user) => user.id),
        { message: 'api.updatedMany', values: { count: updated.length } },
      );
    },
  );

  app.delete<IdParams>(
    `/${path}/:id`,
    { config: access('Delete'), schema: { tags, summary: 'Delete a user, softly (If-Match: its version)', ...routeDocs(change) } },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      return send(request, reply, await service.remove(principal, scopeOf(principal), request.params.id, ifMatchOf(request)));
    },
  );

  app.post(
    `/${path}/delete`,
    {
      config: access('Delete'),
      schema: { tags, summary: 'Delete several users softly, all or none ({ ids })', ...routeDocs({ body: bulkIdsSchema, response: { 200: answers.ids } }) },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const { ids } = await validate(bulkIdsSchema, request.body);
      const removed = await service.removeMany(principal, scopeOf(principal), ids);
      return send(
        request,
        reply,
        removed.map((user) => user.id),
        { message: 'api.deletedMany', values: { count: removed.length } },
      );
    },
  );

  // Marks an admin clears: a sign-in hold after failed attempts, an address whose mail bounced.
  const marks = [
    {
      route: 'lift-hold',
      clear: service.liftHold,
      summary: "End the hold on a user's sign-in after failed attempts",
      done: 'users.holdLifted',
      none: 'users.notHeld',
    },
    {
      route: 'resume-mail',
      clear: service.resumeMail,
      summary: 'Send mail again to a user whose address bounced (it was fixed at their end)',
      done: 'users.mailResumed',
      none: 'users.mailNotBouncing',
    },
  ] as const;
  for (const { route, clear, summary, done, none } of marks) {
    app.post<IdParams>(
      `/${path}/:id/${route}`,
      { config: access('Update'), schema: { tags, summary: `${summary} (audited); a user without it answers as is, unchanged`, ...routeDocs(one) } },
      async (request, reply) => {
        const principal = requirePrincipal(request);
        const { user, cleared } = await clear(principal, scopeOf(principal), request.params.id);
        return send(request, reply, user, { message: cleared ? done : none });
      },
    );
  }
}
