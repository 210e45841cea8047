import type { FastifyPluginAsync } from 'fastify';
import { partnerDashboardDtoSchema, staffDashboardDtoSchema } from '../../../contract/schemas/dashboard.dto';
import type { AppContext } from '../../context';
import { send } from '../../core/envelope';
import { requirePrincipal } from '../../core/guard';
import { routeDocs } from '../../core/openapi/routeDocs';
import { yupJsonSchema } from '../../core/openapi/yupJsonSchema';
import { createDashboardService } from './dashboard.service';

/** `GET /dashboard`: Home's data for the reader's audience (contract/dashboard.ts). */
export const dashboardRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createDashboardService(ctx);

  app.get(
    '/dashboard',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['Dashboard'],
        summary: "What needs the reader now: a partner's onboarding, tickets and files, or staff's queues and activity (sections they may not list are null)",
        ...routeDocs({ response: { 200: { oneOf: [yupJsonSchema(partnerDashboardDtoSchema), yupJsonSchema(staffDashboardDtoSchema)] } } }),
      },
    },
    async (request, reply) => {
      const dashboard = await service.read(requirePrincipal(request));
      // Per reader and live: no shared or browser cache may answer it.
      reply.header('cache-control', 'private, no-store');
      return send(request, reply, dashboard);
    },
  );
};
