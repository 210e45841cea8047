import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import type { PortalModule } from '../module';
import { fileGrantRoutes } from './fileGrants.routes';
import { fileLinkRoutes } from './fileLinks.routes';
import { fileRequestRoutes } from './fileRequests.routes';
import { managedFileRoutes } from './managedFiles.routes';

const filesPlugin: FastifyPluginAsync<{ ctx: AppContext }> = async (app, options) => {
  await app.register(managedFileRoutes, options);
  await app.register(fileGrantRoutes, options);
  await app.register(fileLinkRoutes, options);
  await app.register(fileRequestRoutes, options);
};

/** Temporary file access (DESIGN.md "Files"): the file manager, access grants, requests, signed links, the access log. */
export const filesModule: PortalModule = { name: 'files', plugin: filesPlugin };
