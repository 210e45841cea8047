// The parent's handle on one candidate's process: fork it, ask it for rounds, close it, end it; and the candidate's
// data, removed at the end whatever happened (a postmaster left running in its folder stopped first).
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { LoadFigures } from './load';
import type { CandidateKey, CandidateMode, FromCandidate, QueryKind, ToCandidate } from './protocol';
import { benchDatabaseName, onServer } from './systemPostgres';

type Opened = Extract<FromCandidate, { type: 'opened' }>;

/** Running: there, and not a zombie waiting for its parent to collect it. */
function processAlive(pid: number) {
  try {
    return fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z';
  } catch {
    return false;
  }
}

/** A candidate's folder, made to be entered by the user the embedded cluster runs as when we are root. */
export function candidateDataDir(key: CandidateKey) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `pp-bench-embedded-${key}-`));
  fs.chmodSync(dataDir, 0o755);
  return dataDir;
}

/** Postmasters still serving folders under `dataDir` stopped (fast shutdown, then killed), the folder and its database removed. */
export async function removeCandidateData(key: CandidateKey, dataDir: string) {
  if (key === 'postgres') await onServer(process.env.DATABASE_URL!, `drop database if exists ${benchDatabaseName(dataDir)} with (force)`);
  if (!fs.existsSync(dataDir)) return;
  const pidFiles = fs
    .readdirSync(dataDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => path.basename(file) === 'postmaster.pid')
    .map((file) => path.join(dataDir, file));
  for (const file of pidFiles) {
    const pid = Number(fs.readFileSync(file, 'utf8').split('\n')[0]);
    if (!pid || !processAlive(pid)) continue;
    process.kill(pid, 'SIGINT');
    for (let waited = 0; processAlive(pid) && waited < 10_000; waited += 100) await sleep(100);
    if (processAlive(pid)) process.kill(pid, 'SIGKILL');
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}

export class CandidateProcess {
  private child: ChildProcess;
  private inbox: FromCandidate[] = [];
  private waiting?: { resolve: (message: FromCandidate) => void; reject: (error: Error) => void };
  private ended?: Error;
  /** Settles when the process has ended, however it ended. */
  readonly exited: Promise<void>;

  constructor(
    readonly key: CandidateKey,
    mode: CandidateMode,
    dataDir: string,
  ) {
    this.child = fork(path.join(import.meta.dirname, 'child.ts'), [key, mode, dataDir], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.exited = new Promise((resolve) => this.child.once('exit', () => resolve()));
    this.child.on('message', (message: FromCandidate) => {
      if (this.waiting) this.settle(message);
      else this.inbox.push(message);
    });
    this.child.on('exit', (code, signal) => {
      this.ended = new Error(`the ${key} process ended (${signal ?? code})`);
      this.waiting?.reject(this.ended);
      this.waiting = undefined;
    });
  }

  private settle(message: FromCandidate) {
    const waiting = this.waiting!;
    this.waiting = undefined;
    if (message.type === 'failed') waiting.reject(new Error(`${this.key}: ${message.message}`));
    else waiting.resolve(message);
  }

  private next<T extends FromCandidate['type']>(type: T): Promise<Extract<FromCandidate, { type: T }>> {
    return new Promise<FromCandidate>((resolve, reject) => {
      const queued = this.inbox.shift();
      this.waiting = { resolve, reject };
      if (queued) this.settle(queued);
      else if (this.ended) reject(this.ended);
    }).then((message) => {
      if (message.type !== type) throw new Error(`${this.key}: expected ${type}, got ${message.type}`);
      return message as Extract<FromCandidate, { type: T }>;
    });
  }

  get pid() {
    return this.child.pid!;
  }

  private ask(message: ToCandidate) {
    this.child.send(message);
  }

  prepared() {
    return this.next('prepared');
  }

  opened(): Promise<Opened> {
    return this.next('opened');
  }

  async round(query: QueryKind, inFlight: number, ms: number): Promise<LoadFigures> {
    this.ask({ type: 'round', query, inFlight, ms });
    return (await this.next('round')).figures;
  }

  async close() {
    this.ask({ type: 'close' });
    return this.next('closed');
  }

  /** Whatever happened, the process gone (asked to stop its database first). */
  async stop() {
    if (this.child.exitCode === null && this.child.signalCode === null) {
      this.child.kill('SIGTERM');
      await Promise.race([this.exited, sleep(15_000)]);
      if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
    }
  }
}
