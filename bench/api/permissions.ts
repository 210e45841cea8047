import { startBareFastify, type BareFastify } from './bareFastify';
import { httpLoad } from './load';
import { alternate, failuresNote, type Side, type Timing } from './rounds';
import type { Target } from './target';
import type { Figure } from './types';

const PERMISSIONS_PATH = '/api/users/permissions';
const CONNECTIONS = 10;
const GOAL = 0.3;

async function permissionsSide(target: Target): Promise<Side> {
  const token = await target.server.token();
  return { name: target.name, run: (seconds) => httpLoad({ url: target.server.url, connections: CONNECTIONS, token, path: () => PERMISSIONS_PATH }, seconds) };
}

/**
 * Figure 4: GET /api/users/permissions (auth, principal, the envelope; no query of its own) beside a bare Fastify
 * in a child process answering the server's own answer, byte for byte, at the same path. The bare Fastify stays
 * up for the memory figure.
 */
export async function permissionsFigures(
  targets: Target[],
  barePort: number,
  timing: Timing,
  warnings: string[],
): Promise<{ figures: Figure[]; bare: BareFastify }> {
  const [embedded] = targets;
  const answer = await fetch(embedded.server.url + PERMISSIONS_PATH, { headers: { authorization: `Bearer ${await embedded.server.token()}` } });
  if (answer.status !== 200) throw new Error(`${PERMISSIONS_PATH} answered ${answer.status}`);
  const bare = await startBareFastify(barePort, PERMISSIONS_PATH, await answer.text());
  const bareSide: Side = {
    name: 'bare Fastify',
    run: (seconds) => httpLoad({ url: bare.url, connections: CONNECTIONS, path: () => PERMISSIONS_PATH }, seconds),
  };
  const results = await alternate([...(await Promise.all(targets.map(permissionsSide))), bareSide], timing);
  warnings.push(...failuresNote(results));
  const figures = targets.map((target) => ({
    name: `GET ${PERMISSIONS_PATH}, ${CONNECTIONS} connections, ${target.name}: req/s`,
    value: results[target.name].rps,
    unit: 'req/s',
    floor: { name: 'bare Fastify, same envelope', value: results[bareSide.name].rps },
    goal: `≥ ${GOAL}× bare Fastify`,
    met: results[target.name].rps >= GOAL * results[bareSide.name].rps,
  }));
  return { figures, bare };
}
