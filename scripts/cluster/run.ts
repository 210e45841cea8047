// npm run test:cluster: the portal as an operator runs it (docs/deploy.md), checked end to end. A fresh database on
// the PostgreSQL server of CLUSTER_DATABASE_URL (the Debian 15 cluster .ci/run starts), moto_server as the bucket,
// 2 instances (dist-server/main.js when built, else tsx) with one JWT_SECRET, FILE_STORE=s3 and TRUST_PROXY, and
// nginx from Debian with deploy/nginx/partner-portal.conf. It prints a PASS/FAIL table and exits 1 on any failure;
// the whole run is bounded (CLUSTER_TIMEOUT_S, 230 s). CLUSTER_KEEP=1 keeps the logs' folder.
// It restarts that PostgreSQL cluster (CLUSTER_PG, "15 main"): run it where nothing else needs the server meanwhile.
import { startCluster, type Running } from './cluster';
import {
  accessLogCheck,
  actors,
  chatAcrossCheck,
  drainChecks,
  drainUnderLoad,
  fileChecks,
  killChecks,
  killUnderLoad,
  limitChecks,
  postgresChecks,
  postgresRestartUnderLoad,
  transportCheck,
  type Check,
} from './scenarios';
import { tail } from './cluster';

const TIMEOUT_S = Number(process.env.CLUSTER_TIMEOUT_S ?? 230);
const LIMITS = { tokenPerMinute: 30, forgotPasswordPerHour: 5 };
const started = performance.now();
const seconds = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
const say = (line: string) => console.log(`[${seconds()}] ${line}`);

const checks: Check[] = [];
let running: Running | undefined;

function table() {
  const width = Math.max(...checks.map((c) => c.name.length), 10);
  console.log(`\nCluster test (${running?.serverKind ?? '?'} server, ${running?.cluster.instances.length ?? 0} instances behind nginx), ${seconds()}:`);
  for (const check of checks) console.log(`  ${check.ok ? 'PASS' : 'FAIL'}  ${check.name.padEnd(width)}  ${check.detail}`);
  const failed = checks.filter((c) => !c.ok);
  console.log(`\n${checks.length - failed.length} passed, ${failed.length} failed`);
  const waiting = [...new Set(failed.map((c) => c.needs).filter(Boolean))];
  if (waiting.length) console.log(`Failed checks rest on: ${waiting.join('; ')}`);
  return failed.length;
}

async function record(name: string, step: () => Promise<Check | Check[]>, needs?: string) {
  try {
    const result = await step();
    for (const check of Array.isArray(result) ? result : [result]) {
      checks.push(check);
      say(`${check.ok ? 'PASS' : 'FAIL'} ${check.name}: ${check.detail}`);
    }
  } catch (error) {
    checks.push({ name, ok: false, detail: error instanceof Error ? error.message.slice(0, 300) : String(error), needs });
    say(`FAIL ${name}: ${String(error)}`);
  }
}

async function main() {
  running = await startCluster({
    env: { RATE_TOKEN_PER_MINUTE: String(LIMITS.tokenPerMinute), RATE_FORGOT_PASSWORD_PER_HOUR: String(LIMITS.forgotPasswordPerHour) },
    log: say,
  });
  checks.push({
    name: 'cluster: 2 instances started together (migrations and seeds once), ready',
    ok: true,
    detail: `${running.serverKind} server, ready in ${(running.startupMs / 1000).toFixed(1)} s`,
  });
  const cluster = running;
  const who = await actors(cluster.balancer.url);
  say(`signed in; ticket ${who.ticketId}`);

  for (const transport of ['WebSockets', 'ServerSentEvents', 'LongPolling'] as const) {
    await record(`hub: official client live through nginx on ${transport}`, () => transportCheck(cluster, who, transport));
  }
  await record('chat: a message posted on A heard by a client on B', () => chatAcrossCheck(cluster, who));
  await record('files', () => fileChecks(cluster, who));
  await record('limits', () => limitChecks(cluster, LIMITS));
  await record('access log', () => accessLogCheck(cluster, who));
  await record(
    'kill -9 under load',
    async () => killChecks(await killUnderLoad(cluster, who, cluster.cluster.instances[1]), 5),
    'hub (connection token any instance accepts)',
  );
  await cluster.cluster.restore();
  await record('rolling restart under load', async () => drainChecks(await drainUnderLoad(cluster, who, cluster.cluster.instances[0])), 'drain on SIGTERM');
  await cluster.cluster.restore();
  await record('PostgreSQL restart under load', async () => postgresChecks(await postgresRestartUnderLoad(cluster, who)), 'database restarts');
}

const timer = setTimeout(() => {
  checks.push({ name: 'the run within its bound', ok: false, detail: `not finished within ${TIMEOUT_S} s` });
  void finish(1);
}, TIMEOUT_S * 1000);

let finishing = false;
async function finish(code: number) {
  if (finishing) return;
  finishing = true;
  clearTimeout(timer);
  const failed = table();
  if (failed && running) {
    for (const instance of running.cluster.instances) console.log(`\n--- last lines of ${instance.name}'s log ---\n${tail(instance.logFile, 15)}`);
  }
  await running?.close().catch(() => {});
  process.exit(failed || code ? 1 : 0);
}

main().then(
  () => finish(0),
  (error: unknown) => {
    checks.push({ name: 'cluster: set up', ok: false, detail: error instanceof Error ? error.message.slice(0, 4000) : String(error) });
    void finish(1);
  },
);
