import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import type { PortalModule } from '../module';
import { accountRoutes } from './account.routes';
import { recoveryRoutes } from './recovery.routes';
import { secondFactorRoutes } from './secondFactor.routes';
import { sessionRoutes } from './sessions.routes';
import { userRoleRoutes } from './userRoles.routes';
import { userRoutes } from './users.routes';
import { seedDemoUsers } from './users.seed';

const usersPlugin: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  await app.register(accountRoutes, { ctx });
  await app.register(recoveryRoutes, { ctx });
  await app.register(userRoutes, { ctx });
  await app.register(userRoleRoutes, { ctx });
  await app.register(secondFactorRoutes, { ctx });
  await app.register(sessionRoutes, { ctx });
};

/** Staff user administration, a user's own account and the password recovery flows. */
export const usersModule: PortalModule = { name: 'users', plugin: usersPlugin, seedDemo: seedDemoUsers };
