import { setTimeout as delay } from 'node:timers/promises';
import { TENANT_HEADER, TENANT_ROOT } from '../../contract/http';
import { DEMO_PASSWORD } from '../../server/modules/users/users.demo';
import type { BenchServer, Figure } from './types';

const BURST = 50;
const BURSTS = 2;
const OTHER_PATH = '/api/users/permissions';
const OTHER_IN_FLIGHT = 10;
const RSS_SAMPLE_MS = 20;
const RSS_GOAL_MB = 150;
const OTHER_P99_GOAL_MS = 100;
const MB = 2 ** 20;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : Number.NaN;
};
const round1 = (value: number) => Math.round(value * 10) / 10;

/**
 * One sign-in of the demo admin: its duration in ms, and whether the hashing queue refused it at once (503 busy: it
 * would have waited longer than the queue's longest wait); anything else stops the benchmark (a limit was met).
 */
async function signInOnce(url: string): Promise<{ ms: number; busy: boolean }> {
  const started = performance.now();
  const answer = await fetch(`${url}/api/token`, {
    method: 'POST',
    headers: { [TENANT_HEADER]: TENANT_ROOT, 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@example.com', password: DEMO_PASSWORD }),
  });
  const text = await answer.text();
  if (answer.status !== 200 && answer.status !== 503) throw new Error(`a sign-in of the burst answered ${answer.status}: ${text}`);
  return { ms: performance.now() - started, busy: answer.status === 503 };
}

/** Keeps `OTHER_IN_FLIGHT` requests to another route going until stopped; gives each one's duration. */
function otherRequests(url: string, token: string) {
  let stopped = false;
  const durations: number[] = [];
  const loop = async () => {
    while (!stopped) {
      const started = performance.now();
      const answer = await fetch(url + OTHER_PATH, { headers: { authorization: `Bearer ${token}` } });
      await answer.arrayBuffer();
      if (answer.status !== 200) throw new Error(`${OTHER_PATH} answered ${answer.status} during the sign-in burst`);
      durations.push(performance.now() - started);
    }
  };
  const loops = Array.from({ length: OTHER_IN_FLIGHT }, loop);
  return {
    async stop() {
      stopped = true;
      await Promise.all(loops);
      return durations;
    },
  };
}

/** The highest RSS of the server, read every RSS_SAMPLE_MS until stopped. */
function peakRss(server: BenchServer) {
  let stopped = false;
  let peak = 0;
  const sampling = (async () => {
    while (!stopped) {
      peak = Math.max(peak, await server.rss());
      await delay(RSS_SAMPLE_MS);
    }
  })();
  return {
    async stop() {
      stopped = true;
      await sampling;
      return Math.max(peak, await server.rss());
    },
  };
}

/** 50 sign-ins at once while the other stream runs: each sign-in's duration, the others' durations, the peak RSS. */
async function burst(server: BenchServer, token: string) {
  const rss = peakRss(server);
  const others = otherRequests(server.url, token);
  const started = performance.now();
  const signIns = await Promise.all(Array.from({ length: BURST }, () => signInOnce(server.url)));
  const seconds = (performance.now() - started) / 1000;
  return { signIns, others: await others.stop(), peak: await rss.stop(), seconds };
}

/** The other stream alone, as long as the burst before it lasted. */
async function withoutBurst(server: BenchServer, token: string, seconds: number) {
  const others = otherRequests(server.url, token);
  await delay(seconds * 1000);
  return others.stop();
}

/**
 * Figure 6: 50 simultaneous sign-ins (POST /api/token) on a server that has not hashed since it started: the RSS they
 * add (peak, sampled every 20 ms, over the RSS once the other stream has warmed up, before any sign-in of this section), each sign-in's duration beside one sign-in
 * alone, and the p99 of a steady stream of other requests during the burst beside the same stream without one.
 * Bursts and quiet stretches alternate. The runner's limits let 100+ sign-ins a minute through without a hold.
 */
export async function signInBurst(server: BenchServer): Promise<Figure[]> {
  const token = await server.token();
  await withoutBurst(server, token, 1);
  const before = await server.rss();
  const alone: number[] = [];
  for (let i = 0; i < 5; i++) alone.push((await signInOnce(server.url)).ms);

  let peak = await server.rss();
  const signIns: { ms: number; busy: boolean }[] = [];
  const during: number[] = [];
  const quiet: number[] = [];
  for (let i = 0; i < BURSTS; i++) {
    const measured = await burst(server, token);
    peak = Math.max(peak, measured.peak);
    signIns.push(...measured.signIns);
    during.push(...measured.others);
    quiet.push(...(await withoutBurst(server, token, Math.max(1, measured.seconds))));
  }

  const addedMb = (peak - before) / MB;
  const admitted = signIns.filter((s) => !s.busy).map((s) => s.ms);
  const busy = signIns.filter((s) => s.busy).map((s) => s.ms);
  const otherP99 = percentile(during, 99);
  const what = `${BURST} sign-ins at once`;
  return [
    { name: `${what}: RSS added (peak − before)`, value: round1(addedMb), unit: 'MB', goal: `≤ ${RSS_GOAL_MB} MB`, met: addedMb <= RSS_GOAL_MB },
    {
      name: `${what}: each sign-in admitted by the hashing queue, p50`,
      value: round1(percentile(admitted, 50)),
      unit: 'ms',
      floor: { name: 'one sign-in alone, p50', value: round1(percentile(alone, 50)) },
    },
    { name: `${what}: each sign-in admitted, max`, value: round1(Math.max(...admitted)), unit: 'ms' },
    { name: `${what}: ${busy.length} of ${signIns.length} answered 503 busy at once, p99`, value: round1(percentile(busy, 99)), unit: 'ms' },
    {
      name: `${what}: GET ${OTHER_PATH} (${OTHER_IN_FLIGHT} in flight) during the burst, p99`,
      value: round1(otherP99),
      unit: 'ms',
      floor: { name: 'the same stream without a burst, p99', value: round1(percentile(quiet, 99)) },
      goal: `< ${OTHER_P99_GOAL_MS} ms`,
      met: otherP99 < OTHER_P99_GOAL_MS,
    },
  ];
}
