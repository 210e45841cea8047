import type { SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import * as yup from 'yup';
import { permission, type Resource } from '../../../contract/permissions';
import { partnerUsersDeclaration } from '../../../contract/resources/partnerUsers';
import { signInDtoSchema } from '../../../contract/signIns';
import type { AppContext } from '../../context';
import { send } from '../../core/envelope';
import { notFound } from '../../core/errors';
import { requirePrincipal, type Principal } from '../../core/guard';
import { answers, idParams, routeDocs } from '../../core/openapi/routeDocs';
import { isUuid } from '../../core/search';
import { endSignIns, listSignIns } from '../accounts/signIns';
import { signInIdOf } from '../accounts/session';
import { partnerUsersScope } from '../partnerUsers/partnerUsers.service';
import { assertOutranks } from './ranks';
import { usersScope } from './staffUsers';
import { createUserService } from './users.service';

type IdParams = { Params: { id: string } };
type SessionParams = { Params: { id: string; sid: string } };

const sessionParams = yup.object({ id: yup.string().uuid().required(), sid: yup.string().uuid().required() });

/** A sign-in id of a path: a malformed one names no sign-in (404, never a database error). */
const signInIdOfPath = (id: string) => {
  if (!isUuid(id)) throw notFound('sessions.notFound');
  return id.toLowerCase();
};

/**
 * Sessions people can see (issue 26, point 3): the signed-in user's own sign-ins under `/account/sessions`, and a
 * user's under `/users/{id}/sessions` (Users.View to see, Users.Update to end) and `/partner-users/{id}/sessions`
 * (PartnerUsers, a partner admin their own partner's users), with the scope and rank rules of other user changes.
 */
export const sessionRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['Sessions'];
  const list = answers.listOf(signInDtoSchema);

  app.get(
    '/account/sessions',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'My sign-ins that still last, the most recently active first; this one marked `current`',
        ...routeDocs({ response: { 200: list } }),
      },
    },
    async (request, reply) => send(request, reply, await listSignIns(ctx.db, requirePrincipal(request).id, signInIdOf(request))),
  );

  app.post<IdParams>(
    '/account/sessions/:id/end',
    {
      config: { access: 'authenticated', credentials: true },
      schema: {
        tags,
        summary: 'End one of my sign-ins: its refresh fails, its access tokens are refused and its hub connections close, at once (audited)',
        ...routeDocs({ params: idParams, response: { 200: answers.none } }),
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const id = signInIdOfPath(request.params.id);
      const ended = await endSignIns(ctx, { actorId: principal.id, userId: principal.id, selection: { ids: [id] } });
      // Another user's sign-in, an unknown one or one already ended: nothing to end here.
      if (!ended.length) throw notFound('sessions.notFound');
      return send(request, reply, null, { message: 'sessions.ended' });
    },
  );

  app.post(
    '/account/sessions/end-others',
    {
      config: { access: 'authenticated', credentials: true },
      schema: { tags, summary: 'End every sign-in of mine but this one (audited)', ...routeDocs({ response: { 200: answers.ids } }) },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const ended = await endSignIns(ctx, { actorId: principal.id, userId: principal.id, selection: { allBut: signInIdOf(request) } });
      return send(request, reply, ended, { message: 'sessions.endedOthers', values: { count: ended.length } });
    },
  );

  registerUserSessionRoutes(app, ctx, { path: 'users', permissions: 'Users', tags: ['Users'], scopeOf: usersScope });
  registerUserSessionRoutes(app, ctx, {
    path: partnerUsersDeclaration.name,
    permissions: partnerUsersDeclaration.permission,
    tags: ['PartnerUsers'],
    scopeOf: partnerUsersScope,
  });
};

/** A user's sessions for staff under `/{path}/{id}/sessions`: seen with View, ended with Update (not a user ranking at or above one's own). */
function registerUserSessionRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  { path, permissions, tags, scopeOf }: { path: string; permissions: Resource; tags: string[]; scopeOf: (principal: Principal) => SQL | undefined },
) {
  const users = createUserService(ctx);

  app.get<IdParams>(
    `/${path}/:id/sessions`,
    {
      config: { access: permission(permissions, 'View') },
      schema: {
        tags,
        summary: "A user's sign-ins that still last, the most recently active first",
        ...routeDocs({ params: idParams, response: { 200: answers.listOf(signInDtoSchema) } }),
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const user = await users.visibleUser(scopeOf(principal), request.params.id);
      return send(request, reply, await listSignIns(ctx.db, user.id, user.id === principal.id ? signInIdOf(request) : undefined));
    },
  );

  app.post<SessionParams>(
    `/${path}/:id/sessions/:sid/end`,
    {
      config: { access: permission(permissions, 'Update'), credentials: true },
      schema: {
        tags,
        summary: "End one of a user's sign-ins at once: refresh, access tokens and hub connections (audited)",
        ...routeDocs({ params: sessionParams, response: { 200: answers.none } }),
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const user = await users.visibleUser(scopeOf(principal), request.params.id);
      const id = signInIdOfPath(request.params.sid);
      if (user.id !== principal.id) await assertOutranks(ctx.db, principal, user.id);
      const ended = await endSignIns(ctx, { actorId: principal.id, userId: user.id, selection: { ids: [id] } });
      if (!ended.length) throw notFound('sessions.notFound');
      return send(request, reply, null, { message: 'sessions.ended' });
    },
  );
}
