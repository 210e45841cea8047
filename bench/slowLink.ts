// npm run bench:slowlink: the built app (dist/) from the compiled server on the demo data (bench/harness), in Chromium throttled by
// CDP to a 1.6 Mbps down, 750 kbps up, 150 ms link, cold cache each round (a fresh context). Times /sign-in until the
// sign-in form is visible and /partners (admin@example.com's session already stored) until its first rows are visible,
// compressed as the browser asks and uncompressed (Accept-Encoding: identity) as the baseline, and unthrottled
// (what the CPU alone costs on this machine).
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../server/modules/users/users.demo';
import { launchChromium } from '../tests/e2e/chromium';
import { startBenchServer } from './benchServer';
import { onCleanup, runBench } from './harness/cleanup';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const LINK = { offline: false, latency: 150, downloadThroughput: 200_000, uploadThroughput: 93_750 };
const STAFF = 'admin@example.com';
const FIRST_ROW = '[data-testid="entity-row"], [data-testid="entity-card"]';

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;
interface Variant {
  name: string;
  headers: Record<string, string>;
  throttled: boolean;
}
interface Screen {
  name: string;
  path: string;
  goalMs: number;
  signedIn: boolean;
  ready: (page: Page) => Promise<void>;
}

const variants: Variant[] = [
  { name: 'compressed (browser default Accept-Encoding)', headers: {}, throttled: true },
  { name: 'uncompressed (Accept-Encoding: identity)', headers: { 'Accept-Encoding': 'identity' }, throttled: true },
  // What this machine's CPU alone costs (parsing, rendering, the server): the floor under the throttled figures.
  { name: 'compressed, no throttling (CPU floor)', headers: {}, throttled: false },
];
const screens: Screen[] = [
  {
    name: '/sign-in form visible',
    path: '/sign-in',
    goalMs: 1500,
    signedIn: false,
    ready: (page) => page.locator('input[name="password"]').waitFor({ state: 'visible', timeout: 60_000 }),
  },
  {
    // The form above shows from the prerendered HTML; this is when the app has run and taken it over.
    name: '/sign-in app ready (took over)',
    path: '/sign-in',
    goalMs: 1500,
    signedIn: false,
    ready: (page) => page.locator('#prerendered-sign-in').waitFor({ state: 'detached', timeout: 60_000 }),
  },
  {
    name: '/partners rows visible',
    path: '/partners',
    goalMs: 3000,
    signedIn: true,
    ready: (page) => page.locator(FIRST_ROW).first().waitFor({ state: 'visible', timeout: 60_000 }),
  },
];

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** admin@example.com's stored session (localStorage), taken by signing in once on an unthrottled page. */
async function staffSession(browser: Browser, url: string): Promise<StorageState> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${url}/sign-in`);
  await page.fill('input[name="email"]', STAFF);
  await page.fill('input[name="password"]', DEMO_PASSWORD);
  await page.click('button[type="submit"]');
  await page.waitForURL(`${url}/`);
  const state = await context.storageState();
  await context.close();
  return state;
}

/** One cold load of a screen on the throttled link: milliseconds until it is ready, and the bytes the page received. */
async function coldLoad(browser: Browser, url: string, screen: Screen, variant: Variant, session: StorageState) {
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    storageState: screen.signedIn ? session : undefined,
    extraHTTPHeaders: variant.headers,
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    if (variant.throttled) await cdp.send('Network.emulateNetworkConditions', LINK);
    let received = 0;
    cdp.on('Network.loadingFinished', (event) => (received += event.encodedDataLength));
    const encodings = new Set<string>();
    page.on('response', (response) => {
      if (/\.(js|css)$/.test(new URL(response.url()).pathname)) encodings.add(response.headers()['content-encoding'] ?? 'identity');
    });
    const started = performance.now();
    await page.goto(url + screen.path, { waitUntil: 'commit' });
    await screen.ready(page);
    const ms = performance.now() - started;
    return { ms, received, encodings: [...encodings].sort().join('+') || '—' };
  } finally {
    await context.close();
  }
}

await runBench(async () => {
  const server = await startBenchServer('slowlink', { staticDir: path.resolve('dist') });
  const browser = await launchChromium();
  onCleanup('Chromium', () => browser.close());
  const session = await staffSession(browser, server.url);
  console.log(`Load average ${os.loadavg()[0].toFixed(1)} on ${os.availableParallelism()} CPUs: the timings include waiting for them.`);
  console.log(
    `Chromium on a ${(LINK.downloadThroughput * 8) / 1e6} Mbps down / ${(LINK.uploadThroughput * 8) / 1e3} kbps up, ${LINK.latency} ms link; cold cache; ${ROUNDS} rounds each\n`,
  );
  const rows: string[][] = [['screen', 'served', 'median', 'max', 'goal', 'met', 'received', 'JS/CSS encoding']];
  for (const screen of screens) {
    for (const variant of variants) {
      const loads = [];
      for (let round = 0; round < ROUNDS; round++) loads.push(await coldLoad(browser, server.url, screen, variant, session));
      const times = loads.map((load) => load.ms);
      const mid = median(times);
      rows.push([
        screen.name,
        variant.name,
        `${(mid / 1000).toFixed(2)} s`,
        `${(Math.max(...times) / 1000).toFixed(2)} s`,
        variant.throttled ? `< ${(screen.goalMs / 1000).toFixed(1)} s` : '—',
        !variant.throttled ? '—' : mid < screen.goalMs ? 'yes' : 'NO',
        `${(median(loads.map((load) => load.received)) / 1000).toFixed(0)} KB`,
        [...new Set(loads.map((load) => load.encodings))].join(', '),
      ]);
    }
  }
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  for (const row of rows) console.log(row.map((cell, column) => cell.padEnd(widths[column])).join('  '));
});
