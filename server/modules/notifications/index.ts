import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import type { PortalModule } from '../module';
import { notificationRoutes } from './notifications.routes';
import { scheduleNotificationRetention } from './retentionJob';

const plugin: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  await app.register(notificationRoutes, { ctx });
  scheduleNotificationRetention(app, ctx);
};

/**
 * The inbox (issue 24, item 1): notifications stored per reader by the hub's relays (server/hub/*Relay.ts),
 * listed and marked read here, deleted after NOTIFICATION_RETENTION_DAYS.
 */
export const notificationsModule: PortalModule = { name: 'notifications', plugin };
