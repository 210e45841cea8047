// `npm run test:slowest`: the ten slowest test files of the last runs of each suite (their JSON reports).
import fs from 'node:fs';
import path from 'node:path';

const REPORTS = 'test-results';
const count = Number(process.argv[2] ?? 10);

const files = [];
for (const report of fs.existsSync(REPORTS) ? fs.readdirSync(REPORTS).filter((f) => f.endsWith('.json')) : []) {
  const suite = path.basename(report, '.json');
  const { testResults = [] } = JSON.parse(fs.readFileSync(path.join(REPORTS, report), 'utf8'));
  for (const result of testResults) {
    files.push({
      suite,
      file: path.relative(process.cwd(), result.name),
      seconds: (result.endTime - result.startTime) / 1000,
      tests: result.assertionResults.length,
    });
  }
}
if (files.length === 0) {
  console.log(`No report in ${REPORTS}/: run npm test (or npm run test:unit, test:server, test:e2e) first.`);
  process.exit(1);
}
console.log(`The ${count} slowest test files of the last runs:`);
for (const { suite, file, seconds, tests } of files.sort((a, b) => b.seconds - a.seconds).slice(0, count)) {
  console.log(`  ${seconds.toFixed(1).padStart(6)} s  ${suite.padEnd(6)} ${file} (${tests} tests)`);
}
