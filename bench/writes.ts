// npm run bench:writes: each hot write alone, one after another, on the embedded PostgreSQL (the default engine):
// Save Draft, a chat message, a ticket status change, a file link, and the grant writes (grant, new terms, extend,
// revoke). Prints p50/p99 of the API call, the statements the whole request sent on the pool (sign-in checks and
// subscribers included), and the statements of the write itself, counted at the service (issue 21: at most 4).
// BENCH_RUNS (default 60) runs per write after 5 warm-up runs.
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../server/context';
import { createEventBus } from '../server/core/events';
import type { Principal } from '../server/core/guard';
import { managedFiles, partners, users } from '../server/db/schema';
import { loadPrincipal } from '../server/modules/accounts/principal';
import { createFileGrantService } from '../server/modules/files/fileGrants.service';
import { createFileLinkService } from '../server/modules/files/fileLinks.service';
import { createPartnerFormService } from '../server/modules/partnerForms/partnerForms.service';
import { createTicketAnnouncer } from '../server/modules/tickets/tickets.events';
import { createTicketService } from '../server/modules/tickets/tickets.service';
import type { FileGrantDto } from '../contract/files';
import type { TicketDto } from '../contract/tickets';
import type { TestServer } from '../tests/server/harness';
import { statementsOf } from '../tests/server/queryCounting';
import { questionKey, sectionKey, setUpBenchForm } from './formsSetup';
import { runBench } from './harness/cleanup';
import { startInProcessApp } from './harness/inProcessApp';

const RUNS = Number(process.env.BENCH_RUNS ?? 60);
const WARMUP = 5;
const PARTNER = 'partner@acme.example';
const STAFF = 'admin@example.com';
const HOUR = 60 * 60 * 1000;
/** The write's statements before issue 21: the same counting (tests/server/writeRoundTrips.test.ts) run on commit 9d06fef. */
const BEFORE: Record<string, number> = {
  'Save Draft': 7,
  'chat message': 12,
  'ticket status change': 8,
  'file link': 2,
  grant: 7,
  'grant: new terms': 6,
  'grant: extend': 6,
  'grant: revoke': 6,
};

function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}

interface Row {
  write: string;
  p50: number;
  p99: number;
  requestStatements: number;
  writeStatements: number;
}
const rows: Row[] = [];
const timings = new Map<string, { ms: number[]; statements: number[] }>();

async function ok<T>(answer: Promise<{ status: number; text: string; body: { data?: T | null } }>, what: string): Promise<T> {
  const { status, text, body } = await answer;
  if (status >= 300) throw new Error(`${what}: ${status} ${text.slice(0, 400)}`);
  return body.data as T;
}

const startApp = () => startInProcessApp('pp-bench-writes-');
type App = Awaited<ReturnType<typeof startApp>>;

/** One timed API call, with the statements its request sent on the pool. */
async function timed<T>(server: App, write: string, run: number, call: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const { result, statements } = await statementsOf(server.built.database.db, call);
  const ms = performance.now() - started;
  if (run >= WARMUP) {
    const entry = timings.get(write) ?? { ms: [], statements: [] };
    entry.ms.push(ms);
    entry.statements.push(statements.length);
    timings.set(write, entry);
  }
  return result;
}

