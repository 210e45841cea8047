// Messages between the benchmark (parent) and a candidate's process (child).
import type { ProcessMemory } from './candidate';
import type { LoadFigures } from './load';

/** `none`: a process with nothing opened, the floor of the memory figures. */
export type CandidateKey = 'none' | 'pglite' | 'worker' | 'embedded' | 'postgres';

export type QueryKind = 'byId' | 'search';

/** prepare: open the empty folder (cold), seed, close, exit. serve: open it again in a fresh process (warm), run rounds. */
export type CandidateMode = 'prepare' | 'serve';

export type ToCandidate = { type: 'round'; query: QueryKind; inFlight: number; ms: number } | { type: 'close' };

export type FromCandidate =
  | { type: 'prepared'; coldMs: number; seedMs: number }
  | { type: 'opened'; warmMs?: number; connections?: number; idle: ProcessMemory }
  | { type: 'round'; figures: LoadFigures }
  | { type: 'closed'; afterLoad: ProcessMemory; clusterUnderLoad?: ProcessMemory['cluster'] }
  | { type: 'failed'; message: string };
