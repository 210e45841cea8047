import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import type { PortalModule } from '../module';
import { fileGrantRoutes } from './fileGrants.routes';
import { fileLinkRoutes } from './fileLinks.routes';
import { fileRequestRoutes } from './fileRequests.routes';
import { seedDemoFiles } from './files.demo';
import { scheduleFileJobs } from './grantExpiryJob';
import { managedFileRoutes } from './managedFiles.routes';

const filesPlugin: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Only the context goes on: passing the options whole would repeat their prefix (/api/v1/api/v1/files).
  await app.register(managedFileRoutes, { ctx });
  await app.register(fileGrantRoutes, { ctx });
  await app.register(fileLinkRoutes, { ctx });
  await app.register(fileRequestRoutes, { ctx });
  scheduleFileJobs(app, ctx);
};

/** Temporary file access (DESIGN.md "Files"): the file manager, access grants, requests, signed links, the access log. */
export const filesModule: PortalModule = { name: 'files', plugin: filesPlugin, seedDemo: seedDemoFiles };
