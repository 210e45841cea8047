import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import type { PortalModule } from '../module';
import { impersonationRoutes } from './impersonation.routes';

const impersonationPlugin: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  await app.register(impersonationRoutes, { ctx });
};

/** Impersonation for support (issue 26, point 5); the audit of every impersonated request is registered by the app (impersonationTrail). */
export const impersonationModule: PortalModule = { name: 'impersonation', plugin: impersonationPlugin };
