// What each embedded candidate offers the benchmark: a database opened in a folder, raw SQL with parameters, its
// memory, and a close that stops everything it started.

export interface ProcessMemory {
  /** VmRSS of this Node process (a worker thread's memory is inside it). */
  processMb: number;
  /** PostgreSQL's processes (postmaster and children): VmRSS summed, and PSS summed (shared pages counted once). */
  cluster?: { rssMb: number; pssMb: number; processes: number };
}

export interface OpenCandidate {
  /** `name`: run as a named prepared statement where the server's driver does (node-postgres). */
  query(sql: string, params: unknown[], name?: string): Promise<unknown[]>;
  /** The pool's size, as the server opens it; undefined for PGlite (one session). */
  connections?: number;
  /** The postmaster's pid, for the cluster's memory; undefined for PGlite. */
  postmasterPid?(): Promise<number>;
  close(): Promise<void>;
}

export interface Candidate {
  name: string;
  /** Opens (creating and migrating when the folder is empty) the database kept in `dataDir`. */
  open(dataDir: string): Promise<OpenCandidate>;
}
