import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  notificationCountDtoSchema,
  notificationDtoSchema,
  notificationsMarkedDtoSchema,
  notificationsQuerySchema,
} from '../../../contract/schemas/notifications';
import type { AppContext } from '../../context';
import { send } from '../../core/envelope';
import { requirePrincipal } from '../../core/guard';
import { answers, idParams, routeDocs } from '../../core/openapi/routeDocs';
import { validateSearch } from '../../core/search';
import { validate } from '../../core/validation';
import { createNotificationService, type InboxReader } from './notifications.service';

type IdParams = { Params: { id: string } };

const readerOf = (request: FastifyRequest): InboxReader => ({ id: requirePrincipal(request).id, impersonated: !!request.impersonator });

/** A query's values as the schema takes them: numbers for the page, the word true or false for `unread`. */
function queryOf(query: Record<string, unknown> | undefined) {
  const values: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(query ?? {})) {
    const value = Array.isArray(raw) ? raw[0] : raw;
    values[key] = key === 'unread' ? (value === 'true' ? true : value === 'false' ? false : value) : Number(value);
  }
  return values;
}

/**
 * The signed-in user's inbox: any signed-in user, each only their own (another's id answers 404). A change
 * tells the reader's other tabs and devices by ResourceChanged `notifications`, so their bells follow.
 */
export const notificationRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createNotificationService(ctx);
  const tags = ['Notifications'];
  const access = 'authenticated' as const;
  const changed = (userId: string, id: string) => app.realtime?.sendToUser(userId, 'ResourceChanged', { resource: 'notifications', id, action: 'updated' });

  app.get<{ Querystring: Record<string, string> }>(
    '/inbox',
    {
      config: { access },
      schema: {
        tags,
        summary: 'My notifications, newest first, a page at a time (?pageNumber=&pageSize=, at most 100; ?unread=true for the unread only)',
        ...routeDocs({ querystring: notificationsQuerySchema, response: { 200: answers.pageOf(notificationDtoSchema) } }),
      },
    },
    async (request, reply) => {
      const page = await validateSearch(notificationsQuerySchema, queryOf(request.query));
      return send(request, reply, await service.list(readerOf(request), page));
    },
  );

  app.get(
    '/inbox/unread-count',
    {
      config: { access },
      schema: { tags, summary: 'How many of my notifications are unread', ...routeDocs({ response: { 200: notificationCountDtoSchema } }) },
    },
    async (request, reply) => send(request, reply, await service.unreadCount(readerOf(request))),
  );

  app.post<IdParams>(
    '/inbox/:id/read',
    {
      config: { access },
      schema: { tags, summary: 'Mark one of my notifications read', ...routeDocs({ params: idParams, response: { 200: notificationDtoSchema } }) },
    },
    async (request, reply) => {
      const { id } = await validate(idParams, request.params);
      const reader = readerOf(request);
      const notification = await service.markRead(reader, id);
      changed(reader.id, id);
      return send(request, reply, notification);
    },
  );

  app.post(
    '/inbox/read-all',
    {
      config: { access },
      schema: { tags, summary: 'Mark all my notifications read', ...routeDocs({ response: { 200: notificationsMarkedDtoSchema } }) },
    },
    async (request, reply) => {
      const reader = readerOf(request);
      const marked = await service.markAllRead(reader);
      if (marked.marked) changed(reader.id, '*');
      return send(request, reply, marked);
    },
  );
};
