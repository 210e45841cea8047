import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { scheduleIntervalJob } from '../../core/intervalJob';
import { runDigest } from './digest';

/** How often an instance looks for digests due: every user's local 08:00 is met within this. */
export const DIGEST_TICK_MS = 10 * 60 * 1000;

/** The digest job on every instance; runDigest's claim keeps each digest to one mail across them. */
export function scheduleDigest(app: FastifyInstance, ctx: AppContext) {
  scheduleIntervalJob(app, ctx, {
    name: 'notification digest',
    everyMs: DIGEST_TICK_MS,
    run: async () => {
      const sent = await runDigest(ctx, new Date());
      if (sent) ctx.log.info({ sent }, 'notification digests sent');
    },
  });
}
