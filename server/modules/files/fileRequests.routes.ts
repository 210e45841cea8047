import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';

/** Files: file requests: ask, approve, reject (helper C). */
export const fileRequestRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async () => {};
