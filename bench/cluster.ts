// npm run bench:cluster: the cluster of npm run test:cluster (scripts/cluster: a fresh database on CLUSTER_DATABASE_URL,
// moto_server, 2 instances, nginx from Debian with deploy/nginx/partner-portal.conf), measured. Throughput of the same
// mixed reads through nginx over 1 instance and over 2 (BENCH_CONNECTIONS concurrent loops of fetch for BENCH_SECONDS
// each), then the disruptions of the cluster test: kill -9 of one instance under load, and a PostgreSQL restart under
// load (CLUSTER_PG, "15 main": it restarts that cluster) over 1 instance and over 2. Printed side by side.
import { startCluster, type Running } from '../scripts/cluster/cluster';
import { call } from '../scripts/cluster/portal';
import { actors, killUnderLoad, postgresRestartUnderLoad, type Actors, type DisruptionFigures } from '../scripts/cluster/scenarios';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const say = (line: string) => console.log(line);

interface Throughput {
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/** The same mixed reads as a signed-in staff member and partner make them, round and round, from CONNECTIONS loops. */
async function measure(base: string, who: Actors, seconds: number): Promise<Throughput> {
  const reads: { path: string; token: string; json?: unknown }[] = [
    { path: '/api/v1/dashboard', token: who.partner.token },
    { path: `/api/v1/tickets/${who.ticketId}`, token: who.partner.token },
    { path: `/api/v1/tickets/${who.ticketId}/messages`, token: who.partner.token },
    { path: '/api/v1/users/profile', token: who.partner.token },
    { path: '/api/v1/tickets/search', token: who.admin.token, json: { pageNumber: 1, pageSize: 25 } },
    { path: '/api/v1/partners/search', token: who.admin.token, json: { pageNumber: 1, pageSize: 25 } },
    { path: '/api/v1/dashboard', token: who.admin.token },
  ];
  const latencies: number[] = [];
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, loop) => {
      for (let i = loop; performance.now() < end; i++) {
        const read = reads[i % reads.length];
        const started = performance.now();
        try {
          const answer = await call(base, read.path, { token: read.token, json: read.json });
          if (answer.status !== 200) errors++;
        } catch {
          errors++;
        }
        latencies.push(performance.now() - started);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { requests: latencies.length, perSecond: latencies.length / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99), errors };
}

type Column = { throughput?: Throughput; kill?: DisruptionFigures | string; restart?: DisruptionFigures | string };

const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} ms` : '—');
const failedText = (f: DisruptionFigures) => `${f.failed} of ${f.requests}${f.failures ? ` (${f.failures})` : ''}`;

function rows(columns: [string, Column][]) {
  const of = (pick: (c: Column) => string) => columns.map(([, c]) => pick(c));
  const disruption = (which: 'kill' | 'restart', pick: (f: DisruptionFigures) => string) => (c: Column) => {
    const figures = c[which];
    if (figures === undefined) return '—';
    return typeof figures === 'string' ? figures : pick(figures);
  };
  const table: [string, string[]][] = [
    ['mixed reads: requests a second', of((c) => (c.throughput ? c.throughput.perSecond.toFixed(0) : '—'))],
    ['mixed reads: latency p50 / p99', of((c) => (c.throughput ? `${ms(c.throughput.p50)} / ${ms(c.throughput.p99)}` : '—'))],
    ['mixed reads: not 200', of((c) => (c.throughput ? String(c.throughput.errors) : '—'))],
    ['kill -9: failed requests', of(disruption('kill', failedText))],
    ['kill -9: acknowledged writes lost', of(disruption('kill', (f) => `${f.lost} of ${f.acknowledged}`))],
    ['kill -9: hub clients back (recovery)', of(disruption('kill', (f) => `${f.back}/${f.dropped} in ${ms(f.recoveryMs)}`))],
    ['kill -9: messages missed live', of(disruption('kill', (f) => `${f.missedLive} (client × message)`))],
    ['PostgreSQL restart: failed requests', of(disruption('restart', failedText))],
    ['PostgreSQL restart: 5xx other than 503', of(disruption('restart', (f) => String(f.serverErrors)))],
    ['PostgreSQL restart: recovery (all ready)', of(disruption('restart', (f) => ms(f.recoveryMs)))],
    ['PostgreSQL restart: messages missed live', of(disruption('restart', (f) => `${f.missedLive}; ${f.coveredByResync} by a Resync`))],
    ['PostgreSQL restart: clients sent a Resync', of(disruption('restart', (f) => `${f.resynced ?? 0}/${f.clients}`))],
    ['PostgreSQL restart: instances that exited', of(disruption('restart', (f) => String(f.exits.length)))],
  ];
  const header = ['', ...columns.map(([name]) => name)];
  const widths = header.map((_, i) => Math.max(...[header, ...table.map(([label, cells]) => [label, ...cells])].map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i])).join('   ');
  console.log(`\n${line(header)}`);
  for (const [label, cells] of table) console.log(line([label, ...cells]));
}

async function main() {
  const running: Running = await startCluster({ instances: 2, extraBalancers: [[0]], log: say });
  try {
    const who = await actors(running.balancer.url);
    const [a] = running.cluster.instances;
    const one: Column = {};
    const two: Column = {};
    say(`${running.serverKind} server; mixed reads from ${CONNECTIONS} loops for ${SECONDS} s each`);
    await measure(running.balancer.url, who, 1);
    one.throughput = await measure(running.balancers[0].url, who, SECONDS);
    say(`1 instance: ${one.throughput.perSecond.toFixed(0)} requests a second`);
    two.throughput = await measure(running.balancer.url, who, SECONDS);
    say(`2 instances: ${two.throughput.perSecond.toFixed(0)} requests a second`);

    const attempt = async (what: string, run: () => Promise<DisruptionFigures>) => {
      try {
        const figures = await run();
        say(`${what}: done`);
        return figures;
      } catch (error) {
        say(`${what}: ${String(error)}`);
        return `failed: ${(error instanceof Error ? error.message : String(error)).slice(0, 60)}`;
      }
    };
    one.kill = 'n/a (one instance)';
    two.kill = await attempt('kill -9 of B under load', () => killUnderLoad(running, who, running.cluster.instances[1]));
    one.restart = await attempt('PostgreSQL restart, 1 instance', () =>
      postgresRestartUnderLoad(running, who, { base: running.balancers[0].url, instances: [a], clientsPerInstance: 4 }),
    );
    two.restart = await attempt('PostgreSQL restart, 2 instances', () => postgresRestartUnderLoad(running, who));
    rows([
      ['1 instance', one],
      ['2 instances', two],
    ]);
  } finally {
    await running.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
