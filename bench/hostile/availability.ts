// Issue 33's availability rows of bench:hostile: requests at sizes the product allows, each beside an ordinary request
// (the event loop's largest stall and the slowest /api/health meanwhile). Sizes: BENCH_SLA_TICKETS (12,000 open
// tickets), BENCH_PDF_QUESTIONS (3,000), BENCH_EXPORT_TICKETS (5,000), BENCH_ONE_ADDRESS (300 connections).
import net from 'node:net';
import { sql } from 'drizzle-orm';
import { TENANT_HEADER, TENANT_ROOT } from '../../contract/http';
import type { TokenResponse } from '../../contract/tokens';
import { DEMO_PASSWORD } from '../../server/modules/users/users.demo';
import type { Db } from '../../server/db/client';
import { benchPool, type BenchServer } from '../benchServer';
import { textQuestion, type HostileRun, type Outcome } from './measure';

const size = (name: string, fallback: number) => Math.max(1, Number(process.env[name] ?? fallback));
const SLA_TICKETS = size('BENCH_SLA_TICKETS', 12_000);
const PDF_QUESTIONS = size('BENCH_PDF_QUESTIONS', 3_000);
const EXPORT_TICKETS = size('BENCH_EXPORT_TICKETS', 5_000);
const ONE_ADDRESS = size('BENCH_ONE_ADDRESS', 300);
const QUESTIONS_PER_SECTION = 200;
const PDFS_AT_ONCE = 10;
const PASSWORD_LENGTH = 128;

/** A strong password of `length` printable characters, different for each `seed`. */
const strongPassword = (seed: number) =>
  Array.from({ length: PASSWORD_LENGTH }, (_, i) => String.fromCharCode(33 + ((i * 7919 + seed * 104_729) % 94))).join('');

/**
 * The first password-strength check the server makes (change-password with a 128-character password: whatever it
 * loads for the first check is in it), then later ones. Runs first, before any other request could have made a check.
 * On Globex's partner user, whom no other row signs in.
 */
export async function passwordStrengthRows(run: HostileRun, server: BenchServer, runs: number) {
  const email = 'partner@globex.example';
  let current = DEMO_PASSWORD;
  let seed = 0;
  // The change ends the user's other sign-ins, not this one: one token serves every change.
  const signIn = await server.api<TokenResponse>('POST', '/api/token', { body: { email, password: current }, headers: { [TENANT_HEADER]: TENANT_ROOT } });
  if (signIn.status !== 200) throw new Error(`sign-in of ${email}: ${signIn.status} ${signIn.text}`);
  const token = signIn.body.data!.token;
  const change = async (): Promise<Outcome> => {
    const next = strongPassword((seed += 1));
    const body = JSON.stringify({ password: current, newPassword: next, confirmNewPassword: next });
    const answer = await server.api('POST', '/api/v1/users/change-password', { token, rawBody: body, headers: { 'content-type': 'application/json' } });
    if (answer.status === 200) current = next;
    return { status: String(answer.status), bytes: Buffer.byteLength(body) };
  };
  await run.measure(`users/change-password, ${PASSWORD_LENGTH}-character password: the server's first check (partner)`, change, 1, { issue33: true });
  await run.measure(`users/change-password, ${PASSWORD_LENGTH}-character password: later checks (partner)`, change, runs, { issue33: true });
}

/**
 * Open tickets of `partner` inserted in one statement each, as bulk loads do: one in four PENDING, opened 1 to 90
 * days ago (the SLA clock walks each day of a ticket's life), each with its creation in the status history,
 * partner-raised, every priority, half with a staff reply.
 */
