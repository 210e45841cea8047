import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ticketAttachments, tickets } from '../../server/db/schema';
import { useDemoServer } from './factories';
import { validationWork } from '../../server/core/validation';
import { largeBodiesOf, largeQueriesOf, requestsFor, type DeclaredSchema, type FuzzRequest, type IdPools, type LargeInput } from './routeFuzzRequests';

/**
 * Every route of the route table, fed arbitrary requests built from the contract's schemas: never a 500,
 * always an envelope whose statusCode is the HTTP status (CSV, files and the hub protocol aside), and a
 * refusal changes nothing in the database. FUZZ_RUNS sets the requests per route and caller (deeper runs),
 * FUZZ_SEED the seed (fixed, so a failure comes back the same).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 10);
const SEED = Number(process.env.FUZZ_SEED ?? 7_2025);

const { server, token, userIds, partnerIds, roleIds } = useDemoServer();
let adminToken: string;
let pools: IdPools;

beforeAll(async () => {
  adminToken = token('admin@example.com');
  const db = server.built.database.db;
  const adminId = userIds['admin@example.com'];
  // The Admin's own account and role are left out, so that the fuzz cannot lock its own caller out.
  pools = {
    partners: Object.values(partnerIds),
    users: Object.values(userIds).filter((id) => id !== adminId),
    roles: Object.entries(roleIds)
      .filter(([name]) => name !== 'Admin')
      .map(([, id]) => id),
    tickets: (await db.select({ id: tickets.id }).from(tickets)).map((t) => t.id),
    attachments: (await db.select({ id: ticketAttachments.id }).from(ticketAttachments)).map((a) => a.id),
  };
});

/** What a route answers when it succeeds: an envelope, or a CSV, a file, the hub protocol, the API document or its page. */
function answerKindOf(url: string): 'envelope' | 'csv' | 'file' | 'hub' | 'document' | 'navigation' | 'page' {
  if (url.startsWith('/api/notifications')) return 'hub';
  // A browser's way through an identity provider: answered with a redirect (to the provider, or back to the app).
  if (/^\/api\/sso\/:providerId\/(start|oidc\/callback|saml\/acs)$/.test(url)) return 'navigation';
  if (url === '/api/docs' || url.startsWith('/api/docs/')) return 'document';
  // A mail's one-click unsubscribe (issue 38): a person's page, its refusals too, in HTML.
  if (/^\/api\/(v1\/)?unsubscribe$/.test(url)) return 'page';
  if (url.endsWith('/export')) return 'csv';
  if (url.includes('/attachments/') || url.includes('/avatars/')) return 'file';
  return 'envelope';
}

/** The distinct API routes: /api/x and /api/v1/x are one handler, fuzzed once (as /api/v1/x). */
function fuzzedRoutes() {
  const seen = new Map<string, { method: string; url: string }>();
  for (const route of server.built.routes) {
    if (!route.url.startsWith('/api/')) continue;
    for (const method of ([] as string[]).concat(route.method)) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      const key = `${method} ${route.url.replace(/^\/api\/v1\//, '/api/')}`;
      if (!seen.has(key) || route.url.startsWith('/api/v1/')) seen.set(key, { method, url: route.url });
    }
  }
  // Deletes go last, so that the routes before them still find the rows they name.
  const deletes = (route: { method: string; url: string }) => route.method === 'DELETE' || route.url.endsWith('/delete');
  return [...seen.values()].sort((a, b) => Number(deletes(a)) - Number(deletes(b)));
}

/** The next transaction id: unchanged means no transaction wrote anything (a cheap first look before the full snapshot). */
async function nextTransactionId() {
  const result = (await server.built.database.db.execute(sql`select pg_snapshot_xmax(pg_current_snapshot())::text as xid`)) as unknown as {
    rows: { xid: string }[];
  };
  return result.rows[0].xid;
}

