import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { scheduleIntervalJob } from '../../server/core/intervalJob';

function contextRunningJobs(runJobs = true) {
  const errors: string[] = [];
  const ctx = { config: { files: { runJobs } }, log: { error: (_: unknown, message: string) => errors.push(message) } };
  return { ctx: ctx as unknown as Parameters<typeof scheduleIntervalJob>[1], errors };
}

describe('an interval job of the app', () => {
  it('runs at start and again each period, one run at a time, until the app closes', async () => {
    const { ctx } = contextRunningJobs();
    const app = Fastify();
    let runs = 0;
    let inFlight = 0;
    let mostAtOnce = 0;
    let release: () => void = () => undefined;
    scheduleIntervalJob(app, ctx, {
      name: 'counting',
      everyMs: 5,
      run: async () => {
        runs += 1;
        inFlight += 1;
        mostAtOnce = Math.max(mostAtOnce, inFlight);
        // The first run holds on until the test lets it go: the ticks meanwhile find it running.
        if (runs === 1) await new Promise<void>((resolve) => (release = resolve));
        inFlight -= 1;
      },
    });
    await app.ready();
    expect(runs).toBe(1);
    await vi.waitFor(() => expect(release).not.toBe(undefined));
    await new Promise((resolve) => setTimeout(resolve, 30)); // several periods pass while the first run holds
    expect(runs).toBe(1);
    release();
    await vi.waitFor(() => expect(runs).toBeGreaterThanOrEqual(3));
    expect(mostAtOnce).toBe(1);
    await app.close();
    const atClose = runs;
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(runs).toBe(atClose);
  });

  it('starts once per context when its module is registered under two prefixes, and logs a failure by name', async () => {
    const { ctx, errors } = contextRunningJobs();
    const app = Fastify();
    let runs = 0;
    const job = {
      name: 'failing',
      everyMs: 60_000,
      run: async () => {
        runs += 1;
        throw new Error('the database is away');
      },
    };
    await app.register(async (scope) => scheduleIntervalJob(scope, ctx, job), { prefix: '/api' });
    await app.register(async (scope) => scheduleIntervalJob(scope, ctx, job), { prefix: '/api/v1' });
    await app.ready();
    await vi.waitFor(() => expect(errors).toEqual(['failing failed']));
    expect(runs).toBe(1);
    await app.close();
  });

  it('does not run where the context runs no jobs', async () => {
    const { ctx } = contextRunningJobs(false);
    const app = Fastify();
    const run = vi.fn(async () => undefined);
    scheduleIntervalJob(app, ctx, { name: 'idle', everyMs: 5, run });
    await app.ready();
    await app.close();
    expect(run).not.toHaveBeenCalled();
  });
});
