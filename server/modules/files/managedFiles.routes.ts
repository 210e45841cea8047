import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';

/** Files: the file manager: upload, list, replace, rename, delete, staff download (helper A). */
export const managedFileRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async () => {};
