import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';

/** Files: what a user may open, signed links, the file page's calls, the access log (helper B). */
export const fileLinkRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async () => {};
