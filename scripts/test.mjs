// `npm test`: the static checks two at a time (one per core), then the suites in turn, stopping at the first
// that fails, then how long each took.
import { spawn, spawnSync } from 'node:child_process';

const CHECKS = [
  ['typecheck browser', 'npx', ['tsc', '-p', 'tsconfig.browser.json']],
  ['typecheck server', 'npx', ['tsc', '-p', 'tsconfig.server.json']],
  ['typecheck e2e', 'npx', ['tsc', '-p', 'tsconfig.e2e.json']],
  ['lint', 'npm', ['run', '--silent', 'lint']],
  ['format:check', 'npm', ['run', '--silent', 'format:check']],
];
// CI sets SERVER_SUITE_CLOCK=business-hours: the server suite then runs once, with the clock moved into SLA hours
// (scripts/serverSuiteInBusinessHours.mjs), instead of at whatever hour CI happens to run.
const serverSuite = process.env.SERVER_SUITE_CLOCK === 'business-hours' ? 'test:server:business-hours' : 'test:server';
const SUITES = ['test:unit', serverSuite, 'test:e2e'];

const timings = [];
const started = performance.now();
const failedCheck = await runChecks(2);
let failed = failedCheck;
if (!failed) {
  for (const step of SUITES) {
    const stepStarted = performance.now();
    const run = spawnSync('npm', ['run', '--silent', step], { stdio: 'inherit' });
    timings.push([step, (performance.now() - stepStarted) / 1000]);
    if (run.status !== 0) {
      failed = step;
      break;
    }
  }
}

console.log('\nnpm test, step by step:');
for (const [step, seconds] of [...timings, ['total', (performance.now() - started) / 1000]]) console.log(`  ${step.padEnd(18)} ${formatSeconds(seconds)}`);
if (failed) console.log(`\n${failed} failed; the steps after it did not run.`);
console.log('The slowest test files: npm run test:slowest');
process.exit(failed ? 1 : 0);

/** Runs CHECKS `width` at a time, each one's output printed whole when it ends; the name of the first that failed. */
async function runChecks(width) {
  const queue = [...CHECKS];
  let firstFailure;
  const checksStarted = performance.now();
  const worker = async () => {
    for (let check = queue.shift(); check; check = queue.shift()) {
      const [name, command, args] = check;
      const checkStarted = performance.now();
      const { status, output } = await run(command, args);
      process.stdout.write(`\n> ${name}${status === 0 ? '' : ' FAILED'}\n${output}`);
      timings.push([name, (performance.now() - checkStarted) / 1000]);
      if (status !== 0) {
        firstFailure ??= name;
        queue.length = 0;
      }
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
  timings.push(['checks (wall)', (performance.now() - checksStarted) / 1000]);
  return firstFailure;
}

function run(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (status) => resolve({ status, output }));
  });
}

function formatSeconds(seconds) {
  const minutes = Math.floor(seconds / 60);
  return `${minutes ? `${minutes} min ` : ''}${(seconds % 60).toFixed(0)} s`;
}