/** The database as it was before the request, recomputed only when something has written since. */
const baseline = { xid: '', snapshot: '' };
async function freshBaseline() {
  const xid = await nextTransactionId();
  if (xid !== baseline.xid) Object.assign(baseline, { snapshot: await server.snapshot(), xid });
}

/** The tables whose rows differ between two snapshots (one `table:count:hash` line per table). */
function changedTables(before: string, after: string) {
  const old = new Set(before.split('\n'));
  return after
    .split('\n')
    .filter((line) => !old.has(line))
    .map((line) => line.split(':')[0])
    .join(', ');
}

/** Sends one request and says what is wrong with its answer, or nothing. */
async function problemWith(request: FuzzRequest, kind: ReturnType<typeof answerKindOf>): Promise<string | null> {
  await freshBaseline();
  const before = baseline.xid;
  let response: Response;
  try {
    const body = request.body === undefined ? undefined : typeof request.body === 'string' ? request.body : new Uint8Array(request.body);
    response = await fetch(server.url + request.url, { method: request.method, headers: request.headers, body, redirect: 'manual' });
  } catch (error) {
    return `no answer: ${(error as Error).message}`;
  }
  const status = response.status;
  const type = response.headers.get('content-type') ?? '';
  const text = await response.text();
  if (status >= 500) return `answered ${status}: ${text.slice(0, 300)}`;
  if (status >= 400) {
    const after = await nextTransactionId();
    if (after !== before) {
      const snapshot = await server.snapshot();
      if (snapshot !== baseline.snapshot) return `refused with ${status} but changed ${changedTables(baseline.snapshot, snapshot)}: ${text.slice(0, 300)}`;
      baseline.xid = after;
    }
  }
  // A page's refusal is its own HTML, or (refused before it, by the body parser) the API's envelope.
  if (kind === 'page' && type.startsWith('text/html')) return null;
  if (kind === 'page' && status < 400) return `a page answered ${status} as ${type || 'no content type'}`;
  if (kind === 'navigation' && status < 400)
    return status >= 300 && response.headers.get('location') ? null : `a navigation answered ${status} without a redirect`;
  const envelopeExpected = kind === 'envelope' || (status >= 400 && kind !== 'hub' && kind !== 'document');
  if (kind === 'csv' && status < 300 && !type.startsWith('text/csv')) return `a CSV route answered ${status} as ${type}`;
  if (!envelopeExpected) return null;
  if (!type.startsWith('application/json')) return `answered ${status} as ${type || 'no content type'}: ${text.slice(0, 300)}`;
  let envelope: { isSuccess?: unknown; statusCode?: unknown; message?: unknown; data?: unknown; errors?: unknown };
  try {
    envelope = JSON.parse(text) as typeof envelope;
  } catch {
    return `answered ${status} with JSON that does not parse: ${text.slice(0, 300)}`;
  }
  if (envelope.statusCode !== status) return `envelope statusCode ${String(envelope.statusCode)} under HTTP ${status}`;
  if (envelope.isSuccess !== status < 400) return `envelope isSuccess ${String(envelope.isSuccess)} under HTTP ${status}`;
  if (typeof envelope.message !== 'string' || !envelope.message) return `envelope without a message: ${text.slice(0, 300)}`;
  if (!('data' in envelope)) return `envelope without data: ${text.slice(0, 300)}`;
  if (
    envelope.errors !== undefined &&
    !(
      Array.isArray(envelope.errors) &&
      envelope.errors.every((e: { field?: unknown; message?: unknown }) => typeof e.field === 'string' && typeof e.message === 'string')
    )
  ) {
    return `envelope errors are not [{ field, message }]: ${text.slice(0, 300)}`;
  }
  return null;
}

