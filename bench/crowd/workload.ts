import { setTimeout as delay } from 'node:timers/promises';
import { stampedBody } from './hubClient';
import { QUESTIONS_PER_SECTION, SECTIONS, questionKey, sectionKey, type CrowdData, type CrowdUser } from './setup';

export const OPERATIONS = ['Save Draft', 'chat message', 'read section', 'search partners', 'partner by id', 'dashboard'] as const;
export type Operation = (typeof OPERATIONS)[number];

/** What one phase measured: durations and failures per operation, hub deliveries, the server's RSS. */
export class PhaseRecord {
  readonly durations = new Map<Operation, number[]>(OPERATIONS.map((op) => [op, []]));
  readonly failures = new Map<Operation, number>(OPERATIONS.map((op) => [op, 0]));
  readonly failureSamples: string[] = [];
  readonly deliveries: number[] = [];
  readonly rss: number[] = [];
  /** When each Save Draft was sent (performance.now()), for the rate the crowd kept up. */
  readonly saveStarts: number[] = [];
  readonly startedAt = performance.now();
  seconds = 0;

  constructor(
    readonly name: string,
    readonly kind: 'alone' | 'crowd',
  ) {}

  record(op: Operation, ms: number) {
    this.durations.get(op)!.push(ms);
  }

  fail(op: Operation, why: string) {
    this.failures.set(op, this.failures.get(op)! + 1);
    if (this.failureSamples.length < 5) this.failureSamples.push(`${op}: ${why}`);
  }

  get requests() {
    return [...this.durations.values()].reduce((sum, d) => sum + d.length, 0) + [...this.failures.values()].reduce((a, b) => a + b, 0);
  }
}

/** The calls the crowd makes, each timed from send to the end of the answer's body and recorded in the phase running. */
export function crowdCalls(baseUrl: string, data: CrowdData, phase: () => PhaseRecord) {
  let seq = 0;
  async function timed(op: Operation, user: CrowdUser, method: string, path: string, body?: unknown) {
    const started = performance.now();
    const record = phase();
    try {
      const answer = await fetch(`${baseUrl}/api/v1${path}`, {
        method,
        headers: { authorization: `Bearer ${user.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await answer.text();
      if (answer.status >= 300) return record.fail(op, `${answer.status} ${text.slice(0, 200)}`);
      record.record(op, performance.now() - started);
    } catch (error) {
      record.fail(op, String(error));
    }
  }
  const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)]!;
  const section = () => sectionKey(Math.floor(Math.random() * SECTIONS));

  return {
    /** An autosave of one section: a few of its answers, one of them changed since the last. */
    saveDraft(user: CrowdUser) {
      const s = Math.floor(Math.random() * SECTIONS);
      const n = ++seq;
      phase().saveStarts.push(performance.now());
      const answers = Object.fromEntries(
        Array.from({ length: 3 }, (_, i) => [questionKey(s, (n + i) % QUESTIONS_PER_SECTION), `Answer ${n + i} by ${user.email}`]),
      );
      return timed('Save Draft', user, 'PUT', `/partner-forms/${user.partnerFormId}/sections/${sectionKey(s)}`, { answers });
    },
    readSection: (user: CrowdUser) => timed('read section', user, 'GET', `/partner-forms/${user.partnerFormId}/sections/${section()}`),
    chat: (user: CrowdUser) => timed('chat message', user, 'POST', `/tickets/${user.ticketId}/messages`, { body: stampedBody(user.email) }),
    search: (user: CrowdUser) =>
      timed('search partners', user, 'POST', '/partners/search', {
        pageNumber: 1,
        pageSize: 10,
        advancedSearch: { keyword: `Crowd partner ${1 + Math.floor(Math.random() * data.partnerIds.length)}` },
      }),
    openPartner: (user: CrowdUser) => timed('partner by id', user, 'GET', `/partners/${pick(data.partnerIds)}`),
    dashboard: (user: CrowdUser) => timed('dashboard', user, 'GET', '/dashboard'),
    /** A support user replies in a ticket of the crowd (not only the one their connection joined). */
    reply: (user: CrowdUser) => timed('chat message', user, 'POST', `/tickets/${pick(data.ticketIds)}/messages`, { body: stampedBody(user.email) }),
  };
}

export type CrowdCalls = ReturnType<typeof crowdCalls>;
const thinkMs = () => 2_000 + Math.random() * 2_000;
/** Each user starts within this long of the phase's start, so two hundred do not move in step. */
export const RAMP_MS = 3_000;

/**
 * A partner user: saves a draft every 2–4 s (after the answer, as an autosave timer does), reads a section about
 * every other time and chats about one time in five.
 */
async function partnerUser(user: CrowdUser, calls: CrowdCalls, until: number) {
  await delay(Math.random() * RAMP_MS);
  while (Date.now() < until) {
    await calls.saveDraft(user);
    if (Math.random() < 0.5) await calls.readSection(user);
    if (Math.random() < 0.2) await calls.chat(user);
    await delay(thinkMs());
  }
}

/** A support user: every 2–4 s one of searching partners, opening one, the dashboard or a reply in a ticket's chat. */
async function supportUser(user: CrowdUser, calls: CrowdCalls, until: number) {
  await delay(Math.random() * RAMP_MS);
  while (Date.now() < until) {
    const roll = Math.random();
    if (roll < 0.35) await calls.search(user);
    else if (roll < 0.6) await calls.openPartner(user);
    else if (roll < 0.75) await calls.dashboard(user);
    else await calls.reply(user);
    await delay(thinkMs());
  }
}

/** Every user of the crowd at work for `seconds`; resolves when each has finished what it was doing. */
export async function crowdPhase(data: CrowdData, calls: CrowdCalls, seconds: number) {
  const until = Date.now() + seconds * 1000;
  await Promise.all(data.users.map((user) => (user.kind === 'partner' ? partnerUser(user, calls, until) : supportUser(user, calls, until))));
}

/** Each operation alone: one partner user and one support user call them in turn, one call at a time, `rounds` times. */
export async function alonePhase(data: CrowdData, calls: CrowdCalls, rounds: number) {
  const partner = data.users.find((u) => u.kind === 'partner')!;
  const support = data.users.find((u) => u.kind === 'support')!;
  for (let round = 0; round < rounds; round++) {
    await calls.saveDraft(partner);
    await calls.readSection(partner);
    await calls.chat(partner);
    await calls.search(support);
    await calls.openPartner(support);
    await calls.dashboard(support);
    // The chat's deliveries land before the next round's requests.
    await delay(50);
  }
}
