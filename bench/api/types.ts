/** A server of the benchmark, running in a child process of its own (so its RSS and CPU are its own). */
export interface BenchServer {
  /** Base URL, e.g. http://127.0.0.1:41234 */
  url: string;
  /** 'embedded' (the default engine) or 'postgres' (DATABASE_URL). */
  engine: 'embedded' | 'postgres' | 'pglite';
  pid: number;
  /** Resident set size of the server process, in bytes (the database's own processes not included). */
  rss(): Promise<number>;
  /** An access token of a demo account (admin@… by default). */
  token(email?: string): Promise<string>;
  stop(): Promise<void>;
}

/** One printed line of a benchmark: a figure beside its floor or peer and the goal. */
export interface Figure {
  name: string;
  value: number;
  unit: string;
  /** The floor or peer measured in the same run, and how the value compares to it. */
  floor?: { name: string; value: number; /** When not the figure's own unit (ops/s beside req/s). */ unit?: string };
  /** e.g. '≥ 0.8× PostgreSQL mode', '< 250 MB'. */
  goal?: string;
  met?: boolean;
}