/** Fuzzes every route as one caller; every route's failure is listed, each with its smallest request found. */
async function fuzzEveryRoute(authorization: () => string | null) {
  const failures: string[] = [];
  for (const { method, url } of fuzzedRoutes()) {
    const routeKey = `${method} ${url.replace(/^\/api(\/v1)?/, '')}`;
    const kind = answerKindOf(url);
    const property = fc.asyncProperty(requestsFor(method, url, routeKey, pools, authorization()), async (request) => {
      const problem = await problemWith(request, kind);
      if (problem) throw new Error(problem);
    });
    const details = await fc.check(property, { seed: SEED, numRuns: RUNS });
    if (details.failed) {
      const error = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
      failures.push(`${method} ${url}: ${error}\n    request: ${fc.stringify(details.counterexample?.[0])}`);
    }
  }
  return failures;
}

describe('every route under arbitrary input', () => {
  it('unauthenticated: no 500, always an envelope with the HTTP status, nothing changed by a refusal', async () => {
    expect(await fuzzEveryRoute(() => null)).toEqual([]);
  }, 600_000);

  it('as the demo Admin: no 500, always an envelope with the HTTP status, nothing changed by a refusal', async () => {
    expect(await fuzzEveryRoute(() => `Bearer ${adminToken}`)).toEqual([]);
  }, 600_000);
});

/**
 * Values a refusal may visit before yup, whatever the size of the list, text or map it refuses: the fields of the
 * largest schema and the few values around the one at fault. 150,000 sort keys visited one by one would be 150,000.
 */
const REFUSAL_VISITS_MAX = 100;
/** Characters of text a refusal may read: the texts within their limits around the one at fault (here: none). */
const REFUSAL_CHARACTERS_MAX = 10_000;

/**
 * The API routes that declare a body or a query, once each (as /api/v1/x), with their parameters filled. The hub's
 * routes speak SignalR's protocol, whose query is not the contract's.
 */
function routesWithDeclaredInput() {
  return fuzzedRoutes().flatMap(({ method, url }) => {
    if (url.startsWith('/api/notifications')) return [];
    const route = server.built.routes.find((r) => r.url === url && ([] as string[]).concat(r.method).includes(method))!;
    const declared = (route.schema ?? {}) as { body?: DeclaredSchema; querystring?: DeclaredSchema };
    const inputs: LargeInput[] = [
      ...(declared.body ? largeBodiesOf(declared.body) : []),
      ...(declared.querystring ? largeQueriesOf(declared.querystring) : []),
    ];
    return inputs.length ? [{ method, path: url.replace(/:\w+/g, '00000000-0000-4000-8000-000000000000'), inputs }] : [];
  });
}

/** Sends one oversized request beside a GET /api/health; says what is wrong with the answers and the work, or nothing. */
async function problemWithLarge(method: string, path: string, input: LargeInput): Promise<string | null> {
  const before = { ...validationWork };
  const headers = { authorization: `Bearer ${adminToken}`, tenant: 'root', ...(input.body === undefined ? {} : { 'content-type': 'application/json' }) };
  const [answer, health] = await Promise.all([
    fetch(`${server.url}${path}${input.query ? `?${input.query}` : ''}`, { method, headers, body: input.body }),
    fetch(`${server.url}/api/health`),
  ]);
  const text = await answer.text();
  await health.text();
  const visited = validationWork.visited - before.visited;
  const read = validationWork.charactersRead - before.charactersRead;
  if (answer.status < 400 || answer.status >= 500) return `answered ${answer.status}: ${text.slice(0, 200)}`;
  if (health.status !== 200) return `GET /api/health beside it answered ${health.status}`;
  if (visited > REFUSAL_VISITS_MAX) return `refused after visiting ${visited} values`;
  if (read > REFUSAL_CHARACTERS_MAX) return `refused after reading ${read} characters`;
  return null;
}

describe('every route under oversized input', () => {
  it('as the demo Admin: long lists, long texts, large maps and deep nesting are a 4xx after bounded work, and health keeps answering', async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const { method, path, inputs } of routesWithDeclaredInput()) {
      for (const input of inputs) {
        sent++;
        const problem = await problemWithLarge(method, path, input);
        if (problem) failures.push(`${method} ${path} (${input.label}): ${problem}`);
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(500);
  }, 600_000);
});
