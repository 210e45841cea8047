// npm run bench:api: the figures of issue 12, each beside its floor or peer, measured in one run. Servers run in child
// processes (the compiled server, `node dist-server/main.js`, by bench/harness; demo data, log in a file), load comes from autocannon in this process;
// every comparison warms each side alike, then alternates rounds A, B, A, B, … and takes medians. Measured: GET
// partner by id at 10 connections beside the same SELECT through a raw pg pool on the same database, and at 50;
// partner search at 50; /api/users/permissions beside a bare Fastify; idle RSS; 50 sign-ins at once; the cost of
// info-level request logging; the round trips to PostgreSQL of each hot request. With DATABASE_URL set, PostgreSQL mode (a fresh database on that server, dropped at the
// end) is the peer. Each new server is broken in alike before it is measured. Knobs: BENCH_ROUNDS (3),
// BENCH_ROUND_SECONDS (4), BENCH_WARMUP_SECONDS (2), BENCH_BREAK_IN_SECONDS (10), BENCH_ENGINE=pglite (the engine
// before the embedded PostgreSQL, in place of the default), BENCH_KEEP_LOGS.
import { runBench } from './harness/cleanup';
import { loggingFigures } from './api/logging';
import { memoryFigures } from './api/memory';
import { partnerReadFigures } from './api/partnerReads';
import { permissionsFigures } from './api/permissions';
import { signInBurst } from './api/signInBurst';
import { statementFigures } from './api/statements';
import { logFolder } from './harness/serverProcess';
import { figureTable, machineLine } from './api/table';
import { breakIn, startEmbeddedTarget, startPostgresTarget, type Target } from './api/target';
import type { Figure } from './api/types';

const engine = process.env.BENCH_ENGINE === 'pglite' ? 'pglite' : 'embedded';
// 0: a free port each (others may run benches on this machine); the bare Fastify's is fixed.
const PORTS = { embedded: 0, postgres: 0, bare: 9157, logInfo: 0, logWarn: 0 };
const timing = {
  rounds: Number(process.env.BENCH_ROUNDS ?? 3),
  roundSeconds: Number(process.env.BENCH_ROUND_SECONDS ?? 4),
  warmupSeconds: Number(process.env.BENCH_WARMUP_SECONDS ?? 2),
  breakInSeconds: Number(process.env.BENCH_BREAK_IN_SECONDS ?? 10),
};

console.log(machineLine());
console.log(`rounds: ${timing.rounds} of ${timing.roundSeconds} s per side after ${timing.warmupSeconds} s of warm-up, alternating`);
console.log(`server logs: ${logFolder()} (removed at the end, the last lines printed when something failed; BENCH_KEEP_LOGS keeps them)\n`);

const figures: Figure[] = [];
const warnings: string[] = [];
const section = async <T>(title: string, work: () => Promise<T>): Promise<T> => {
  const started = performance.now();
  process.stdout.write(`${title}… `);
  const result = await work();
  console.log(`${((performance.now() - started) / 1000).toFixed(0)} s`);
  return result;
};

await runBench(async () => {
  const embedded = await section('starting the embedded default', () =>
    startEmbeddedTarget({ label: 'embedded', port: PORTS.embedded, logLevel: 'info', floor: true, engine }),
  );
  const adminUrl = process.env.DATABASE_URL;
  const postgres: Target | undefined = adminUrl
    ? await section('starting PostgreSQL mode', () => startPostgresTarget({ port: PORTS.postgres, adminUrl }))
    : undefined;
  if (!postgres) warnings.push('DATABASE_URL is not set: no PostgreSQL mode, so the peer figures have no peer');
  const targets = [embedded, ...(postgres ? [postgres] : [])];
  await section('breaking the servers in', async () => {
    for (const target of targets) await breakIn(target, timing.breakInSeconds);
  });

  figures.push(...(await section('GET by id and search', () => partnerReadFigures(embedded, postgres, timing, warnings))));
  const permissions = await section('permissions', () => permissionsFigures(targets, PORTS.bare, timing, warnings));
  figures.push(...permissions.figures);
  figures.push(...(await section('idle memory', () => memoryFigures(embedded, postgres, permissions.bare))));
  await permissions.bare.stop();

  // After the idle memory figure: the burst's hashing raises the RSS that figure reads.
  figures.push(...(await section('50 sign-ins at once', () => signInBurst(embedded.server))));

  // The servers of the earlier sections are stopped first: their clusters and processes would share the machine.
  for (const target of targets) {
    // The floor's pool first: the launcher leaves a cluster running while other clients are connected.
    await target.floor?.close();
    await target.server.stop();
  }
  const logging = await section('starting two embedded servers, LOG_LEVEL=info and warn', async () => ({
    info: await startEmbeddedTarget({ label: 'log-info', port: PORTS.logInfo, logLevel: 'info', floor: false, engine, labelled: true }),
    warn: await startEmbeddedTarget({ label: 'log-warn', port: PORTS.logWarn, logLevel: 'warn', floor: false, engine, labelled: true }),
  }));
  figures.push(...(await section('request logging', () => loggingFigures(logging, timing, warnings))));
  // Last, once the servers under load have stopped: an app in this process, on the default engine, counts them.
  figures.push(...(await section('statements per request', () => statementFigures())));

  console.log(`\n${figureTable(figures)}\n`);
  for (const warning of warnings) console.log(`note: ${warning}`);
});
