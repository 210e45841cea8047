import { freePort } from '../harness/serverProcess';
import { startBareFastifyPg } from './bareFastify';
import { httpLoad, type Measured } from './load';
import { rawSelectLoad } from './rawFloor';
import { alternate, failuresNote, type Side, type Timing } from './rounds';
import { byIdSide, searchSide, type Target } from './target';
import type { Figure } from './types';

const PEER_GOAL = 0.8;
const FLOOR_GOAL = 0.5;
/** Issue 36's floor: a bare Fastify and pg running the same SELECT. */
const BARE_GOAL = 0.6;

function floorSide(target: Target, connections: number): Side {
  return { name: `raw SELECT on ${target.name}'s database`, run: (seconds) => rawSelectLoad(target.floor!, target.partnerIds, connections, seconds) };
}

/** A figure of the embedded default beside PostgreSQL mode (the peer), with the ≥ 0.8× goal on throughput. */
function peerFigures(title: string, embedded: Measured, peer: Measured | undefined, latencies: ('p50' | 'p99')[]): Figure[] {
  const throughput: Figure = { name: `${title}: req/s`, value: embedded.rps, unit: 'req/s', goal: `≥ ${PEER_GOAL}× PostgreSQL mode` };
  if (peer) Object.assign(throughput, { floor: { name: 'PostgreSQL mode', value: peer.rps }, met: embedded.rps >= PEER_GOAL * peer.rps });
  return [
    throughput,
    ...latencies.map((p) => ({
      name: `${title}: ${p}`,
      value: embedded[p],
      unit: 'ms',
      ...(peer ? { floor: { name: 'PostgreSQL mode', value: peer[p] } } : {}),
    })),
  ];
}

/**
 * Figures 1–3 of the issue: GET partner by id at 10 connections beside the raw SELECT on the same database (and
 * PostgreSQL mode), the same at 50 connections, and partner search at 50, each beside PostgreSQL mode.
 */
export async function partnerReadFigures(embedded: Target, postgres: Target | undefined, timing: Timing, warnings: string[]): Promise<Figure[]> {
  const figures: Figure[] = [];
  const withFloors = [embedded, ...(postgres ? [postgres] : [])];

  const bare = embedded.server.databaseUrl ? await startBareFastifyPg(await freePort(), embedded.server.databaseUrl) : undefined;
  const bareName = 'bare Fastify + pg, same SELECT';
  const ids = embedded.partnerIds;
  const bareSide: Side[] = bare
    ? [
        {
          name: bareName,
          run: (seconds) =>
            httpLoad({ url: bare.url, connections: 10, path: () => `/api/v1/partners/${ids[Math.floor(Math.random() * ids.length)]}` }, seconds),
        },
      ]
    : [];
  const at10 = await alternate([...(await Promise.all(withFloors.map(async (t) => [await byIdSide(t, 10), floorSide(t, 10)]))).flat(), ...bareSide], timing);
  await bare?.stop();
  warnings.push(...failuresNote(at10));
  if (bare)
    figures.push({
      name: `GET partner by id, 10 connections, ${embedded.name}: beside ${bareName}`,
      value: at10[embedded.name].rps,
      unit: 'req/s',
      floor: { name: bareName, value: at10[bareName].rps },
      goal: `≥ ${BARE_GOAL}× ${bareName}`,
      met: at10[embedded.name].rps >= BARE_GOAL * at10[bareName].rps,
    });
  for (const target of withFloors) {
    const served = at10[target.name];
    const floor = at10[floorSide(target, 10).name];
    figures.push({
      name: `GET partner by id, 10 connections, ${target.name}: req/s`,
      value: served.rps,
      unit: 'req/s',
      floor: { name: 'raw SELECT, same database', value: floor.rps, unit: 'ops/s' },
      goal: `≥ ${FLOOR_GOAL}× raw SELECT`,
      met: served.rps >= FLOOR_GOAL * floor.rps,
    });
    figures.push({
      name: `GET partner by id, 10 connections, ${target.name}: p99`,
      value: served.p99,
      unit: 'ms',
      floor: { name: 'raw SELECT p99', value: floor.p99 },
    });
  }
  if (postgres)
    figures.push({
      name: 'GET partner by id, 10 connections: embedded beside PostgreSQL mode',
      value: at10[embedded.name].rps,
      unit: 'req/s',
      floor: { name: 'PostgreSQL mode', value: at10[postgres.name].rps },
    });

  const sides = async (side: (t: Target, connections: number) => Promise<Side>) => Promise.all(withFloors.map((t) => side(t, 50)));
  const at50 = await alternate(await sides(byIdSide), timing);
  warnings.push(...failuresNote(at50));
  figures.push(...peerFigures(`GET partner by id, 50 connections, ${embedded.name}`, at50[embedded.name], postgres && at50[postgres.name], ['p50', 'p99']));

  const search = await alternate(await sides(searchSide), timing);
  warnings.push(...failuresNote(search));
  figures.push(...peerFigures(`partner search, 50 connections, ${embedded.name}`, search[embedded.name], postgres && search[postgres.name], ['p99']));
  return figures;
}
