// How bench:hostile measures a request class: the worst of a few runs of the time to answer (or to be cut off), the
// largest stall of the server's event loop meanwhile (read in the server's process by the harness's probe) and the
// slowest GET /api/health sent meanwhile from another client, every 10 ms: what an ordinary request waited for.
import crypto from 'node:crypto';
import type { PagedResult } from '../../contract/envelope';
import type { FormDto, FormQuestion, PartnerFormDto } from '../../contract/forms';
import type { BenchServer } from '../benchServer';

export const STALL_GOAL_MS = 100;
const HEALTH_EVERY_MS = 10;

export interface Outcome {
  /** The HTTP status, or what ended the request (`closed`, a WebSocket close code), or a count (`280 of 300 served`). */
  status: string;
  bytes: number;
}

export interface Row {
  what: string;
  status: string;
  bytes: number;
  answerMs: number;
  stallMs: number;
  healthMs: number;
  /** A row of issue 33's table (no stall over 100 ms at these sizes). */
  issue33?: boolean;
  issue40?: boolean;
}

export const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(0) : '–');

export function hostileRun(server: BenchServer, defaultRuns: number) {
  const rows: Row[] = [];
  const probe = server.probe!;

  /** GET /api/health every 10 ms until `done()`: the slowest answer. */
  async function pollHealth(done: () => boolean) {
    let slowest = 0;
    while (!done()) {
      const started = performance.now();
      await fetch(`${server.url}/api/health`).then(
        (r) => r.arrayBuffer(),
        () => null,
      );
      slowest = Math.max(slowest, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, HEALTH_EVERY_MS));
    }
    return slowest;
  }

  /** Runs `request` `runs` times with the health poller beside it; keeps the worst of each figure. */
  async function measure(what: string, request: () => Promise<Outcome>, runs = defaultRuns, options: { issue33?: boolean; issue40?: boolean } = {}) {
    const row: Row = { what, status: '', bytes: 0, answerMs: 0, stallMs: 0, healthMs: 0, issue33: options.issue33, issue40: options.issue40 };
    for (let run = 0; run < runs; run++) {
      await probe.resetLoop();
      let finished = false;
      const health = pollHealth(() => finished);
      const started = performance.now();
      let outcome: Outcome;
      try {
        outcome = await request();
      } catch (error) {
        outcome = { status: `error: ${(error as Error).message.slice(0, 60)}`, bytes: 0 };
      }
      const answerMs = performance.now() - started;
      finished = true;
      const healthMs = await health;
      row.status = outcome.status;
      row.bytes = outcome.bytes;
      row.answerMs = Math.max(row.answerMs, answerMs);
      row.stallMs = Math.max(row.stallMs, await probe.loopMaxMs());
      row.healthMs = Math.max(row.healthMs, healthMs);
    }
    rows.push(row);
    console.error(`${what}: ${row.status} in ${ms(row.answerMs)} ms, stall ${ms(row.stallMs)} ms, health ${ms(row.healthMs)} ms`);
    return row;
  }

  /** A JSON request with its body written beforehand, so that the client's own work is not in the figures. */
  function jsonRequest(method: string, path: string, token: string, body: unknown, headers: Record<string, string> = {}) {
    const raw = JSON.stringify(body);
    return async (): Promise<Outcome> => {
      const answer = await server.api(method, path, { token, rawBody: raw, headers: { 'content-type': 'application/json', ...headers } });
      return { status: String(answer.status), bytes: Buffer.byteLength(raw) };
    };
  }

  /** A GET whose answer is read to its end: the status and the bytes received. */
  function download(path: string, token: string) {
    return async (): Promise<Outcome> => {
      const answer = await fetch(server.url + path, { headers: { authorization: `Bearer ${token}` } });
      const bytes = (await answer.arrayBuffer()).byteLength;
      return { status: String(answer.status), bytes };
    };
  }

  async function data<T>(method: string, path: string, token: string, body?: unknown, headers?: Record<string, string>): Promise<T> {
    const answer = await server.api<T>(method, path, { token, body, headers });
    if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${answer.text.slice(0, 300)}`);
    return answer.body.data as T;
  }

  /** A new form in Editing with these sections saved; published and assigned to Acme when `assign`. */
  async function makeForm(staff: string, sections: { key: string; questions: FormQuestion[] }[], assign: boolean) {
    const form = await data<FormDto>('POST', '/api/v1/forms', staff, { name: `Hostile ${crypto.randomUUID()}`, description: '', type: 'Bench', note: '' });
    const fresh = await data<FormDto>('GET', `/api/v1/forms/${form.id}`, staff);
    const titled = sections.map((section) => ({ title: `Section ${section.key}`, ...section }));
    await data('PUT', `/api/v1/forms/${form.id}/sections`, staff, { sections: titled }, { 'if-match': `"${fresh.version}"` });
    if (!assign) return { formId: form.id, partnerFormId: null };
    await data('POST', `/api/v1/forms/${form.id}/publish`, staff, {});
    const partners = await data<PagedResult<{ id: string; name: string }>>('POST', '/api/v1/partners/search', staff, {
      pageNumber: 1,
      pageSize: 10,
      advancedSearch: { keyword: 'Acme Logistics' },
    });
    const acme = partners.items.find((p) => p.name === 'Acme Logistics')!;
    const assigned = await data<{ assigned: PartnerFormDto[] }>('POST', '/api/v1/partner-forms/assign', staff, { formId: form.id, partnerIds: [acme.id] });
    return { formId: form.id, partnerFormId: assigned.assigned[0].id };
  }

  function print(runs: number) {
    const baseline = rows.filter((r) => r.what.startsWith('baseline'));
    const worstOf = (picked: Row[]) => Math.max(...picked.filter((r) => Number.isFinite(r.stallMs)).map((r) => r.stallMs));
    const worstStall = worstOf(rows.filter((r) => !r.what.startsWith('baseline')));
    const worstIssue33 = worstOf(rows.filter((r) => r.issue33));
    const worstIssue40 = worstOf(rows.filter((r) => r.issue40));
    console.log(
      `\nbench:hostile: ${server.engine === 'embedded' ? 'the embedded PostgreSQL' : server.engine}, demo seed, compiled server, worst of ${runs} runs (fewer where said); times in ms\n`,
    );
    console.log('| request | answer | body bytes | time to answer | event-loop stall | slowest health meanwhile |');
    console.log('| --- | --- | ---: | ---: | ---: | ---: |');
    for (const row of rows) console.log(`| ${row.what} | ${row.status} | ${row.bytes} | ${ms(row.answerMs)} | ${ms(row.stallMs)} | ${ms(row.healthMs)} |`);
    const verdict = (stall: number) => `${ms(stall)} ms; goal under ${STALL_GOAL_MS} ms: ${stall < STALL_GOAL_MS ? 'met' : 'NOT met'}`;
    console.log(`\nworst stall of a hostile request: ${verdict(worstStall)} (baseline ${baseline.map((r) => ms(r.stallMs)).join(', ')} ms)`);
    if (Number.isFinite(worstIssue33)) console.log(`worst stall of issue 33's rows: ${verdict(worstIssue33)}`);
    if (Number.isFinite(worstIssue40)) console.log(`worst stall of issue 40's rows: ${verdict(worstIssue40)}`);
  }

  return { rows, measure, jsonRequest, download, data, makeForm, print };
}

export type HostileRun = ReturnType<typeof hostileRun>;

export const textQuestion = (key: string, ruleId: string | null = null): FormQuestion =>
  ({ key, type: 'text', label: `Question ${key}`, help: '', required: false, options: [], ruleId, rule: null, condition: null, children: [] }) as FormQuestion;
