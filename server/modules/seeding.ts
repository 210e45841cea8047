import { sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { recordingFileStore } from '../files/orphanSweep';
import type { PortalModule } from './module';

/** Any number: it names the advisory lock that seeds of this application take. */
const SEED_LOCK = 7_262_531_902;

/**
 * Every module's `seed`, then (demo) every `seedDemo`, in the modules' order, in one transaction under an advisory
 * lock, so instances starting together seed one after another: the first writes what is missing, the others find
 * it there. A seed sees the transaction as `ctx.db`. One transaction, not one per step: a warm start's checks cost a
 * few round trips each instead of four more per step (~80 steps), and a failed seed leaves nothing half-written.
 */
export async function runSeeds(ctx: AppContext, modules: readonly PortalModule[], options: { demo: boolean }) {
  const steps = [...modules.map((module) => module.seed), ...(options.demo ? modules.map((module) => module.seedDemo) : [])];
  // Bytes a seed wrote go with the transaction when it rolls back: no file outlives the rows that would name it.
  const files = recordingFileStore(ctx.files);
  try {
    await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
      for (const step of steps) if (step) await step({ ...ctx, db: tx as unknown as Db, files: files.store });
    });
  } catch (error) {
    await files.discard();
    throw error;
  }
}
