import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import suite from './vitest.config';

/**
 * What each Stryker mutant run runs (`npm run test:mutation`, stryker.config.mjs): the server project, narrowed to the
 * tests of the mutated rules, the pure ones and the one server file the conditional UPDATE needs. The rest of the
 * suite also passes through this code, but a mutant run starts each file's server again (seconds per mutant).
 * They are chosen here rather than by Stryker's `testFiles`, with which Stryker 9.6.1 switches a mutant on only after
 * the modules are loaded (stryker-js#6144): a mutant in code that runs as a module loads (a closure made at import)
 * then survives whatever the tests prove. MUTATION_TEST_FILES (comma-separated) narrows them further for one file's run.
 */
const mutationTestFiles = process.env.MUTATION_TEST_FILES?.split(',') ?? [
  'tests/server/totpCodes.test.ts',
  'tests/server/secondFactorReplay.test.ts',
  'tests/server/hubAudience.test.ts',
  'tests/server/partnerIsolationRule.test.ts',
];

const server = suite.test!.projects!.find(
  (project): project is TestProjectInlineConfiguration => typeof project === 'object' && 'test' in project && project.test?.name === 'server',
)!;

export default defineConfig({
  test: { ...suite.test, projects: [{ ...server, test: { ...server.test, include: mutationTestFiles } }] },
});
