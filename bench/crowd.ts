// npm run bench:crowd: issue 21's Monday morning. 200 people (CROWD_USERS), each with their own token and hub
// connection (WebSockets): 80 % partner users, five per partner, saving a draft every 2–4 s, reading sections and
// chatting in their partner's ticket; 20 % support users searching partners, opening one, the dashboard and replying in
// tickets. The server runs in a child process (dist-server/main.js, built first when stale: bench/harness) on the
// embedded default in its own /tmp folder (fails unless /api/ready names that engine: no PGlite fallback),
// or on a new database of DATABASE_URL's server when that is set. Clients speak the hub's JSON protocol over raw `ws`.
// Phases alternate: each operation alone (one call at a time), then the crowd for CROWD_SECONDS (20), three times
// (CROWD_PHASES). It prints p50/p99 per operation and phase, hub delivery (stamped at send, measured at every receiving
// client), failures, the server's RSS, the goals as ratios to the operation alone, and 50 sign-ins at once
// (CROWD_SIGN_INS, 0 skips) beside one alone.
import crypto from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { runBench } from './harness/cleanup';
import { rssOf } from './harness/processes';
import { startServerProcess } from './harness/serverProcess';
import { machineLine } from './api/table';
import { CrowdHubClient } from './crowd/hubClient';
import { goalLines, goalTable, operationTable } from './crowd/report';
import { setUpCrowd } from './crowd/setup';
import { signInBurstLines } from './crowd/signIns';
import { PhaseRecord, RAMP_MS, alonePhase, crowdCalls, crowdPhase } from './crowd/workload';

const positive = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value >= 0 && process.env[name] !== '' && process.env[name] !== undefined ? value : fallback;
};
const USERS = Math.max(10, Math.round(positive('CROWD_USERS', 200)));
const SECONDS = positive('CROWD_SECONDS', 20);
const PHASES = Math.max(1, Math.round(positive('CROWD_PHASES', 3)));
const ALONE_ROUNDS = Math.max(3, Math.round(positive('CROWD_ALONE_ROUNDS', 15)));
const SIGN_INS = Math.round(positive('CROWD_SIGN_INS', 50));
const PORT = positive('CROWD_PORT', 8961);
const USERS_PER_PARTNER = 5;
const RSS_SAMPLE_MS = 500;

const partnerUsers = Math.round(USERS * 0.8);
const supportUsers = USERS - partnerUsers;
const partners = Math.max(1, Math.round(partnerUsers / USERS_PER_PARTNER));

console.log(machineLine());
const jwtSecret = crypto.randomBytes(32).toString('base64url');
await runBench(async () => {
  const server = await startServerProcess({
    label: 'crowd',
    port: PORT,
    logLevel: process.env.CROWD_LOG_LEVEL ?? 'warn',
    waitForReady: true,
    // Two hundred people behind one address (the bench): the per-address limits are a balancer's, not theirs.
    env: { JWT_SECRET: jwtSecret, MAX_CONNECTIONS_PER_ADDRESS: '0' },
  });
  const runtime = 'node dist-server/main.js';
  const serverRss = () => rssOf(server.pid);
  console.log(
    `server: ${runtime}, pid ${server.pid}, ${server.engine === 'embedded' ? 'embedded PostgreSQL (checked: no PGlite fallback)' : 'PostgreSQL at DATABASE_URL (a new database)'}`,
  );
  console.log(`server log: ${server.logFile}`);
  const data = await setUpCrowd({ url: server.url, databaseUrl: server.databaseUrl!, jwtSecret, partners, partnerUsers, supportUsers });
  console.log(
    `crowd: ${data.users.length} users (${partnerUsers} partner users on ${partners} partners, ${supportUsers} support users), ` +
      `${PHASES} × (alone ${ALONE_ROUNDS} rounds, crowd ${SECONDS} s)`,
  );

  const phases: PhaseRecord[] = [];
  let current = new PhaseRecord('setup', 'alone');
  const calls = crowdCalls(server.url, data, () => current);
  const hubClients = data.users.map((user) => new CrowdHubClient(server.url, user.token, user.ticketId, (ms) => current.deliveries.push(ms)));
  const opened = performance.now();
  // In waves, as people arrive, rather than two hundred negotiations in the same millisecond.
  for (let i = 0; i < hubClients.length; i += 20) await Promise.all(hubClients.slice(i, i + 20).map((c) => c.connect()));
  console.log(`hub: ${hubClients.length} connections negotiated, open and joined in ${((performance.now() - opened) / 1000).toFixed(1)} s\n`);

  const run = async (record: PhaseRecord, work: () => Promise<void>) => {
    current = record;
    phases.push(record);
    const sampler = setInterval(() => record.rss.push(serverRss()), RSS_SAMPLE_MS);
    const started = performance.now();
    await work();
    // Deliveries of the last chat messages still on their way.
    await delay(500);
    record.seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    record.rss.push(serverRss());
    process.stdout.write(`${record.name}: ${record.requests} requests in ${record.seconds.toFixed(1)} s\n`);
  };
  // One untimed round first: the server's caches and JIT, the bench's connections.
  await alonePhase(data, calls, 2);
  for (let i = 1; i <= PHASES; i++) {
    await run(new PhaseRecord(`alone ${i}`, 'alone'), () => alonePhase(data, calls, ALONE_ROUNDS));
    await run(new PhaseRecord(`crowd ${i}`, 'crowd'), () => crowdPhase(data, calls, SECONDS));
  }

  console.log(`\n### ${data.users.length} users, ${server.engine === 'embedded' ? 'embedded PostgreSQL' : 'PostgreSQL mode'}, ${runtime}\n`);
  console.log(operationTable(phases));
  const crowd = phases.filter((p) => p.kind === 'crowd');
  // Offered: what the partner users would save with instant answers (one save per 3 s of thinking on average),
  // against what they saved once all had started (after the ramp) until the phase's end.
  const offered = partnerUsers / 3;
  const achieved = crowd.map((p) => {
    const from = p.startedAt + RAMP_MS;
    const until = p.startedAt + SECONDS * 1000;
    return until > from ? p.saveStarts.filter((t) => t >= from && t < until).length / ((until - from) / 1000) : Number.NaN;
  });
  const sustained = Math.min(...achieved) / offered;
  console.log(
    `\nload: ${data.users.length} users; Save Draft sent ${achieved.map((a) => a.toFixed(1)).join(', ')} a second per crowd phase once all had started, ` +
      `of ${offered.toFixed(1)} a second with instant answers (${(sustained * 100).toFixed(0)} %: ` +
      `${sustained >= 0.9 ? 'the machine sustains this load without queueing' : 'answers queue at this load; a smaller CROWD_USERS finds the load it sustains'})`,
  );
  console.log(`\n${goalTable(goalLines(phases))}`);
  const dropped = hubClients.reduce((sum, c) => sum + c.closedUnexpectedly, 0);
  if (dropped) console.log(`\nhub connections closed by the server during the run: ${dropped}`);
  const samples = phases.flatMap((p) => p.failureSamples.map((s) => `${p.name}: ${s}`));
  if (samples.length) console.log(`\nfailures, first of each phase:\n${samples.map((s) => `  ${s}`).join('\n')}`);
  for (const client of hubClients) client.close();

  if (SIGN_INS > 0) console.log(`\n${(await signInBurstLines(server.url, SIGN_INS)).join('\n')}`);
});
