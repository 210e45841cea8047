import { alternate, failuresNote, type Timing } from './rounds';
import { breakIn, byIdSide, type Target } from './target';
import type { Figure } from './types';

const GOAL_PERCENT = 3;
const CONNECTIONS = 10;

/**
 * Figure 7: what info-level request logging costs: GET partner by id on two servers of the same engine and data, started
 * for this comparison and broken in alike, LOG_LEVEL=info (the default) and LOG_LEVEL=warn, in alternating rounds;
 * the cost is 1 − info/warn. Two new servers, not the one every other section loaded beside a new one: a server's
 * speed grows over its first minute of load, which would weigh more than the few per cent measured here.
 */
export async function loggingFigures(
  targets: { info: Target; warn: Target },
  timing: Timing & { breakInSeconds: number },
  warnings: string[],
): Promise<Figure[]> {
  const { info: atInfo, warn: atWarn } = targets;
  for (const target of [atInfo, atWarn]) await breakIn(target, timing.breakInSeconds);
  const sides = [await byIdSide(atInfo, CONNECTIONS), await byIdSide(atWarn, CONNECTIONS)];
  // A cost of a few per cent is within one round's noise on a shared machine: two more rounds than the others.
  const results = await alternate(sides, { ...timing, rounds: timing.rounds + 2 });
  warnings.push(...failuresNote(results));
  const info = results[atInfo.name].rps;
  const warn = results[atWarn.name].rps;
  const cost = (1 - info / warn) * 100;
  return [
    {
      name: `GET partner by id, ${CONNECTIONS} connections, LOG_LEVEL=info`,
      value: info,
      unit: 'req/s',
      floor: { name: 'LOG_LEVEL=warn', value: warn },
      goal: `≥ ${(1 - GOAL_PERCENT / 100).toFixed(2)}× (cost < ${GOAL_PERCENT} %)`,
      met: cost < GOAL_PERCENT,
    },
    { name: 'info-level request logging: throughput cost', value: cost, unit: '%', goal: `< ${GOAL_PERCENT} %`, met: cost < GOAL_PERCENT },
  ];
}
