import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';

export interface IntervalJob {
  /** Names the job in the log ("… failed") and keeps it once per context. */
  name: string;
  everyMs: number;
  run: () => Promise<void>;
}

const scheduled = new WeakMap<object, Map<string, () => void>>();

/**
 * Runs `job` when the app is ready and every `everyMs` after, one run at a time (a tick that finds the last one still
 * running skips), logging a failure, until the app closes. Once per context: a module registered under each API
 * prefix starts it once. Only where the context runs jobs (config.files.runJobs); tests call the jobs' own functions
 * with their own clock. The timer is unref'd: it never keeps the process alive.
 */
export function scheduleIntervalJob(app: FastifyInstance, ctx: Pick<AppContext, 'config' | 'log'>, job: IntervalJob) {
  app.addHook('onReady', async () => {
    const jobs = scheduled.get(ctx) ?? new Map<string, () => void>();
    scheduled.set(ctx, jobs);
    if (!ctx.config.files.runJobs || jobs.has(job.name)) return;
    let running = false;
    const tick = async () => {
      if (running) return;
      running = true;
      try {
        await job.run();
      } catch (error) {
        ctx.log.error({ err: error }, `${job.name} failed`);
      } finally {
        running = false;
      }
    };
    const timer = setInterval(() => void tick(), job.everyMs);
    timer.unref();
    jobs.set(job.name, () => clearInterval(timer));
    void tick();
  });
  // A run in flight finishes on its own.
  app.addHook('onClose', async () => {
    scheduled.get(ctx)?.get(job.name)?.();
    scheduled.get(ctx)?.delete(job.name);
  });
}
