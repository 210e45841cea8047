import { expect } from 'vitest';

/** The fastest of a few runs, in milliseconds: the least disturbed by the rest of the machine. */
function fastest(run: (value: string) => unknown, value: string) {
  let best = Infinity;
  for (let attempt = 0; attempt < 5; attempt++) {
    const started = performance.now();
    run(value);
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

/**
 * Proves that `run` reads inputs of this shape in linear time, without a timed bound: ten times the input
 * may take at most thirty times as long, plus 50 ms of slack for timer and machine noise on tiny
 * durations. A linear reader takes about ten times as long, a quadratic one a hundred.
 */
export function expectLinear(run: (value: string) => unknown, input: (n: number) => string, n: number) {
  const small = fastest(run, input(n));
  const large = fastest(run, input(10 * n));
  expect(large, `${small.toFixed(2)} ms for n, ${large.toFixed(2)} ms for 10n`).toBeLessThan(30 * small + 50);
}
