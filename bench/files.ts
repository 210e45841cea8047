// npm run bench:files: the compiled server in a child process (bench/harness; on the default engine, which it checks; demo seed), so its
// memory is its own. A 10 MB file uploaded by staff and granted to Acme; 200 concurrent downloads through signed links
// minted as partner@acme.example against 200 concurrent downloads of the same bytes served by @fastify/static from a
// bare Fastify (another child), in alternating rounds: median throughput of each and their ratio (goal ≥ 0.8). The
// server's RSS is sampled from /proc every 50 ms: before, peak and after the signed downloads (streamed: flat), and the
// increase while a 50 MB file is uploaded (goal < 10 MB).
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import readline from 'node:readline';
import type { Envelope, PagedResult } from '../contract/envelope';
import type { FileGrantDto, FileLinkDto, FileLinkViewDto, ManagedFileDto } from '../contract/files';
import { TENANT_HEADER, TENANT_ROOT } from '../contract/http';
import type { TokenResponse } from '../contract/tokens';
import { DEMO_PASSWORD } from '../server/modules/users/users.demo';
import { benchFolder, expectedEngine } from './engine';
import { onCleanup, runBench } from './harness/cleanup';
import { startServerProcess, trackChild } from './harness/serverProcess';

const STATIC_SERVER_FLAG = '--static-server';
const root = path.resolve(import.meta.dirname, '..');
const MB = 1024 * 1024;
const FILE_BYTES = 10 * MB;
const BIG_FILE_BYTES = 50 * MB;
const CONCURRENT = Number(process.env.BENCH_CONCURRENT ?? 200);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WARMUP_DOWNLOADS = 20;
const SAMPLE_MS = 50;

/** The comparison: a bare Fastify serving one folder with @fastify/static; says its port on stdout. */
async function serveStatic(dir: string) {
  const { default: Fastify } = await import('fastify');
  const { default: fastifyStatic } = await import('@fastify/static');
  const app = Fastify({ logger: false });
  await app.register(fastifyStatic, { root: dir });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }));
}

