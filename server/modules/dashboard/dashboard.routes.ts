import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';

/** `GET /dashboard`: Home's data for the reader's audience (contract/dashboard.ts). */
export const dashboardRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async () => {};
