import type { Readable } from 'node:stream';

/** Bytes `start` to `end` of a file, both included, as HTTP's Range header counts them. */
export interface ByteRange {
  start: number;
  end: number;
}

/** What a put wrote: the key to read it back by and its size in bytes. */
export interface StoredFile {
  key: string;
  size: number;
}

export interface FileStat {
  size: number;
  modifiedAt: Date;
}

/** One file of a listing: its key and when its bytes were last written. */
export interface StoredFileEntry {
  key: string;
  modifiedAt: Date;
}

/**
 * Where the bytes of uploaded files live (attachments, avatars, later the file manager's files). Keys are
 * made by the server, never taken from a client's file name; the store refuses any key that could name a
 * place outside it. The local disk (localFileStore.ts) is the default; FILE_STORE=s3 keeps them in one bucket
 * that every instance shares (s3FileStore.ts), with the same six calls and the same tests (fileStore.test.ts).
 */
export interface FileStore {
  /**
   * Writes a stream (or bytes) under a new random key, ending in `extension` when given, or under `key`
   * (made by the server). An existing key is never overwritten. When the stream fails, the partial file is
   * removed before the promise rejects.
   */
  put(body: Readable | Uint8Array, options?: { key?: string; extension?: string }): Promise<StoredFile>;
  /** The bytes of a file, or of a range of them (`end` past the last byte reads to the end); null when there is no such file. */
  get(key: string, range?: ByteRange): Promise<Readable | null>;
  /** Size and time of a file; null when there is no such file. */
  stat(key: string): Promise<FileStat | null>;
  /** Removes a file; removing a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** The files of this area (not of its sub-areas) and when each was last written: what the orphan sweep looks at. */
  list(): AsyncIterable<StoredFileEntry>;
  /** The store of one kind of file (`attachments`, `avatars`): its keys are apart from every other area's. */
  area(name: string): FileStore;
}

/** A key or area name that could leave the store (`..`, `/`, `\`, NUL, …): a bug of the caller, never a client's input. */
export class UnsafeFileKeyError extends Error {
  constructor(key: string) {
    super(`Refused file key ${JSON.stringify(key)}`);
  }
}

/** A range that starts past the file's last byte or ends before it starts (HTTP's 416). */
export class UnsatisfiableRangeError extends Error {
  constructor(
    readonly range: ByteRange,
    readonly size: number,
  ) {
    super(`Range ${range.start}-${range.end} outside a file of ${size} bytes`);
  }
}

const SAFE_KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/;

/** Letters, digits, `.`, `_` and `-`, not starting with a dot, no `..`: a key names one file inside its area. */
export const isFileKey = (key: string) => typeof key === 'string' && SAFE_KEY.test(key) && !key.includes('..');

export function assertFileKey(key: string) {
  if (!isFileKey(key)) throw new UnsafeFileKeyError(key);
  return key;
}

/** Checks a range against a file's size; `end` past the last byte is read as the last byte. */
export function clampRange(range: ByteRange, size: number): ByteRange {
  const { start, end } = range;
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < start || start >= size) throw new UnsatisfiableRangeError(range, size);
  return { start, end: Math.min(end, size - 1) };
}
