/**
 * What the password strength rule (contract/passwordStrength.ts) costs per check: the first load of zxcvbn and its
 * dictionaries, then the slowest of several runs of maximum-length (128 character) passwords built to be expensive
 * (l33t symbols, digits, dates, random). Then through the server (the app in this process on the embedded PostgreSQL,
 * started as main.ts starts it): POST /api/users/change-password with each of those passwords, the first right after
 * start, beside GET /api/health sent one after another: the longest stall of the server's event loop and the slowest
 * health answer. `npm run bench:password-strength` (`BENCH_STRENGTH=server` for the server's rows only).
 */
import { setTimeout as wait } from 'node:timers/promises';
import { passwordStrength, STRENGTH_READ_CHARS } from '../contract/passwordStrength';
import { PASSWORD_MAX } from '../contract/schemas/fields';
import { slowestHealth } from './harness/slowestHealth';
import { startBenchServer } from './benchServer';

const RUNS = 5;
const repeatTo = (unit: string) => unit.repeat(Math.ceil(PASSWORD_MAX / unit.length)).slice(0, PASSWORD_MAX);
const samples: Record<string, string> = {
  'one letter': repeatTo('a'),
  'mixed classes': repeatTo('aB3$xY'),
  digits: repeatTo('1234567890'),
  dates: repeatTo('19901231'),
  'l33t word': repeatTo('p@55w0rd'),
  'l33t symbols': repeatTo('4@3$5!0|1+7'),
  random: Array.from({ length: PASSWORD_MAX }, (_, i) => String.fromCharCode(33 + ((i * 7919) % 94))).join(''),
};

const parts = process.env.BENCH_STRENGTH ?? 'inprocess,server';
if (parts.includes('server')) await throughTheServer();
if (parts.includes('inprocess')) await inProcess();

async function inProcess() {
  let started = performance.now();
  await passwordStrength('warm-up');
  console.log(`First check (loads zxcvbn and its dictionaries): ${(performance.now() - started).toFixed(0)} ms`);
  console.log(`Each check reads the first ${STRENGTH_READ_CHARS} of ${PASSWORD_MAX} characters; slowest of ${RUNS} runs:\n`);
  let worst = 0;
  for (const [name, password] of Object.entries(samples)) {
    let slowest = 0;
    let score = 0;
    for (let run = 0; run < RUNS; run++) {
      started = performance.now();
      score = (await passwordStrength(password, ['someone@example.com'])).score;
      slowest = Math.max(slowest, performance.now() - started);
    }
    worst = Math.max(worst, slowest);
    console.log(`${name.padEnd(14)} score ${score}  ${slowest.toFixed(1).padStart(7)} ms`);
  }
  console.log(`\nSlowest check: ${worst.toFixed(1)} ms`);
}

/** The figures: change-password with 128-character passwords, the first right after start, beside /api/health. */
async function throughTheServer() {
  // As main.ts does at start (where the server has it): the dictionaries load in their worker meanwhile.
  await import('../server/modules/users/passwordStrengthCheck').then(
    (check: { warmPasswordStrength?: () => void }) => check.warmPasswordStrength?.(),
    () => undefined,
  );
  const server = await startBenchServer('strength', { probe: true });
  try {
    const { token } = await server.signIn('partner@acme.example');
    const pollHealth = (done: () => boolean) => slowestHealth(server.url, done);
    const row = async (what: string, password?: string) => {
      // The server's own event loop, read in its process by the bench harness's probe.
      await server.probe!.resetLoop();
      let finished = false;
      const health = pollHealth(() => finished);
      const started = performance.now();
      // A wrong current password: the new one's strength is checked first, and nothing changes.
      const status = password
        ? (
            await server.api('POST', '/api/users/change-password', {
              token,
              body: { password: 'not-the-current-one', newPassword: password, confirmNewPassword: password },
            })
          ).status
        : (await wait(2000), 200);
      const answerMs = performance.now() - started;
      finished = true;
      const healthMs = await health;
      const stallMs = await server.probe!.loopMaxMs();
      console.log(
        `${what.padEnd(30)} ${status}  answered in ${answerMs.toFixed(0).padStart(5)} ms  event loop stall ≤ ${stallMs.toFixed(0).padStart(5)} ms  /api/health ≤ ${healthMs.toFixed(0).padStart(5)} ms`,
      );
    };
    console.log(`Through the server (${server.engine}): POST /api/users/change-password, new passwords of ${PASSWORD_MAX} characters\n`);
    await row('first check after start', samples.random);
    await row('baseline: no request');
    for (const [name, password] of Object.entries(samples)) await row(name, password);
    console.log('');
  } finally {
    await server.close();
  }
}
