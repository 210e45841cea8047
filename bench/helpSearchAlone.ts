// npm run bench:help-search: the help-center part of bench:search alone (bench/helpSearch.ts).
import { startBenchServer } from './benchServer';
import { runBench } from './harness/cleanup';
import { benchHelpSearch } from './helpSearch';

const RUNS = Number(process.env.BENCH_RUNS ?? 60);
await runBench(async () => {
  const server = await startBenchServer('help-search');
  await benchHelpSearch(server, RUNS);
});