async function seedOpenTickets(db: Db, count: number, partner: string, label: string) {
  const run = (text: string) => db.execute(sql.raw(text));
  await run(`
    insert into tickets (subject, description, status, priority, partner_id, created_by, search_text, subject_folded, last_message_at,
                         awaiting_side, awaiting_since, created_at, updated_at)
    select '${label} ' || i, '<p>Bench</p>', case when i % 4 = 0 then 'PENDING' else 'OPEN' end,
           (array['LOW','NORMAL','HIGH','URGENT'])[1 + i % 4], p.id, u.id, '${label.toLowerCase()} ' || i, '${label.toLowerCase()} ' || i,
           now() - (i % 90 || ' days')::interval, 'staff', now() - (i % 90 || ' days')::interval,
           now() - (1 + i % 90 || ' days')::interval - (i % 1440 || ' minutes')::interval, now() - (i % 90 || ' days')::interval
    from generate_series(1, ${count}) as i
    cross join (select id from partners where name = '${partner}') p
    cross join (select id from users where partner_id = (select id from partners where name = '${partner}') order by email limit 1) u`);
  await run(`
    insert into ticket_status_changes (ticket_id, from_status, to_status, changed_at)
    select t.id, null, 'OPEN', t.created_at from tickets t where t.subject like '${label} %'
    union all
    select t.id, 'OPEN', t.status, t.updated_at from tickets t where t.subject like '${label} %' and t.status <> 'OPEN'`);
  await run(`
    insert into ticket_messages (ticket_id, author_id, body, created_at)
    select t.id, (select id from users where email = 'admin@example.com'), '<p>Bench reply</p>', t.created_at + interval '3 hours'
    from tickets t where t.subject like '${label} %' and right(t.subject, 1) in ('0', '2', '4', '6', '8')`);
  await run('analyze tickets');
  await run('analyze ticket_status_changes');
  await run('analyze ticket_messages');
}

/**
 * The ticket CSV export of EXPORT_TICKETS open tickets (Globex's: the export's filter), then Staff Home's SLA summary
 * with SLA_TICKETS open tickets (the export's closed first, so the count is the row's own).
 */
export async function ticketRows(run: HostileRun, server: BenchServer, staff: string, runs: number) {
  const db = benchPool(server);
  await seedOpenTickets(db, EXPORT_TICKETS, 'Globex Trading', 'Export bench');
  const [globex] = ((await db.execute(sql`select id from partners where name = 'Globex Trading'`)) as unknown as { rows: { id: string }[] }).rows;
  const exportCsv = async (): Promise<Outcome> => {
    const answer = await fetch(`${server.url}/api/v1/tickets/export?partnerId=${globex.id}`, { headers: { authorization: `Bearer ${staff}` } });
    const text = await answer.text();
    return { status: `${answer.status}, ${text.split('\n').filter(Boolean).length - 1} rows`, bytes: Buffer.byteLength(text) };
  };
  await run.measure(`tickets/export, ${EXPORT_TICKETS.toLocaleString('en')} open tickets as CSV (staff)`, exportCsv, runs, { issue33: true });
  await db.execute(sql`update tickets set status = 'CLOSED' where subject like 'Export bench %'`);

  await seedOpenTickets(db, SLA_TICKETS, 'Acme Logistics', 'SLA bench');
  await run.measure(
    `support-desk/service-levels/summary, ${SLA_TICKETS.toLocaleString('en')} open tickets (staff Home)`,
    run.download('/api/v1/support-desk/service-levels/summary', staff),
    runs,
    { issue33: true },
  );
}

/**
 * A form of PDF_QUESTIONS text questions (sections of 200), every answer saved (200 characters), assigned to Acme:
 * its PDF, then PDFS_AT_ONCE of it at once; and a section save of 200 answers × 7,900 characters (over the body
 * limit on main, within the contract's bound of 8,000 characters an answer).
 */
