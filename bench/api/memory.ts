import type { BareFastify } from './bareFastify';
import { clusterPss } from '../harness/serverProcess';
import type { Target } from './target';
import type { Figure } from './types';

const MB = 1e6;
const GOAL_MB = 250;
const SETTLE_MS = Number(process.env.BENCH_SETTLE_SECONDS ?? 3) * 1000;

/**
 * Figure 5: resident memory of each server process once idle (after the loads before it, a few seconds to settle):
 * the embedded default's node process, its cluster (PSS, so shared buffers count once) and both together beside
 * PostgreSQL mode's node process (its database is not its own) and the bare Fastify.
 */
export async function memoryFigures(embedded: Target, postgres: Target | undefined, bare: BareFastify): Promise<Figure[]> {
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  const node = (await embedded.server.rss()) / MB;
  const peer = postgres ? (await postgres.server.rss()) / MB : undefined;
  const bareRss = bare.rss() / MB;
  const figures: Figure[] = [
    {
      name: `server RSS idle, ${embedded.name} (node process)`,
      value: node,
      unit: 'MB',
      ...(peer !== undefined ? { floor: { name: 'PostgreSQL mode (node process)', value: peer } } : {}),
      goal: `< ${GOAL_MB} MB`,
      met: node < GOAL_MB,
    },
  ];
  if (embedded.server.engine === 'embedded') {
    const cluster = clusterPss(embedded.server) / MB;
    figures.push({ name: `${embedded.name} cluster (PostgreSQL processes, PSS)`, value: cluster, unit: 'MB' });
    figures.push({ name: `${embedded.name} node + cluster`, value: node + cluster, unit: 'MB', goal: `< ${GOAL_MB} MB`, met: node + cluster < GOAL_MB });
  }
  if (peer !== undefined)
    figures.push({ name: 'server RSS idle, PostgreSQL mode (node process)', value: peer, unit: 'MB', floor: { name: 'bare Fastify', value: bareRss } });
  figures.push({ name: 'bare Fastify RSS idle', value: bareRss, unit: 'MB' });
  return figures;
}