async function bench() {
  // PostgreSQL's user reaches DATA_DIR in it (a root runner's 0700 folder sent the server to PGlite, unsaid).
  const work = benchFolder('pp-bench-files-');
  const staticDir = path.join(work, 'static');
  fs.mkdirSync(staticDir);
  // A PDF by its first bytes (types are told by content), random after them: nothing on the way can compress it.
  const bytes = Buffer.concat([Buffer.from('%PDF-1.7\n'), crypto.randomBytes(FILE_BYTES - 9)]);
  fs.writeFileSync(path.join(staticDir, 'bench-10mb.pdf'), bytes);

  onCleanup(`folder ${work}`, () => fs.rmSync(work, { recursive: true, force: true }));
  const server = await startServerProcess({ label: 'files', env: { STATIC_DIR: path.join(work, 'no-dist'), RATE_TOKEN_PER_MINUTE: '10000' } });
  const base = server.url;
  const rss = watchRss(server.pid!);

  const staticServer = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'bench', 'files.ts'), STATIC_SERVER_FLAG, staticDir], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  trackChild('the static server', staticServer);
  const staticPort = await firstLine(staticServer).then((line) => (JSON.parse(line) as { port: number }).port);
  const staticUrl = `http://127.0.0.1:${staticPort}/bench-10mb.pdf`;

  const admin = await signIn(base, 'admin@example.com');
  const partner = await signIn(base, 'partner@acme.example');
  const api = apiOf(base);

  const [file] = await upload(base, admin, 'bench-10mb.pdf', bytes);
  if (file.size !== FILE_BYTES || file.contentType !== 'application/pdf') throw new Error(`the upload came back as ${JSON.stringify(file)}`);

  // 50 MB uploaded while the server is otherwise idle: how much its RSS grows while the file streams to the store.
  const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), crypto.randomBytes(BIG_FILE_BYTES - 9)]);
  await settle();
  const beforeUpload = rss.reset();
  const uploadStarted = performance.now();
  const [bigFile] = await upload(base, admin, 'bench-50mb.pdf', big);
  const uploadMs = performance.now() - uploadStarted;
  const uploadPeak = rss.peak;
  if (bigFile.size !== BIG_FILE_BYTES) throw new Error(`the 50 MB upload came back as ${bigFile.size} bytes`);

  const acme = (
    await api<PagedResult<{ id: string; name: string }>>('POST', '/api/v1/partners/search', admin, {
      pageNumber: 1,
      pageSize: 10,
      advancedSearch: { keyword: 'Acme Logistics' },
    })
  ).items.find((p) => p.name === 'Acme Logistics');
  if (!acme) throw new Error('no Acme Logistics in the demo data');
  const now = Date.now();
  await api<FileGrantDto>('POST', '/api/v1/file-grants', admin, {
    fileId: file.id,
    conditionType: 'partner',
    targetId: acme.id,
    from: new Date(now - 60_000).toISOString(),
    to: new Date(now + 24 * 3600_000).toISOString(),
    note: 'bench:files',
    downloadLimit: null,
    viewOnly: false,
  });

  /** Download addresses of `count` fresh openings, as the partner's file page gets them: mint, then view. */
  const mintLinks = async (count: number) => {
    const urls: string[] = [];
    await inBatches(count, 8, async () => {
      const link = await api<FileLinkDto>('POST', `/api/v1/files/${file.id}/links`, partner);
      const view = await api<FileLinkViewDto>('GET', `/api/v1/file-links/view?token=${encodeURIComponent(link.token)}`, partner);
      if (!view.downloadUrl) throw new Error('the link offers no download');
      urls.push(new URL(view.downloadUrl, base).toString());
    });
    return urls;
  };

  // Warm-up of both (not timed): the first requests compile the code paths.
  await downloadAll(
    Array.from({ length: WARMUP_DOWNLOADS }, () => staticUrl),
    FILE_BYTES,
  );
  await downloadAll(await mintLinks(WARMUP_DOWNLOADS), FILE_BYTES);

  // Alternating rounds, each signed round through 200 fresh openings (every download counted, as a partner's is).
  const staticRates: number[] = [];
  const signedRates: number[] = [];
  let signedPeak = 0;
  let mintMs = 0;
  await settle();
  const beforeDownloads = rss.reset();
  for (let round = 0; round < ROUNDS; round++) {
    const minted = performance.now();
    const links = await mintLinks(CONCURRENT);
    mintMs += performance.now() - minted;
    const runStatic = async () =>
      staticRates.push(
        await downloadAll(
          Array.from({ length: CONCURRENT }, () => staticUrl),
          FILE_BYTES,
        ),
      );
    const runSigned = async () => {
      rss.reset();
      signedRates.push(await downloadAll(links, FILE_BYTES));
      signedPeak = Math.max(signedPeak, rss.peak);
    };
    if (round % 2 === 0) {
      await runStatic();
      await runSigned();
    } else {
      await runSigned();
      await runStatic();
    }
  }
  const afterDownloads = rss.current();
  await settle();
  const settled = rss.current();

  const counted = await api<ManagedFileDto>('GET', `/api/v1/files/${file.id}`, admin);
  const expectedCount = WARMUP_DOWNLOADS + ROUNDS * CONCURRENT;
  rss.stop();

  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const ratio = median(signedRates) / median(staticRates);
  const increase = (uploadPeak - beforeUpload) / MB;
  const fmt = (n: number) => n.toFixed(0).padStart(6);
  const mb = (n: number) => `${(n / MB).toFixed(1)} MB`;
  console.log(
    `\nbench:files (${expectedEngine()}): ${CONCURRENT} concurrent downloads of a ${FILE_BYTES / MB} MB file, ${ROUNDS} alternating rounds (MB/s, MB = 2^20 bytes)`,
  );
  console.log(`signed links (counted)  | rounds ${signedRates.map(fmt).join(' ')} | median ${fmt(median(signedRates))}`);
  console.log(`@fastify/static         | rounds ${staticRates.map(fmt).join(' ')} | median ${fmt(median(staticRates))}`);
  console.log(`ratio signed / static: ${ratio.toFixed(2)} (goal ≥ 0.80): ${ratio >= 0.8 ? 'met' : 'NOT met'}`);
  console.log(`minting and viewing ${CONCURRENT} links (untimed part of a round): ${(mintMs / ROUNDS / 1000).toFixed(1)} s per round`);
  console.log(
    `server RSS: ${mb(beforeDownloads)} before the downloads, peak ${mb(signedPeak)} during them (+${mb(signedPeak - beforeDownloads)} ` +
      `while ${((ROUNDS * CONCURRENT * FILE_BYTES) / 1024 ** 3).toFixed(1)} GB went out), ${mb(afterDownloads)} right after, ${mb(settled)} a second later`,
  );
  console.log(`file's download count ${counted.downloadCount} (expected ${expectedCount}): ${counted.downloadCount === expectedCount ? 'exact' : 'NOT exact'}`);
  console.log(
    `50 MB upload in ${(uploadMs / 1000).toFixed(2)} s: server RSS ${mb(beforeUpload)} before, peak ${mb(uploadPeak)}, +${increase.toFixed(1)} MB (goal < 10 MB): ${increase < 10 ? 'met' : 'NOT met'}`,
  );
}

