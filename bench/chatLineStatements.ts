// npm run bench:chat-line: the statements PostgreSQL receives for one chat line, posted and relayed (issue 34, item 4),
// on an app in this process on the default engine (bench/harness/inProcessApp.ts). Counted from the request's first hook
// to the last of the work it leaves for after the answer (the relay, its notification, the reply mail), the NOTIFYs to
// other instances included; each kind warmed first. Kinds: a partner's line, a staff reply to a creator who is offline
// (the mail path), an internal note, and a staff reply too long to travel in its event (read back by id), each printed
// beside its count before the event carried the line. BENCH_RUNS (default 20) per kind; BENCH_VERBOSE=1 prints each
// kind's statements once.
import type { TicketDto } from '../contract/tickets';
import { runBench } from './harness/cleanup';
import { startInProcessApp, type InProcessApp } from './harness/inProcessApp';

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const VERBOSE = process.env.BENCH_VERBOSE === '1';
/** The relay's work after the answer has ended when no statement came for this long. */
const QUIET_MS = 300;
/** The medians before the line's event carried the line (the relay read it back) and notes had their own write: this bench on commit c6b5533. */
const BEFORE: Record<string, number> = {
  "partner's line": 5,
  'staff reply, creator offline (mailed)': 10,
  'internal note': 11,
  'staff reply of 9,000 characters': 10,
};

/** The statements of one POST, waited for until the work it left behind falls quiet. */
async function statementsOfLine(app: InProcessApp, url: string, token: string, body: Record<string, unknown>): Promise<string[]> {
  const counter = app.built.statements!;
  counter.take();
  const answer = await app.api('POST', url, { token, body });
  if (answer.status !== 201) throw new Error(`POST ${url}: ${answer.status} ${answer.text.slice(0, 300)}`);
  const [counted] = counter.take().filter((request) => request.method === 'POST' && request.url === url);
  let seen = -1;
  while (seen !== counted.statements.length) {
    seen = counted.statements.length;
    await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
  }
  return counted.statements;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

await runBench(async () => {
  const app = await startInProcessApp('pp-bench-chat-line-', { countStatements: true });
  try {
    if (app.built.database.kind !== 'postgres') throw new Error(`statements are counted on PostgreSQL; the app runs on ${app.built.database.kind}`);
    const support = (await app.signIn('support@example.com')).token;
    const partner = (await app.signIn('partner@acme.example')).token;
    const ticket = (await app.api<TicketDto>('POST', '/api/v1/tickets', { token: partner, body: { subject: 'bench: chat line', description: '' } })).body.data!;
    const url = `/api/v1/tickets/${ticket.id}/messages`;
    const kinds: [string, string, (run: number) => Record<string, unknown>][] = [
      ["partner's line", partner, (run) => ({ body: `Partner line ${run}` })],
      ['staff reply, creator offline (mailed)', support, (run) => ({ body: `Staff reply ${run}` })],
      ['internal note', support, (run) => ({ body: `Note ${run}`, internal: true })],
      ['staff reply of 9,000 characters', support, (run) => ({ body: `Long reply ${run} ${'x'.repeat(9000)}` })],
    ];
    console.log(`\nbench:chat-line: statements per chat line posted and relayed, ${RUNS} runs per kind after one warm-up, embedded PostgreSQL`);
    console.log('kind'.padEnd(40), 'median'.padStart(7), 'min'.padStart(5), 'max'.padStart(5), 'before'.padStart(7));
    for (const [kind, token, body] of kinds) {
      const warm = await statementsOfLine(app, url, token, body(-1));
      if (VERBOSE) console.log(`${kind}:\n  ${warm.map((s) => s.slice(0, 140)).join('\n  ')}`);
      const counts: number[] = [];
      for (let run = 0; run < RUNS; run++) counts.push((await statementsOfLine(app, url, token, body(run))).length);
      const figures = [median(counts), Math.min(...counts), Math.max(...counts)].map(String);
      console.log(kind.padEnd(40), figures[0].padStart(7), figures[1].padStart(5), figures[2].padStart(5), String(BEFORE[kind] ?? '?').padStart(7));
    }
  } finally {
    await app.close();
  }
});
