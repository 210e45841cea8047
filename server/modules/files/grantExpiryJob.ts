import { and, eq, gt, isNull, lt, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { scheduleIntervalJob } from '../../core/intervalJob';
import { transactionThenPublish } from '../../core/events';
import { fileGrants, fileLinks, scheduledJobs } from './files.schema';
import { grantInForce } from './grantMatching';
import { sweepStoredFiles } from '../storedFileAreas';

export const GRANT_EXPIRY_JOB = 'file-grant-expiry';
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** How often an instance looks whether the job is due. */
export const FILE_JOB_TICK_MS = 60 * 1000;

export interface FileJobRun {
  /** Whether this call ran the job (false: not due, or another instance holds it). */
  ran: boolean;
  noticed: number;
  linksDeleted: number;
}

/**
 * The grant expiry job (DESIGN.md "Files"), run when its `scheduled_jobs` row is due: grants in force ending
 * within a day are marked noticed and their grantees told (FileGrantEnding, once per grant); links expired over
 * a day ago are deleted. It runs hourly, so "a day before" is met within the hour. Instances race for the row
 * with `for update skip locked`: one runs it, the others skip; a restart after downtime finds it overdue and
 * runs at once.
 */
export async function runDueFileJobs(ctx: Pick<AppContext, 'db' | 'events'>, now: Date = new Date()): Promise<FileJobRun> {
  await ctx.db.insert(scheduledJobs).values({ name: GRANT_EXPIRY_JOB, nextRunAt: now }).onConflictDoNothing();
  return transactionThenPublish(ctx, async (tx, publish) => {
    const [job] = await tx
      .select()
      .from(scheduledJobs)
      .where(and(eq(scheduledJobs.name, GRANT_EXPIRY_JOB), lte(scheduledJobs.nextRunAt, now)))
      .for('update', { skipLocked: true });
    if (!job) return { ran: false, noticed: 0, linksDeleted: 0 };
    const ending = await tx
      .update(fileGrants)
      .set({ expiryNoticeAt: now })
      .where(and(grantInForce(now), isNull(fileGrants.expiryNoticeAt), gt(fileGrants.validTo, now), lte(fileGrants.validTo, new Date(now.getTime() + DAY_MS))))
      .returning({ id: fileGrants.id, fileId: fileGrants.fileId, validTo: fileGrants.validTo });
    for (const grant of ending) publish({ type: 'FileGrantEnding', grantId: grant.id, fileId: grant.fileId, validTo: grant.validTo.toISOString() });
    const deleted = await tx
      .delete(fileLinks)
      .where(lt(fileLinks.expiresAt, new Date(now.getTime() - DAY_MS)))
      .returning({ id: fileLinks.id });
    await tx
      .update(scheduledJobs)
      .set({ lastRunAt: now, nextRunAt: new Date(now.getTime() + HOUR_MS) })
      .where(eq(scheduledJobs.name, job.name));
    return { ran: true, noticed: ending.length, linksDeleted: deleted.length };
  });
}

/**
 * The jobs of the file module, each instance ticking: the grant expiry job each minute (its row lets one instance run
 * it when due), and the sweep of this instance's file store at start and hourly for bytes no row holds (its disk may
 * be its own).
 */
export function scheduleFileJobs(app: FastifyInstance, ctx: Pick<AppContext, 'config' | 'db' | 'events' | 'log' | 'files'>) {
  scheduleIntervalJob(app, ctx, {
    name: 'file grant expiry job',
    everyMs: FILE_JOB_TICK_MS,
    run: async () => {
      const run = await runDueFileJobs(ctx);
      if (run.ran) ctx.log.info(run, 'file grant expiry job ran');
    },
  });
  scheduleIntervalJob(app, ctx, {
    name: 'orphan file sweep',
    everyMs: HOUR_MS,
    run: async () => {
      const removed = await sweepStoredFiles(ctx);
      if (Object.values(removed).some((n) => n > 0)) ctx.log.info({ removed }, 'orphan file sweep removed files no row holds');
    },
  });
}
