import type { FastifyPluginAsync } from 'fastify';
import * as yup from 'yup';
import { permission } from '../../../../contract/permissions';
import { serviceLevelSettingsSchema } from '../../../../contract/schemas/serviceLevels';
import type { ServiceLevelSettings } from '../../../../contract/serviceLevels';
import type { AppContext } from '../../../context';
import { send } from '../../../core/envelope';
import { forbidden } from '../../../core/errors';
import { requirePrincipal } from '../../../core/guard';
import { routeDocs } from '../../../core/openapi/routeDocs';
import { validate } from '../../../core/validation';
import { createServiceLevelService } from './serviceLevels.service';
import { createSlaSummaryReader } from './slaSummary';

const summarySchema = yup.object({
  breached: yup.number().integer().defined(),
  near: yup.number().integer().defined(),
  tickets: yup
    .array(
      yup.object({
        id: yup.string().defined(),
        subject: yup.string().defined(),
        partnerName: yup.string().defined(),
        target: yup.string().defined(),
        state: yup.string().defined(),
        businessMinutesLeft: yup.number().integer().defined(),
      }),
    )
    .defined(),
});

const settingsDtoSchema = serviceLevelSettingsSchema.shape({ updatedAt: yup.string().nullable().defined() });

/** The business calendar and the SLA targets per priority (issue 25): staff read them, ServiceLevels.Configure changes them. */
export const serviceLevelRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createServiceLevelService(ctx);
  const summary = createSlaSummaryReader(ctx.db);
  const tags = ['Support desk'];

  app.get(
    '/support-desk/service-levels',
    {
      config: { access: permission('ServiceLevels', 'View') },
      schema: { tags, summary: 'The business calendar and SLA targets', ...routeDocs({ response: { 200: settingsDtoSchema } }) },
    },
    async (request, reply) => send(request, reply, await service.get()),
  );

  app.get(
    '/support-desk/service-levels/summary',
    {
      config: { access: permission('ServiceLevels', 'View') },
      schema: { tags, summary: 'Open tickets breached or near breach: counts and the most overdue', ...routeDocs({ response: { 200: summarySchema } }) },
    },
    async (request, reply) => {
      // Every partner's tickets: staff who reach them all (Tickets.AdminView), as the ticket manager.
      if (!requirePrincipal(request).permissions.has(permission('Tickets', 'AdminView'))) throw forbidden();
      return send(request, reply, await summary());
    },
  );

  app.put(
    '/support-desk/service-levels',
    {
      config: { access: permission('ServiceLevels', 'Configure') },
      schema: {
        tags,
        summary: 'Replace the business calendar and SLA targets (audited)',
        ...routeDocs({ body: serviceLevelSettingsSchema, response: { 200: settingsDtoSchema } }),
      },
    },
    async (request, reply) => {
      const input = (await validate(serviceLevelSettingsSchema, request.body)) as ServiceLevelSettings;
      return send(request, reply, await service.save(requirePrincipal(request), input), { message: 'serviceLevels.card.saved' });
    },
  );
};
