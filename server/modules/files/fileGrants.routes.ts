import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';

/** Files: access grants: add, edit, extend, revoke (helper A). */
export const fileGrantRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async () => {};