/** RSS of a process, read from /proc every 50 ms: the current value and the peak since the last reset. */
function watchRss(pid: number) {
  const read = () => {
    const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  };
  let peak = read();
  const timer = setInterval(() => (peak = Math.max(peak, read())), SAMPLE_MS);
  return {
    current: read,
    get peak() {
      return Math.max(peak, read());
    },
    /** Starts a new peak; the value now. */
    reset() {
      peak = read();
      return peak;
    },
    stop: () => clearInterval(timer),
  };
}

/** All downloads at once, each read to its end and counted; throughput in MB/s. A short or failed one ends the bench. */
async function downloadAll(urls: string[], expectedBytes: number) {
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const started = performance.now();
  await Promise.all(
    urls.map(
      (url) =>
        new Promise<void>((resolve, reject) => {
          http
            .get(url, { agent }, (response) => {
              let received = 0;
              response.on('data', (chunk: Buffer) => (received += chunk.length));
              response.on('end', () =>
                response.statusCode === 200 && received === expectedBytes
                  ? resolve()
                  : reject(new Error(`download of ${url.slice(0, 80)}…: ${response.statusCode}, ${received} bytes`)),
              );
              response.on('error', reject);
            })
            .on('error', reject);
        }),
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return (urls.length * expectedBytes) / MB / seconds;
}

function apiOf(base: string) {
  return async <T>(method: string, urlPath: string, who: TokenResponse, body?: unknown): Promise<T> => {
    const response = await fetch(base + urlPath, {
      method,
      headers: { authorization: `Bearer ${who.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (response.status >= 300) throw new Error(`${method} ${urlPath}: ${response.status} ${text.slice(0, 500)}`);
    return (JSON.parse(text) as Envelope<T>).data as T;
  };
}

async function signIn(base: string, email: string): Promise<TokenResponse> {
  const response = await fetch(`${base}/api/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [TENANT_HEADER]: TENANT_ROOT },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`sign-in of ${email}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as Envelope<TokenResponse>).data!;
}

async function upload(base: string, who: TokenResponse, fileName: string, content: Buffer): Promise<ManagedFileDto[]> {
  const form = new FormData();
  form.append('files', new Blob([new Uint8Array(content)], { type: 'application/pdf' }), fileName);
  const response = await fetch(`${base}/api/v1/files`, { method: 'POST', headers: { authorization: `Bearer ${who.token}` }, body: form });
  const text = await response.text();
  if (response.status !== 201) throw new Error(`upload of ${fileName}: ${response.status} ${text.slice(0, 500)}`);
  return (JSON.parse(text) as Envelope<ManagedFileDto[]>).data!;
}

/** Runs `task` `count` times, `width` at a time. */
async function inBatches(count: number, width: number, task: () => Promise<void>) {
  let started = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (started < count) {
        started++;
        await task();
      }
    }),
  );
}

function firstLine(child: ChildProcess) {
  return new Promise<string>((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout! });
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`static server exited with ${code}`)));
  });
}

/** A second for the server to finish what follows its answers (log rows, events) before a memory reading. */
const settle = () => new Promise((r) => setTimeout(r, 1000));

// Last: every function and constant above is defined by the time it runs.
if (process.argv[2] === STATIC_SERVER_FLAG) await serveStatic(process.argv[3]);
else await runBench(bench);
