import type { FastifyPluginAsync } from 'fastify';
import { notificationPreferencesDtoSchema, notificationPreferencesSchema, unknownPreferenceKeys } from '../../../contract/schemas/notificationPreferences';
import type { AppContext } from '../../context';
import { send } from '../../core/envelope';
import { ApiError } from '../../core/errors';
import { routeDocs } from '../../core/openapi/routeDocs';
import { requirePrincipal } from '../../core/guard';
import { validate } from '../../core/validation';
import { loadPreferences, savePreferences } from './preferences';

/** The signed-in user's own notification preferences (issue 38, item 4). */
export const notificationPreferencesRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['Account'];

  app.get(
    '/account/notification-preferences',
    {
      config: { access: 'authenticated' },
      schema: { tags, summary: 'Own notification preferences', ...routeDocs({ response: { 200: notificationPreferencesDtoSchema } }) },
    },
    async (request, reply) => send(request, reply, await loadPreferences(ctx.db, requirePrincipal(request))),
  );

  app.put(
    '/account/notification-preferences',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Change own notification preferences (security mails cannot be turned off)',
        ...routeDocs({ body: notificationPreferencesSchema, response: { 200: notificationPreferencesDtoSchema } }),
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const unknown = unknownPreferenceKeys(request.body);
      if (unknown.length) throw new ApiError(400, 'api.validationFailed', unknown);
      const input = await validate(notificationPreferencesSchema, request.body);
      return send(request, reply, await savePreferences(ctx.db, principal, input, principal.id), { message: 'notificationPreferences.saved' });
    },
  );
};