await runBench(async () => {
  const server = await startApp();
  if (server.built.database.kind !== 'postgres')
    throw new Error(`bench:writes needs the embedded PostgreSQL; the server runs on ${server.built.database.kind}`);
  const staff = await server.signIn(STAFF);
  const partner = await server.signIn(PARTNER);
  const db = server.built.database.db;
  const api = <T>(method: string, path: string, token: string, body?: unknown, headers?: Record<string, string>) =>
    ok<T>(server.api<T>(method, path, { token, body, headers }), `${method} ${path}`);

  // Set-up (not timed): a form of 20 sections × 25 questions assigned to Acme, a ticket, a file Acme may open.
  const { partnerFormId } = await setUpBenchForm(server as unknown as TestServer, staff.token);
  const ticket = await api<TicketDto>('POST', '/api/v1/tickets', partner.token, { subject: 'bench:writes chat', description: '' });
  const toggled = await api<TicketDto>('POST', '/api/v1/tickets', partner.token, { subject: 'bench:writes status', description: '' });
  const bytes = Buffer.from('%PDF-1.4\n% bench:writes\n');
  const stored = await server.built.ctx.files.area('files').put(bytes);
  const idOf = async (email: string) => (await db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0].id;
  const [staffId, partnerUserId] = [await idOf(STAFF), await idOf(PARTNER)];
  const [acme] = await db.select({ id: partners.id }).from(partners).where(eq(partners.name, 'Acme Logistics'));
  const [file] = await db
    .insert(managedFiles)
    .values({
      fileName: 'bench-writes.pdf',
      contentType: 'application/pdf',
      size: stored.size,
      storageKey: stored.key,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      uploadedBy: staffId,
    })
    .returning();
  const grantBody = () => ({
    fileId: file.id,
    conditionType: 'partner' as const,
    targetId: acme.id,
    from: new Date(Date.now() - HOUR).toISOString(),
    to: new Date(Date.now() + HOUR).toISOString(),
    note: '',
    downloadLimit: null,
    viewOnly: false,
  });
  await api('POST', '/api/v1/file-grants', staff.token, grantBody());

  for (let run = 0; run < WARMUP + RUNS; run++) {
    await timed(server, 'Save Draft', run, () =>
      api('PUT', `/api/v1/partner-forms/${partnerFormId}/sections/${sectionKey(0)}`, partner.token, { answers: { [questionKey(0, 1)]: `Draft ${run}` } }),
    );
    await timed(server, 'chat message', run, () => api('POST', `/api/v1/tickets/${ticket.id}/messages`, partner.token, { body: `Message ${run}` }));
    await timed(server, 'ticket status change', run, () =>
      api('PUT', `/api/v1/tickets/${toggled.id}`, partner.token, { status: run % 2 === 0 ? 'CLOSED' : 'OPEN' }),
    );
    await timed(server, 'file link', run, () => api('POST', `/api/v1/files/${file.id}/links`, partner.token));
    const grant = await timed(server, 'grant', run, () => api<FileGrantDto>('POST', '/api/v1/file-grants', staff.token, grantBody()));
    const terms = { from: grant.from, to: new Date(Date.parse(grant.to) + HOUR).toISOString(), note: `Terms ${run}` };
    await timed(server, 'grant: new terms', run, () => api('PUT', `/api/v1/file-grants/${grant.id}`, staff.token, terms));
    await timed(server, 'grant: extend', run, () => api('POST', `/api/v1/file-grants/${grant.id}/extend`, staff.token, { days: 1 }));
    await timed(server, 'grant: revoke', run, () => api('DELETE', `/api/v1/file-grants/${grant.id}`, staff.token));
  }

  // The write alone, at the service, on a bus without subscribers: the round trips issue 21 bounds.
  const ctx = { ...server.built.ctx, events: createEventBus() } as AppContext;
  const partnerForms = createPartnerFormService(ctx);
  const tickets = createTicketService(ctx, createTicketAnnouncer(ctx));
  const links = createFileLinkService(ctx);
  const grants = createFileGrantService(ctx);
  const partnerPrincipal = (await loadPrincipal(db, partnerUserId)) as Principal;
  const staffPrincipal = (await loadPrincipal(db, staffId)) as Principal;
  const count = async (work: () => Promise<unknown>) => (await statementsOf(db, work)).statements.length;
  // Its version read once, as the server's own service has it cached after the first save.
  await partnerForms.saveDraft(partnerPrincipal, partnerFormId, sectionKey(0), { [questionKey(0, 1)]: 'Warm' });
  const writeStatements: Record<string, number> = {
    'Save Draft': await count(() => partnerForms.saveDraft(partnerPrincipal, partnerFormId, sectionKey(0), { [questionKey(0, 1)]: 'Counted' })),
    'chat message': await count(async () => {
      await tickets.assertAcceptsMessages(partnerPrincipal, ticket.id);
      await tickets.postMessage(partnerPrincipal, ticket.id, 'Counted', []);
    }),
    'ticket status change': await count(() => tickets.changeStatus(partnerPrincipal, ticket.id, 'CLOSED', 'owner')),
    'file link': await count(() => links.mint(partnerPrincipal, file.id)),
  };
  let counted: FileGrantDto | undefined;
  writeStatements.grant = await count(async () => {
    counted = await grants.create(staffPrincipal, grantBody());
  });
  writeStatements['grant: new terms'] = await count(() =>
    grants.updateTerms(staffPrincipal, counted!.id, { from: counted!.from, to: counted!.to, note: 'Counted', downloadLimit: null, viewOnly: false }),
  );
  writeStatements['grant: extend'] = await count(() => grants.extend(staffPrincipal, counted!.id, 1));
  writeStatements['grant: revoke'] = await count(() => grants.revoke(staffPrincipal, counted!.id));

  for (const [write, { ms, statements }] of timings)
    rows.push({
      write,
      p50: percentile(ms, 50),
      p99: percentile(ms, 99),
      requestStatements: percentile(statements, 50),
      writeStatements: writeStatements[write],
    });

  console.log(`\nbench:writes: each write alone through the API, ${RUNS} runs after ${WARMUP} warm-up, embedded PostgreSQL`);
  console.log('write'.padEnd(24), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8), 'request stmts'.padStart(14), 'write stmts'.padStart(12), 'before'.padStart(7));
  for (const row of rows)
    console.log(
      row.write.padEnd(24),
      row.p50.toFixed(1).padStart(8),
      row.p99.toFixed(1).padStart(8),
      String(row.requestStatements).padStart(14),
      String(row.writeStatements).padStart(12),
      String(BEFORE[row.write] ?? '?').padStart(7),
    );
  const over = rows.filter((row) => row.writeStatements > 4);
  if (over.length) {
    console.error(`more than 4 round trips: ${over.map((row) => row.write).join(', ')}`);
    process.exitCode = 1;
  }
});
