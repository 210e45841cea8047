import type { AppContext } from '../../context';
import { deleteOldNotifications } from './notifications.service';

/** How often an instance deletes the notifications past their retention. */
export const NOTIFICATION_RETENTION_TICK_MS = 60 * 60 * 1000;

const ticking = new WeakMap<object, () => void>();

/**
 * The retention job: at start and hourly, one bounded DELETE of the notifications older than the retention
 * (notifications.service.ts). Every instance may run it; it needs no lock, a second run finds nothing to delete.
 * Runs where the file jobs run (not in tests, which call deleteOldNotifications themselves).
 */
export function startNotificationRetention(ctx: Pick<AppContext, 'config' | 'db' | 'log'>) {
  if (!ctx.config.files.runJobs || ticking.has(ctx)) return;
  const tick = () =>
    deleteOldNotifications(ctx.db)
      .then((deleted) => (deleted ? ctx.log.info({ deleted }, 'notification retention deleted old notifications') : undefined))
      .catch((error: unknown) => ctx.log.error({ err: error }, 'notification retention failed'));
  const timer = setInterval(() => void tick(), NOTIFICATION_RETENTION_TICK_MS);
  timer.unref();
  ticking.set(ctx, () => clearInterval(timer));
  void tick();
}

export function stopNotificationRetention(ctx: object) {
  ticking.get(ctx)?.();
  ticking.delete(ctx);
}
