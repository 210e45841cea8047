import type { Measured } from './load';

/** One side of a comparison: a server under load, or the raw floor. */
export interface Side {
  name: string;
  run(seconds: number): Promise<Measured>;
}

export interface Timing {
  rounds: number;
  roundSeconds: number;
  warmupSeconds: number;
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/**
 * The same warm-up for every side, then rounds A, B, A, B, … so that what else the machine does at a moment weighs
 * on every side alike; each figure is the median of its rounds. Failures (non-2xx, errors) are summed, not hidden.
 */
export async function alternate(sides: Side[], timing: Timing): Promise<Record<string, Measured>> {
  for (const side of sides) await side.run(timing.warmupSeconds);
  const rounds: Record<string, Measured[]> = Object.fromEntries(sides.map((s) => [s.name, []]));
  for (let round = 0; round < timing.rounds; round++) for (const side of sides) rounds[side.name].push(await side.run(timing.roundSeconds));
  return Object.fromEntries(
    sides.map((side) => {
      const measured = rounds[side.name];
      return [
        side.name,
        {
          rps: median(measured.map((m) => m.rps)),
          p50: median(measured.map((m) => m.p50)),
          p99: median(measured.map((m) => m.p99)),
          failures: measured.reduce((sum, m) => sum + m.failures, 0),
        },
      ];
    }),
  );
}

/** The sides whose rounds had failed requests, to print below the table: a figure with failures is not a fair one. */
export const failuresNote = (results: Record<string, Measured>) =>
  Object.entries(results)
    .filter(([, m]) => m.failures)
    .map(([name, m]) => `${name}: ${m.failures} failed requests (non-2xx, errors or timeouts)`);
