import fs from 'node:fs';

/**
 * Mutation testing of the rules whose mistakes no user would see until an attacker did (`npm run test:mutation`):
 * the second factor's replay protection (totp.ts, and useTotpCode of secondFactors.ts), who hears what the hub
 * delivers (audience.ts: an internal note never reaches a partner's user) and the partner-isolation rule. Each
 * mutant is a small change to that code; a surviving one is a change that no test notices.
 */

/** useTotpCode's lines, found by name so that edits elsewhere in the file do not move the range. */
function linesOfFunction(file, opening) {
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  const start = lines.findIndex((line) => line.includes(opening));
  const indent = lines[start].match(/^\s*/)[0];
  const end = lines.findIndex((line, i) => i > start && line === `${indent}}`);
  if (start < 0 || end < 0) throw new Error(`${opening} not found in ${file}`);
  return `${file}:${start + 1}-${end + 1}`;
}

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  // The tests to run are vitest.mutation.config.ts's (not `testFiles`: see there why).
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  mutate: [
    'server/modules/accounts/totp.ts',
    linesOfFunction('server/modules/accounts/secondFactors.ts', 'async function useTotpCode('),
    'server/hub/audience.ts',
    'server/core/partnerIsolation.ts',
  ],
  coverageAnalysis: 'perTest',
  // One test runner: the machine is shared, and each runner holds the suite's PostgreSQL.
  concurrency: 1,
  timeoutMS: 30_000,
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: 'test-results/mutation.json' },
  clearTextReporter: { allowColor: false, logTests: false },
  ignorePatterns: ['/data', '/dist', '/dist-server', '/.tmp', '/test-results', '/screenshots', '/reports'],
  thresholds: { high: 95, low: 90, break: null },
  tempDirName: '.tmp/stryker',
};