export async function formRows(run: HostileRun, staff: string, partner: string, runs: number) {
  const sectionCount = Math.ceil(PDF_QUESTIONS / QUESTIONS_PER_SECTION);
  const sections = Array.from({ length: sectionCount }, (_, s) => ({
    key: `s${s + 1}`,
    questions: Array.from({ length: Math.min(QUESTIONS_PER_SECTION, PDF_QUESTIONS - s * QUESTIONS_PER_SECTION) }, (_, q) => textQuestion(`q${s + 1}_${q + 1}`)),
  }));
  const { partnerFormId } = await run.makeForm(staff, sections, true);
  const answer = (key: string) => `Câu trả lời cho ${key}: hàng hoá được giao đúng hạn, chứng từ đầy đủ. `.repeat(4).slice(0, 200);
  for (const section of sections) {
    const answers = Object.fromEntries(section.questions.map((q) => [q.key, answer(q.key)]));
    await run.data('PUT', `/api/v1/partner-forms/${partnerFormId}/sections/${section.key}`, partner, { answers });
  }
  const pdfPath = `/api/v1/partner-forms/${partnerFormId}/pdf`;
  const questions = PDF_QUESTIONS.toLocaleString('en');
  // One run each: a PDF of this size takes seconds (tens of them for ten at once) while its stall is measured.
  await run.measure(`partner-forms/{id}/pdf, ${questions} questions answered (staff)`, run.download(pdfPath, staff), 1, { issue33: true });
  await run.measure(
    `partner-forms/{id}/pdf, ${questions} questions, ${PDFS_AT_ONCE} at once (staff)`,
    async () => {
      const all = await Promise.all(Array.from({ length: PDFS_AT_ONCE }, () => run.download(pdfPath, staff)()));
      const statuses = [...new Set(all.map((o) => o.status))].join('/');
      return { status: `${statuses} ×${PDFS_AT_ONCE}`, bytes: all.reduce((sum, o) => sum + o.bytes, 0) };
    },
    1,
    { issue33: true },
  );

  const big = Object.fromEntries(sections[0].questions.map((q) => [q.key, 'x'.repeat(7_900)]));
  const save = run.jsonRequest('PUT', `/api/v1/partner-forms/${partnerFormId}/sections/${sections[0].key}`, partner, { answers: big });
  await run.measure(`partner-forms/{id}/sections/{key}, ${sections[0].questions.length} answers × 7,900 characters (partner)`, save, runs, { issue33: true });
}

/**
 * ONE_ADDRESS connections from one address (this machine's 127.0.0.1, as an office behind NAT), all open at once,
 * each sending three requests in turn on its keep-alive connection: how many requests were served (200).
 */
export async function oneAddressRow(run: HostileRun, server: BenchServer, partner: string) {
  const port = Number(new URL(server.url).port);
  const request = `GET /api/v1/users/permissions HTTP/1.1\r\nHost: bench\r\nAuthorization: Bearer ${partner}\r\n\r\n`;
  const connection = () =>
    new Promise<{ socket: net.Socket | null }>((resolve) => {
      const socket = net.connect({ host: '127.0.0.1', port });
      socket.once('connect', () => resolve({ socket }));
      socket.once('error', () => resolve({ socket: null }));
    });
  /** Sends `request` `count` times, each after the last answer's head and body arrived: the 200s. */
  const served = (socket: net.Socket, count: number) =>
    new Promise<number>((resolve) => {
      let ok = 0;
      let sent = 0;
      let buffer = '';
      const next = () => {
        if (sent === count) return finish();
        sent += 1;
        socket.write(request);
      };
      const finish = () => {
        socket.destroy();
        resolve(ok);
      };
      socket.on('data', (chunk) => {
        buffer += chunk.toString('latin1');
        for (;;) {
          const head = buffer.indexOf('\r\n\r\n');
          if (head < 0) return;
          const length = Number(/content-length: (\d+)/i.exec(buffer.slice(0, head))?.[1] ?? 0);
          if (buffer.length < head + 4 + length) return;
          if (buffer.startsWith('HTTP/1.1 200')) ok += 1;
          buffer = buffer.slice(head + 4 + length);
          next();
        }
      });
      socket.once('close', finish);
      socket.once('error', finish);
      next();
    });
  await run.measure(
    `${ONE_ADDRESS} connections from one address, open at once, 3 requests each (partner)`,
    async () => {
      const sockets = await Promise.all(Array.from({ length: ONE_ADDRESS }, connection));
      const counts = await Promise.all(sockets.map(({ socket }) => (socket ? served(socket, 3) : Promise.resolve(0))));
      const ok = counts.reduce((sum, n) => sum + n, 0);
      const whole = counts.filter((n) => n === 3).length;
      return { status: `${ok} of ${3 * ONE_ADDRESS} served; ${whole} of ${ONE_ADDRESS} connections served throughout`, bytes: 0 };
    },
    1,
    { issue33: true },
  );
}
