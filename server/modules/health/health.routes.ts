import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { send } from '../../core/envelope';
import { ApiError } from '../../core/errors';
import { routeDocs } from '../../core/openapi/routeDocs';
import { isReady, readiness } from './health.service';

const tags = ['operations'];

const liveness = { type: 'object', properties: { status: { type: 'string', enum: ['ok'] } }, required: ['status'] };
const readinessAnswer = {
  type: 'object',
  properties: {
    status: { type: 'string', enum: ['ready'] },
    database: { type: 'boolean' },
    migrationsApplied: { type: 'integer' },
    migrationsShipped: { type: 'integer' },
  },
  required: ['status', 'database', 'migrationsApplied', 'migrationsShipped'],
};

/** Liveness (the process answers) and readiness (its database answers and is migrated), for load balancers. */
export const healthRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/health',
    { config: { access: 'public' }, schema: { tags, summary: 'Liveness: the server answers', ...routeDocs({ response: { 200: liveness } }) } },
    async (request, reply) => send(request, reply, { status: 'ok' }),
  );

  app.get(
    '/ready',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'Readiness: the database answers and every migration is applied', ...routeDocs({ response: { 200: readinessAnswer } }) },
    },
    async (request, reply) => {
      const state = await readiness(ctx.db);
      if (!isReady(state)) throw new ApiError(503, 'api.notReady');
      return send(request, reply, { status: 'ready', ...state });
    },
  );
};
