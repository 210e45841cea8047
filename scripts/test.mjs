// `npm test`: every check in turn, stopping at the first that fails, then how long each took.
import { spawnSync } from 'node:child_process';

const STEPS = ['format:check', 'typecheck', 'lint', 'test:unit', 'test:server', 'test:e2e'];

const timings = [];
let failed;
for (const step of STEPS) {
  const started = performance.now();
  const run = spawnSync('npm', ['run', '--silent', step], { stdio: 'inherit' });
  timings.push([step, (performance.now() - started) / 1000]);
  if (run.status !== 0) {
    failed = step;
    break;
  }
}

const total = timings.reduce((sum, [, seconds]) => sum + seconds, 0);
console.log('\nnpm test, step by step:');
for (const [step, seconds] of [...timings, ['total', total]]) console.log(`  ${step.padEnd(14)} ${formatSeconds(seconds)}`);
if (failed) console.log(`\n${failed} failed; the steps after it did not run.`);
console.log('The slowest test files: npm run test:slowest');
process.exit(failed ? 1 : 0);

function formatSeconds(seconds) {
  const minutes = Math.floor(seconds / 60);
  return `${minutes ? `${minutes} min ` : ''}${(seconds % 60).toFixed(0)} s`;
}
