// Messages between the benchmark (parent) and a candidate's process (child).
import type { ProcessMemory } from './candidate';
import type { LoadFigures } from './load';

/** `none`: a process with nothing opened, the floor of the memory figures. */
export type CandidateKey = 'none' | 'pglite' | 'worker' | 'embedded' | 'postgres';

export type QueryKind = 'byId' | 'search';

export type ToCandidate = { type: 'round'; query: QueryKind; inFlight: number; ms: number } | { type: 'close' };

export type FromCandidate =
  | { type: 'dataDir'; path: string }
  | { type: 'opened'; coldMs?: number; warmMs?: number; seedMs?: number; connections?: number; idle: ProcessMemory }
  | { type: 'round'; figures: LoadFigures }
  | { type: 'closed'; afterLoad: ProcessMemory }
  | { type: 'failed'; message: string };
