// What the cluster test checks, and the disruptions bench:cluster measures too. Each check says whether it held
// and what it saw; a disruption returns its figures, which the test judges and the bench prints.
import crypto from 'node:crypto';
import pg from 'pg';
import { restartPostgres, sleep, statusOf, waitFor, type Instance, type Running } from './cluster';
import { call, freshAddress, Listener, postMessage, signIn, type Session, type TransportName } from './portal';

export interface Check {
  name: string;
  ok: boolean;
  detail: string;
  /** Whose work it rests on, named when it fails. */
  needs?: string;
}

export interface Actors {
  admin: Session;
  partner: Session;
  ticketId: string;
}

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** Two sign-ins (the demo's password hashing is slow) and a fresh ticket of the partner's to chat in. */
export async function actors(base: string): Promise<Actors> {
  const [admin, partner] = await Promise.all([signIn(base, 'admin@example.com'), signIn(base, 'partner@acme.example')]);
  const ticket = await call<{ id: string }>(base, '/api/v1/tickets', {
    token: partner.token,
    json: { subject: `Cluster test ${new Date().toISOString()}`, description: 'Chat across instances' },
  });
  if (ticket.status !== 201) throw new Error(`creating a ticket: ${ticket.status} ${ticket.body.toString().slice(0, 200)}`);
  return { admin, partner, ticketId: ticket.data.id };
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 160);

/** The official client, started and joined through the balancer `tries` times in a row, each hearing a message posted after. */
export async function transportCheck(running: Running, who: Actors, transport: TransportName, tries = 4): Promise<Check> {
  const base = running.balancer.url;
  let started = 0;
  let heard = 0;
  const errors: string[] = [];
  for (let i = 0; i < tries; i++) {
    const listener = new Listener(base, transport, who.partner, who.ticketId);
    try {
      await listener.start();
      started++;
      const posted = await postMessage(base, who.admin, who.ticketId, `${transport} ${i}`);
      if (posted.status !== 201) throw new Error(`post answered ${posted.status}`);
      if (await listener.hears(posted.data.id, 5000)) heard++;
      else errors.push('message not heard within 5 s');
    } catch (error) {
      errors.push(errorText(error));
    } finally {
      await listener.stop();
    }
  }
  return {
    name: `hub: official client live through nginx on ${transport}`,
    ok: started === tries && heard === tries,
    detail: `${started}/${tries} started, ${heard}/${tries} heard a message${errors.length ? `; ${[...new Set(errors)].join('; ')}` : ''}`,
    needs: 'hub (connection token any instance accepts)',
  };
}

/** A chat message posted on one instance, heard by a client connected straight to the other, both ways. */
export async function chatAcrossCheck(running: Running, who: Actors): Promise<Check> {
  const [a, b] = running.cluster.instances;
  const results: string[] = [];
  let ok = true;
  for (const [from, to] of [
    [a, b],
    [b, a],
  ] as const) {
    const listener = new Listener(to.url, 'WebSockets', who.partner, who.ticketId);
    try {
      await listener.start();
      const posted = await postMessage(from.url, who.admin, who.ticketId, `from ${from.name} to ${to.name}`);
      const heard = posted.status === 201 && (await listener.hears(posted.data.id, 5000));
      ok &&= heard;
      results.push(`${from.name}→${to.name} ${heard ? 'heard' : `not heard (post ${posted.status})`}`);
    } catch (error) {
      ok = false;
      results.push(`${from.name}→${to.name} ${errorText(error)}`);
    } finally {
      await listener.stop();
    }
  }
  return { name: 'chat: a message posted on A heard by a client on B (and back)', ok, detail: results.join(', '), needs: 'events (backplane)' };
}

function fileForm(fields: Record<string, string>, name: string, bytes: Buffer, type = 'image/png') {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append(name === 'file' ? 'file' : 'files', new Blob([new Uint8Array(bytes)], { type }), name === 'file' ? 'answer.png' : name);
  return form;
}

/** A file uploaded on A, read back through nginx and straight from B, byte for byte. */
async function fileKind(running: Running, kind: string, upload: () => Promise<{ path: string; token?: string } | string>): Promise<Check> {
  const [, b] = running.cluster.instances;
  const name = `files: ${kind} uploaded on A, downloaded through nginx and on B`;
  const needs = 'files (FILE_STORE=s3)';
  try {
    const uploaded = await upload();
    if (typeof uploaded === 'string') return { name, ok: false, detail: uploaded, needs };
    const reads = await Promise.all(
      [running.balancer.url, b.url].map(async (base) => {
        const answer = await call(base, uploaded.path, { token: uploaded.token });
        return answer.status === 200 && answer.body.equals(PNG) ? 'same bytes' : `${answer.status}`;
      }),
    );
    return { name, ok: reads.every((r) => r === 'same bytes'), detail: `nginx: ${reads[0]}, B: ${reads[1]}`, needs };
  } catch (error) {
    return { name, ok: false, detail: errorText(error), needs };
  }
}

export async function fileChecks(running: Running, who: Actors): Promise<Check[]> {
  const [a, b] = running.cluster.instances;
  const checks: Check[] = [];
  checks.push(
    await fileKind(running, 'file manager', async () => {
      const answer = await call<{ id: string }[]>(a.url, '/api/v1/files', { token: who.admin.token, form: fileForm({}, 'cluster.png', PNG) });
      if (answer.status !== 201) return `upload on A: ${answer.status} ${answer.body.toString().slice(0, 160)}`;
      return { path: `/api/v1/files/${answer.data[0].id}/content`, token: who.admin.token };
    }),
  );
  checks.push(
    await fileKind(running, 'ticket attachment', async () => {
      const answer = await call<{ attachments: { id: string }[] }>(a.url, `/api/v1/tickets/${who.ticketId}/messages`, {
        token: who.partner.token,
        form: fileForm({ body: 'An attachment' }, 'attachment.png', PNG),
      });
      if (answer.status !== 201 || !answer.data.attachments?.[0]) return `upload on A: ${answer.status} ${answer.body.toString().slice(0, 160)}`;
      return { path: `/api/v1/tickets/${who.ticketId}/attachments/${answer.data.attachments[0].id}`, token: who.partner.token };
    }),
  );
  checks.push(
    await fileKind(running, 'avatar', async () => {
      const answer = await call<{ imageUrl?: string }>(a.url, '/api/v1/users/profile', {
        method: 'PUT',
        token: who.partner.token,
        json: {
          firstName: 'Bình',
          lastName: 'Trần',
          phoneNumber: null,
          image: { name: 'avatar.png', extension: 'png', data: `data:image/png;base64,${PNG.toString('base64')}` },
        },
      });
      if (answer.status !== 200 || !answer.data.imageUrl) return `upload on A: ${answer.status} ${answer.body.toString().slice(0, 160)}`;
      return { path: new URL(answer.data.imageUrl, 'http://x').pathname };
    }),
  );
  checks.push(
    await fileKind(running, 'form answer', async () => {
      const forms = await call<{ items: { id: string }[] }>(a.url, '/api/v1/partner-forms/search', {
        token: who.partner.token,
        json: { pageNumber: 1, pageSize: 10, status: 'OPEN' },
      });
      const form = forms.data?.items?.[0];
      if (!form) return `no OPEN partner form of the demo partner (${forms.status})`;
      const answer = await call<{ id: string }>(a.url, `/api/v1/partner-forms/${form.id}/files`, {
        token: who.partner.token,
        form: fileForm({ questionKey: 'bankLetter' }, 'file', PNG),
      });
      if (answer.status !== 201) return `upload on A: ${answer.status} ${answer.body.toString().slice(0, 160)}`;
      return { path: `/api/v1/partner-forms/${form.id}/files/${answer.data.id}`, token: who.partner.token };
    }),
  );
  // The demo seed ran on one instance: its bytes must be readable on every one.
  try {
    const seeded = await call<{ items: { id: string; name?: string }[] }>(a.url, '/api/v1/files/search', {
      token: who.admin.token,
      json: { pageNumber: 1, pageSize: 100, orderBy: ['createdAt asc'] },
    });
    const file = seeded.data?.items?.find((f) => f.name !== 'cluster.png');
    const reads = file
      ? await Promise.all(
          [a, b].map(async (instance) => {
            const answer = await call(instance.url, `/api/v1/files/${file.id}/content`, { token: who.admin.token });
            return answer.status === 200 && answer.body.length > 0 ? answer.body.toString('base64') : `${instance.name}: ${answer.status}`;
          }),
        )
      : [];
    const ok = reads.length === 2 && reads[0] === reads[1] && !reads[0].includes(':');
    checks.push({
      name: "files: the demo seed's files readable on every instance",
      ok,
      detail: file
        ? ok
          ? 'same bytes on A and B'
          : reads.filter((r) => r.includes(':')).join(', ') || 'different bytes'
        : `no seeded file (${seeded.status})`,
      needs: 'files (FILE_STORE=s3)',
    });
  } catch (error) {
    checks.push({ name: "files: the demo seed's files readable on every instance", ok: false, detail: errorText(error), needs: 'files (FILE_STORE=s3)' });
  }
  return checks;
}

/** `count` calls from one client address through nginx (round robin over the instances): how many were let through. */
async function budget(base: string, path: string, count: number, from: string, json: unknown) {
  let allowed = 0;
  for (let i = 0; i < count; i++) {
    const answer = await call(base, path, { json, from });
    if (answer.status !== 429) allowed++;
  }
  return allowed;
}

export async function limitChecks(running: Running, limits: { tokenPerMinute: number; forgotPasswordPerHour: number }): Promise<Check[]> {
  const base = running.balancer.url;
  const instances = running.cluster.instances.length;
  const checks: Check[] = [];
  const spender = freshAddress();
  const tries = limits.tokenPerMinute + 10;
  const allowed = await budget(base, '/api/token/refresh', tries, spender, {});
  checks.push({
    name: `limits: the token limit counted once across ${instances} instances`,
    ok: allowed === limits.tokenPerMinute,
    detail: `${allowed} of ${tries} calls from one address let through (limit ${limits.tokenPerMinute} a minute${
      allowed > limits.tokenPerMinute ? '; counted per instance' : ''
    })`,
    needs: 'limits (shared counters)',
  });
  // Spend one address's budget for good (however it is counted), then ask from another: only a believed
  // X-Forwarded-For tells them apart; without it every client is the balancer's one address.
  let spent = false;
  for (let i = 0; i < limits.tokenPerMinute * instances + 5 && !spent; i++) {
    spent = (await call(base, '/api/token/refresh', { json: {}, from: spender })).status === 429;
  }
  const other = spent ? await call(base, '/api/token/refresh', { json: {}, from: freshAddress() }) : undefined;
  checks.push({
    name: 'limits: another client address behind nginx has its own budget (TRUST_PROXY)',
    ok: spent && other?.status !== 429,
    detail: !spent
      ? 'the first address was never refused (no limit?)'
      : `first address refused (429); a call from a second X-Forwarded-For address answered ${other?.status}${
          other?.status === 429 ? ' (every client shares the balancer’s bucket)' : ''
        }`,
    needs: 'limits (TRUST_PROXY)',
  });
  const forgotTries = limits.forgotPasswordPerHour + 1;
  const forgotAllowed = await budget(base, '/api/v1/users/forgot-password', forgotTries, freshAddress(), {
    email: `nobody-${crypto.randomBytes(4).toString('hex')}@example.com`,
  });
  checks.push({
    name: 'limits: the forgot-password limit counted once across instances',
    ok: forgotAllowed === limits.forgotPasswordPerHour,
    detail: `${forgotAllowed} of ${forgotTries} calls let through (limit ${limits.forgotPasswordPerHour} an hour)`,
    needs: 'limits (shared counters)',
  });
  return checks;
}

/** A staff download through nginx from a given client address: the file access log must name that address. */
export async function accessLogCheck(running: Running, who: Actors): Promise<Check> {
  const name = "limits: the file access log records the client's address, not the balancer's (TRUST_PROXY)";
  const needs = 'limits (TRUST_PROXY)';
  try {
    const files = await call<{ items: { id: string }[] }>(running.balancer.url, '/api/v1/files/search', {
      token: who.admin.token,
      json: { pageNumber: 1, pageSize: 1 },
    });
    const file = files.data?.items?.[0];
    if (!file) return { name, ok: false, detail: `no managed file to download (${files.status})`, needs };
    const from = '203.0.113.77';
    const download = await call(running.balancer.url, `/api/v1/files/${file.id}/content`, { token: who.admin.token, from });
    const client = new pg.Client({ connectionString: running.database.url });
    await client.connect();
    try {
      const address = await waitFor('the access log row', 3000, async () => {
        const { rows } = await client.query<{ address: string }>('select address from file_access_log where file_id = $1 order by id desc limit 1', [file.id]);
        return rows[0]?.address;
      }).catch(() => undefined);
      return {
        name,
        ok: address === from,
        detail: `download through nginx answered ${download.status}; logged address ${address === undefined ? 'none' : `"${address}"`}, sent as ${from}`,
        needs,
      };
    } finally {
      await client.end();
    }
  } catch (error) {
    return { name, ok: false, detail: errorText(error), needs };
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Load, and the two disruptions

interface Sent {
  startedAt: number;
  status: number;
  id?: string;
}

export interface Load {
  writes: Sent[];
  reads: { status: number }[];
  stop(): Promise<void>;
}

/** Writers posting chat messages (each with its Idempotency-Key) and readers, through `base`, until stopped. */
export function startLoad(base: string, who: Actors, options: { writers?: number; readers?: number; pauseMs?: number } = {}): Load {
  let running = true;
  const writes: Sent[] = [];
  const reads: { status: number }[] = [];
  const pause = options.pauseMs ?? 10;
  const writer = async (n: number) => {
    for (let i = 0; running; i++) {
      const sent: Sent = { startedAt: performance.now(), status: 0 };
      writes.push(sent);
      try {
        const answer = await postMessage(base, who.admin, who.ticketId, `load ${n}.${i}`, crypto.randomUUID());
        sent.status = answer.status;
        if (answer.status === 201) sent.id = answer.data.id;
      } catch {
        sent.status = 0;
      }
      await sleep(pause);
    }
  };
  const paths = [`/api/v1/tickets/${who.ticketId}`, '/api/v1/users/profile', '/api/v1/users/permissions', '/api/v1/dashboard'];
  const reader = async (n: number) => {
    for (let i = n; running; i++) {
      try {
        reads.push({ status: (await call(base, paths[i % paths.length], { token: who.partner.token })).status });
      } catch {
        reads.push({ status: 0 });
      }
      await sleep(pause);
    }
  };
  const loops = [...Array.from({ length: options.writers ?? 3 }, (_, n) => writer(n)), ...Array.from({ length: options.readers ?? 2 }, (_, n) => reader(n))];
  return {
    writes,
    reads,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

/** Ids of the ticket's messages as stored. */
async function storedMessageIds(databaseUrl: string, ticketId: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>('select id from ticket_messages where ticket_id = $1', [ticketId]);
    return new Set(rows.map((r) => r.id));
  } finally {
    await client.end();
  }
}

const countBy = (statuses: number[]) =>
  Object.entries(
    statuses.reduce<Record<string, number>>(
      (counts, status) => (
        (counts[status === 0 ? 'network error' : String(status)] = (counts[status === 0 ? 'network error' : String(status)] ?? 0) + 1),
        counts
      ),
      {},
    ),
  )
    .map(([status, count]) => `${count}×${status}`)
    .join(', ');

export interface DisruptionFigures {
  requests: number;
  /** Answers that were not 2xx/4xx (and network errors). */
  failed: number;
  failures: string;
  acknowledged: number;
  /** Acknowledged writes not stored afterwards. */
  lost: number;
  clients: number;
  /** Clients whose connection dropped, and of those, how many were back (connected and joined) at the end. */
  dropped: number;
  back: number;
  /** From the disruption until the last dropped client was back, or until every instance answered ready again. */
  recoveryMs: number;
  /** (client, acknowledged message) pairs neither heard live nor followed by a Resync on that client. */
  missedLive: number;
  /** Of those heard or not, how many were covered by a Resync rather than heard. */
  coveredByResync: number;
  /** 5xx other than 503 (the database is unavailable, try again). */
  serverErrors: number;
  exits: string[];
  notes: string[];
  /** PostgreSQL restart: clients that got a Resync after it, and instances whose /api/ready said 503 meanwhile. */
  resynced?: number;
  notReady?: number;
  /** What each instance's /api/ready answered during the restart. */
  readySaid?: string[];
  /** The instances the disruption was measured on. */
  instances: number;
}

function judgeDeliveries(listeners: Listener[], writes: Sent[]) {
  let missedLive = 0;
  let coveredByResync = 0;
  for (const listener of listeners) {
    for (const write of writes) {
      if (write.status !== 201 || !write.id || listener.heard.has(write.id)) continue;
      if (listener.resyncs.some((at) => at >= write.startedAt)) coveredByResync++;
      else missedLive++;
    }
  }
  return { missedLive, coveredByResync };
}

function summarize(load: Load, listeners: Listener[]) {
  const statuses = [...load.writes.map((w) => w.status), ...load.reads.map((r) => r.status)];
  const bad = statuses.filter((s) => s === 0 || s >= 500);
  return {
    requests: statuses.length,
    failed: bad.length,
    failures: countBy(bad),
    acknowledged: load.writes.filter((w) => w.status === 201).length,
    serverErrors: statuses.filter((s) => s >= 500 && s !== 503).length,
    ...judgeDeliveries(listeners, load.writes),
  };
}

/** Waits until every listener heard a message posted now (the last word after a disruption). */
async function lastWord(base: string, who: Actors, listeners: Listener[]) {
  const posted = await postMessage(base, who.admin, who.ticketId, 'after the disruption');
  if (posted.status !== 201) return 0;
  const heard = await Promise.all(listeners.map((l) => l.hears(posted.data.id, 5000)));
  return heard.filter(Boolean).length;
}

/**
 * kill -9 of `victim` under load through nginx, with WebSocket clients spread over the instances by round robin
 * (they reconnect as the app does, fast). Then the victim is started again.
 */
export async function killUnderLoad(
  running: Running,
  who: Actors,
  victim: Instance,
  options: { clients?: number; loadMs?: number } = {},
): Promise<DisruptionFigures> {
  const base = running.balancer.url;
  const listeners = Array.from({ length: options.clients ?? 6 }, () => new Listener(base, 'WebSockets', who.partner, who.ticketId, [0, 500, 1000, 2000, 5000]));
  await Promise.all(listeners.map((l) => l.start()));
  const load = startLoad(base, who);
  await sleep(1500);
  const killedAt = performance.now();
  running.cluster.kill9(victim);
  await sleep(options.loadMs ?? 4000);
  await load.stop();
  const dropped = listeners.filter((l) => l.dropped.length > 0);
  await waitFor('dropped clients back', 20_000, () => dropped.every((l) => l.reconnected.length > 0 && l.connected)).catch(() => {});
  const back = dropped.filter((l) => l.reconnected.length > 0 && l.connected);
  // Joined again on their new instance: they hear what is said now.
  await sleep(300);
  const hearing = await lastWord(base, who, listeners);
  const stored = await storedMessageIds(running.database.url, who.ticketId);
  const acknowledged = load.writes.filter((w) => w.status === 201 && w.id);
  const figures: DisruptionFigures = {
    ...summarize(load, listeners),
    lost: acknowledged.filter((w) => !stored.has(w.id!)).length,
    clients: listeners.length,
    dropped: dropped.length,
    back: back.length,
    recoveryMs: back.length ? Math.max(...back.map((l) => l.reconnected[0] - killedAt)) : 0,
    exits: running.cluster.instances.flatMap((i) => i.unexpectedExits),
    notes: [`${hearing}/${listeners.length} clients heard a message posted after`],
    instances: running.cluster.instances.length,
  };
  await Promise.all(listeners.map((l) => l.stop()));
  // Back in service for what follows.
  await running.cluster.start(victim);
  await running.cluster.ready();
  return figures;
}

export interface DrainFigures extends DisruptionFigures {
  exitCode: number | null;
  stopMs: number;
}

/**
 * A rolling restart of one instance under load through nginx: SIGTERM (it drains), then started again while the
 * load goes on. Nothing may fail; its hub clients come back on the other instance.
 */
export async function drainUnderLoad(running: Running, who: Actors, victim: Instance, options: { clients?: number } = {}): Promise<DrainFigures> {
  const base = running.balancer.url;
  const listeners = Array.from({ length: options.clients ?? 6 }, () => new Listener(base, 'WebSockets', who.partner, who.ticketId, [0, 500, 1000, 2000, 5000]));
  await Promise.all(listeners.map((l) => l.start()));
  const load = startLoad(base, who);
  await sleep(1500);
  const stoppedAt = performance.now();
  const { code, ms } = await running.cluster.terminate(victim);
  await sleep(1000);
  await running.cluster.start(victim);
  await running.cluster.ready();
  await sleep(1000);
  await load.stop();
  const dropped = listeners.filter((l) => l.dropped.length > 0);
  await waitFor('dropped clients back', 20_000, () => dropped.every((l) => l.reconnected.length > 0 && l.connected)).catch(() => {});
  const back = dropped.filter((l) => l.reconnected.length > 0 && l.connected);
  await sleep(300);
  const hearing = await lastWord(base, who, listeners);
  const stored = await storedMessageIds(running.database.url, who.ticketId);
  const acknowledged = load.writes.filter((w) => w.status === 201 && w.id);
  const figures: DrainFigures = {
    ...summarize(load, listeners),
    lost: acknowledged.filter((w) => !stored.has(w.id!)).length,
    clients: listeners.length,
    dropped: dropped.length,
    back: back.length,
    recoveryMs: back.length ? Math.max(...back.map((l) => l.reconnected[0] - stoppedAt)) : 0,
    exits: running.cluster.instances.flatMap((i) => i.unexpectedExits),
    notes: [`${hearing}/${listeners.length} clients heard a message posted after`],
    instances: running.cluster.instances.length,
    exitCode: code,
    stopMs: ms,
  };
  await Promise.all(listeners.map((l) => l.stop()));
  return figures;
}

export function drainChecks(figures: DrainFigures): Check[] {
  const needs = 'drain on SIGTERM';
  return [
    {
      name: 'rolling restart under load: SIGTERM drains and exits 0',
      ok: figures.exitCode === 0 && figures.stopMs < 30_000,
      detail: `exit code ${figures.exitCode} after ${Math.round(figures.stopMs)} ms (systemd's TimeoutStopSec is 30 s)`,
      needs,
    },
    {
      name: 'rolling restart under load: no request failed, nothing acknowledged lost',
      ok: figures.failed === 0 && figures.lost === 0 && figures.acknowledged > 0,
      detail: `${figures.failed} of ${figures.requests} failed${figures.failures ? ` (${figures.failures})` : ''}; ${figures.acknowledged} acknowledged, ${figures.lost} lost`,
      needs,
    },
    {
      name: 'rolling restart under load: its hub clients back on the other instance',
      ok: figures.back === figures.dropped && figures.notes[0].startsWith(`${figures.clients}/`),
      detail: `${figures.back}/${figures.dropped} dropped clients back in ${Math.round(figures.recoveryMs)} ms; ${figures.notes.join('; ')}`,
      needs,
    },
  ];
}

/**
 * `pg_ctlcluster … restart` under load through `base`, with WebSocket clients straight on each of `instances`: no
 * instance may exit or answer 500, and each client must hear every acknowledged message or get a Resync after it.
 */
export async function postgresRestartUnderLoad(
  running: Running,
  who: Actors,
  options: { base?: string; instances?: Instance[]; clientsPerInstance?: number } = {},
): Promise<DisruptionFigures> {
  const base = options.base ?? running.balancer.url;
  const instances = options.instances ?? running.cluster.instances;
  const listeners = instances.flatMap((instance) =>
    Array.from({ length: options.clientsPerInstance ?? 2 }, () => new Listener(instance.url, 'WebSockets', who.partner, who.ticketId)),
  );
  await Promise.all(listeners.map((l) => l.start()));
  const load = startLoad(base, who);
  await sleep(1500);
  const restartedAt = performance.now();
  // Each instance's /api/ready, asked every 100 ms from the restart until the end: it must have said 503 meanwhile.
  let polling = true;
  const readyAnswers = instances.map(() => new Set<number | false>());
  const pollers = instances.map(async (instance, index) => {
    while (polling) {
      readyAnswers[index].add(await statusOf(`${instance.url}/api/ready`, 1000));
      await sleep(100);
    }
  });
  const restart = await restartPostgres();
  const notes: string[] = [];
  if (!restart.ok) notes.push(`pg_ctlcluster restart failed: ${restart.output}`);
  let recoveryMs = NaN;
  try {
    await running.cluster.ready(30_000, instances);
    recoveryMs = performance.now() - restartedAt;
  } catch (error) {
    notes.push(errorText(error));
  }
  // A little more load once every instance is back: what is written now must flow as before.
  await sleep(2000);
  await load.stop();
  polling = false;
  await Promise.all(pollers);
  await sleep(1000);
  // Not ready: 503, or no answer within a second (a balancer's probe times out too).
  const notReady = instances.filter((_, index) => readyAnswers[index].has(503) || readyAnswers[index].has(false)).length;
  const readySaid = readyAnswers.map((answers, index) => `${instances[index].name}: ${[...answers].map((a) => (a === false ? 'no answer' : a)).join('/')}`);
  const resynced = listeners.filter((l) => l.resyncs.some((at) => at >= restartedAt)).length;
  const closed = listeners.filter((l) => l.closed !== null).length;
  if (closed) notes.push(`${closed} client connections closed`);
  const hearing = await lastWord(base, who, listeners);
  notes.push(`${hearing}/${listeners.length} clients heard a message posted after`);
  const stored = await storedMessageIds(running.database.url, who.ticketId);
  const acknowledged = load.writes.filter((w) => w.status === 201 && w.id);
  const alive = await Promise.all(instances.map(async (i) => (await statusOf(`${i.url}/api/health`)) === 200));
  const exits = running.cluster.instances.flatMap((i) => i.unexpectedExits);
  instances.forEach((instance, index) => {
    if (!alive[index] && !exits.some((e) => e.startsWith(instance.name))) exits.push(`${instance.name} does not answer /api/health`);
  });
  const figures: DisruptionFigures = {
    ...summarize(load, listeners),
    lost: acknowledged.filter((w) => !stored.has(w.id!)).length,
    clients: listeners.length,
    dropped: closed,
    back: 0,
    recoveryMs,
    exits,
    notes,
    resynced,
    notReady,
    readySaid,
    instances: instances.length,
  };
  await Promise.all(listeners.map((l) => l.stop()));
  return figures;
}

export function killChecks(figures: DisruptionFigures, concurrency: number): Check[] {
  return [
    {
      name: 'kill -9 under load: no acknowledged write lost',
      ok: figures.lost === 0 && figures.acknowledged > 0,
      detail: `${figures.acknowledged} acknowledged, ${figures.lost} lost`,
    },
    {
      name: 'kill -9 under load: only requests in flight failed',
      ok: figures.failed <= concurrency,
      detail: `${figures.failed} of ${figures.requests} failed${figures.failures ? ` (${figures.failures})` : ''}; at most ${concurrency} were in flight`,
    },
    {
      name: 'kill -9 under load: its hub clients back on the other instance',
      ok: figures.dropped > 0 && figures.back === figures.dropped && figures.notes[0].startsWith(`${figures.clients}/`),
      detail: `${figures.back}/${figures.dropped} dropped clients back in ${Math.round(figures.recoveryMs)} ms; ${figures.notes.join('; ')}`,
      needs: 'hub (connection token any instance accepts)',
    },
  ];
}

export function postgresChecks(figures: DisruptionFigures): Check[] {
  const needs = 'database restarts (pool errors, 503, LISTEN, Resync)';
  return [
    {
      name: 'PostgreSQL restart under load: no instance exits',
      ok: figures.exits.length === 0,
      detail: figures.exits.length ? figures.exits.join('; ') : `every instance answered; ready again ${Math.round(figures.recoveryMs)} ms after the restart`,
      needs,
    },
    {
      name: 'PostgreSQL restart under load: no 500 (503 while the database is away)',
      ok: figures.serverErrors === 0 && !Number.isNaN(figures.recoveryMs),
      detail: `${figures.failed} of ${figures.requests} not answered 2xx/4xx${figures.failures ? ` (${figures.failures})` : ''}${
        Number.isNaN(figures.recoveryMs) ? `; ${figures.notes.join('; ')}` : ''
      }`,
      needs,
    },
    {
      name: 'PostgreSQL restart under load: /api/ready 503 until the database and LISTEN are back',
      ok: figures.notReady === figures.instances && !Number.isNaN(figures.recoveryMs),
      detail: `${figures.notReady} of ${figures.instances} instances not ready meanwhile (${figures.readySaid?.join(', ')}); all 200 again after ${Math.round(figures.recoveryMs)} ms`,
      needs,
    },
    {
      name: 'PostgreSQL restart under load: every hub client told to refetch (Resync) once LISTEN is back',
      ok: figures.resynced === figures.clients,
      detail: `${figures.resynced} of ${figures.clients} clients got a Resync`,
      needs,
    },
    {
      name: 'PostgreSQL restart under load: every acknowledged message heard live or followed by a Resync',
      ok: figures.missedLive === 0 && figures.lost === 0 && figures.acknowledged > 0 && figures.dropped === 0,
      detail: `${figures.acknowledged} acknowledged × ${figures.clients} clients: ${figures.missedLive} missed, ${figures.coveredByResync} covered by a Resync, ${figures.lost} not stored; ${figures.notes.join('; ')}`,
      needs,
    },
  ];
}
