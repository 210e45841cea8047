// A closed-loop load from the main thread: `inFlight` callers, each sending its next query as soon as the last is
// answered, for `ms`. Each query starts from a macrotask, as a request arriving over a socket would: without it, a
// database that answers in microtasks (PGlite runs its WASM synchronously) would never let the loop turn at all. Besides throughput and latency, what the main thread had left: event-loop utilisation (the
// share of time it was busy) and the p99 delay of a 10 ms timer (how long a ready HTTP request would wait).
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';

export interface LoadFigures {
  ops: number;
  opsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  eventLoopUtilisation: number;
  /** Main-thread time spent per answered query (event loop active time / queries): the HTTP thread's cost of the database. */
  mainThreadMsPerOp: number;
  eventLoopDelayP99Ms: number;
}

export function percentile(sorted: number[], p: number) {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export async function runLoad(inFlight: number, ms: number, send: (n: number) => Promise<unknown>): Promise<LoadFigures> {
  const latencies: number[] = [];
  let errors = 0;
  let sent = 0;
  const delay = monitorEventLoopDelay({ resolution: 10 });
  const utilisationBefore = performance.eventLoopUtilization();
  delay.enable();
  const started = performance.now();
  const end = started + ms;
  const caller = async () => {
    while (performance.now() < end) {
      const t = performance.now();
      await new Promise(setImmediate);
      try {
        await send(sent++);
        latencies.push(performance.now() - t);
      } catch {
        errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: inFlight }, caller));
  const elapsed = performance.now() - started;
  delay.disable();
  const utilisation = performance.eventLoopUtilization(utilisationBefore);
  latencies.sort((a, b) => a - b);
  return {
    ops: latencies.length,
    opsPerSecond: (latencies.length / elapsed) * 1000,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    errors,
    eventLoopUtilisation: utilisation.utilization,
    mainThreadMsPerOp: utilisation.active / Math.max(1, latencies.length),
    // No sample at all: the timer never fired before the round ended, the loop was blocked throughout.
    eventLoopDelayP99Ms: delay.count ? delay.percentile(99) / 1e6 : elapsed,
  };
}
