import os from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * Three projects: browser units against MSW, server integration on one PostgreSQL per run (the embedded one
 * `npm start` uses, or TEST_DATABASE_URL's), end to end in Chromium. Files run in a new order each time, and the
 * tests within each file too (but an end-to-end journey's steps): the seed is printed, `--sequence.seed=N` replays it. Vitest reads
 * the shuffle at the root: a project's own `shuffle: true` is ignored (its `false` is not, as the e2e project's tests show).
 */
export default defineConfig({
  test: {
    sequence: { shuffle: { files: true, tests: true } },
    maxWorkers: os.availableParallelism(),
    projects: [
      {
        plugins: [react()],
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/unit/setup.ts'],
          // Screens render the whole app under jsdom: seconds each on a shared, loaded machine.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          // Servers the tests spawn (npm start, the compiled server) sign Admin in with a password alone; the
          // second factor's tests turn its enforcement on themselves.
          env: { SECOND_FACTOR_ENROLMENT: 'off' },
          include: ['tests/server/**/*.test.ts'],
          globalSetup: ['tests/server/testCluster.globalSetup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          // What a page shows after a server round trip can take seconds on a loaded 2-core machine; vitest's 1 s
          // default made polls fail while the page was still right on its way.
          expect: { poll: { timeout: 15_000 } },
          // A journey's steps follow one another; the files still come in a new order each run.
          sequence: { shuffle: { files: true, tests: false } },
        },
      },
    ],
  },
});
