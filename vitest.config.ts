import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/** Three projects: browser units against MSW, server integration on real databases, end to end in Chromium. */
export default defineConfig({
  test: {
    projects: [
      {
        plugins: [react()],
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/unit/setup.ts'],
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          // The backplane, events across instances and concurrent migrations need a PostgreSQL server: they run in the PostgreSQL pass (TEST_DATABASE_URL), not skipped.
          exclude: process.env.TEST_DATABASE_URL
            ? []
            : ['tests/server/hubBackplane.test.ts', 'tests/server/migrations.test.ts', 'tests/server/domainEventsAcrossInstances.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
          // Files and the tests in them run in a new order each time: no test may lean on another's rows.
          sequence: { shuffle: { files: true, tests: true } },
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
