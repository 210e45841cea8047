import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { scheduleIntervalJob } from '../../core/intervalJob';
import { deleteOldNotifications } from './notifications.service';

/** How often an instance deletes the notifications past their retention. */
export const NOTIFICATION_RETENTION_TICK_MS = 60 * 60 * 1000;

/**
 * The retention job: at start and hourly, one bounded DELETE of the notifications older than the retention
 * (notifications.service.ts). Every instance may run it; it needs no lock, a second run finds nothing to delete.
 */
export function scheduleNotificationRetention(app: FastifyInstance, ctx: Pick<AppContext, 'config' | 'db' | 'log'>) {
  scheduleIntervalJob(app, ctx, {
    name: 'notification retention',
    everyMs: NOTIFICATION_RETENTION_TICK_MS,
    run: async () => {
      const deleted = await deleteOldNotifications(ctx.db);
      if (deleted) ctx.log.info({ deleted }, 'notification retention deleted old notifications');
    },
  });
}
