import type { FastifyPluginAsync } from 'fastify';
import * as yup from 'yup';
import { permission } from '../../../../contract/permissions';
import { serviceLevelSettingsSchema } from '../../../../contract/schemas/serviceLevels';
import type { ServiceLevelSettings } from '../../../../contract/serviceLevels';
import type { AppContext } from '../../../context';
import { send } from '../../../core/envelope';
import { requirePrincipal } from '../../../core/guard';
import { routeDocs } from '../../../core/openapi/routeDocs';
import { validate } from '../../../core/validation';
import { createServiceLevelService } from './serviceLevels.service';

const settingsDtoSchema = serviceLevelSettingsSchema.shape({ updatedAt: yup.string().nullable().defined() });

/** The business calendar and the SLA targets per priority (issue 25): staff read them, ServiceLevels.Configure changes them. */
export const serviceLevelRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createServiceLevelService(ctx);
  const tags = ['Support desk'];

  app.get(
    '/support-desk/service-levels',
    {
      config: { access: permission('ServiceLevels', 'View') },
      schema: { tags, summary: 'The business calendar and SLA targets', ...routeDocs({ response: { 200: settingsDtoSchema } }) },
    },
    async (request, reply) => send(request, reply, await service.get()),
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
