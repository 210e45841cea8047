import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { send } from '../../core/envelope';
import { ApiError } from '../../core/errors';
import { isReady, readiness } from './health.service';

const tags = ['operations'];

/** Liveness (the process answers) and readiness (its database answers and is migrated), for load balancers. */
export const healthRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/health', { config: { access: 'public' }, schema: { tags, summary: 'Liveness: the server answers' } }, async (request, reply) =>
    send(request, reply, { status: 'ok' }),
  );

  app.get('/ready', { config: { access: 'public' }, schema: { tags, summary: 'Readiness: the database answers and every migration is applied' } }, async (request, reply) => {
    const state = await readiness(ctx.db);
    if (!isReady(state)) throw new ApiError(503, 'api.notReady');
    return send(request, reply, { status: 'ready', ...state });
  });
};
