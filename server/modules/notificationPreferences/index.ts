import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import type { PortalModule } from '../module';
import { scheduleDigest } from './digestJob';
import { notificationPreferencesRoutes } from './notificationPreferences.routes';
import { unsubscribeRoutes } from './unsubscribe.routes';

const plugin: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  await app.register(notificationPreferencesRoutes, { ctx });
  scheduleDigest(app, ctx);
};

/** Notification preferences (issue 38, item 4): per kind portal, mail or digest; the daily digest job. */
export const notificationPreferencesModule: PortalModule = { name: 'notificationPreferences', plugin };

/** The one-click unsubscribe (RFC 8058): mails name /api/unsubscribe; under /api/v1 too, like every route. */
export const unsubscribeModule: PortalModule = { name: 'unsubscribe', plugin: unsubscribeRoutes };
