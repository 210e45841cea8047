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
    engine: { type: 'string', enum: ['embedded', 'pglite', 'postgres'], description: 'The database engine in use' },
    engineFallback: { type: 'string', description: 'Why the server runs on PGlite instead of the embedded PostgreSQL it was meant to run on' },
    database: { type: 'boolean' },
    listening: { type: 'boolean' },
    migrationsApplied: { type: 'integer' },
    migrationsShipped: { type: 'integer' },
  },
  required: ['status', 'database', 'listening', 'migrationsApplied', 'migrationsShipped'],
};

/** Liveness (the process answers) and readiness (its database answers and is migrated, it hears other instances), for load balancers. */
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
      schema: {
        tags,
        summary: 'Readiness: the database answers, every migration is applied and the LISTEN link is up',
        ...routeDocs({ response: { 200: readinessAnswer } }),
      },
    },
    async (request, reply) => {
      // A stop began: balancers take this instance out before it stops answering.
      if (ctx.draining) throw new ApiError(503, 'api.notReady');
      const state = await readiness(ctx.db, ctx.listening);
      if (!isReady(state)) throw new ApiError(503, 'api.notReady');
      const engine = { engine: ctx.engine.name, ...(ctx.engine.fallback ? { engineFallback: ctx.engine.fallback } : {}) };
      return send(request, reply, { status: 'ready', ...engine, ...state });
    },
  );
};
