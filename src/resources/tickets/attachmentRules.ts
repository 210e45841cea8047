import { TICKET_FILE_NAME_MAX, TICKET_FILE_TYPES, TICKET_MAX_FILE_BYTES, TICKET_MAX_FILES } from '../../../contract/tickets';

/** Why a chosen file cannot go: an i18n key with its values, checked before anything is uploaded. */
export interface FileProblem {
  key: string;
  values: Record<string, string | number>;
}

const EXTENSIONS = new Set<string>(TICKET_FILE_TYPES.flatMap((t) => [...t.extensions]));
export const MAX_FILE_MB = TICKET_MAX_FILE_BYTES / (1024 * 1024);

const extensionOf = (name: string) => name.slice(name.lastIndexOf('.') + 1).toLowerCase();

/**
 * The contract's limits (contract/tickets.ts) for one file: type by extension (the server checks the content
 * as well), not empty, at most 10 MB, a name the server keeps.
 */
export function fileProblem(file: File): FileProblem | null {
  const values = { name: file.name, max: MAX_FILE_MB };
  if (!file.name.includes('.') || !EXTENSIONS.has(extensionOf(file.name))) return { key: 'tickets.files.type', values };
  if (file.size === 0) return { key: 'tickets.files.empty', values };
  if (file.size > TICKET_MAX_FILE_BYTES) return { key: 'tickets.files.tooLarge', values };
  if (file.name.length > TICKET_FILE_NAME_MAX) return { key: 'tickets.files.nameTooLong', values: { name: file.name, max: TICKET_FILE_NAME_MAX } };
  return null;
}

/** Adds `picked` to `current`: accepted files up to the 10-file limit, and why the others were left out. */
export function addFiles(current: readonly File[], picked: readonly File[]): { files: File[]; problems: FileProblem[] } {
  const files = [...current];
  const problems: FileProblem[] = [];
  for (const file of picked) {
    const problem = fileProblem(file);
    if (problem) problems.push(problem);
    else if (files.length >= TICKET_MAX_FILES) problems.push({ key: 'tickets.files.tooMany', values: { name: file.name, max: TICKET_MAX_FILES } });
    else files.push(file);
  }
  return { files, problems };
}

/** 1.5 MB, 320 KB, 12 B. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}

/**
 * Each file's share of a multipart upload's progress: the files go in order after the small text fields,
 * so file i is done once the bytes before it and its own have gone.
 */
export function perFileProgress(sizes: readonly number[], loaded: number, total: number): number[] {
  const filesBytes = sizes.reduce((sum, size) => sum + size, 0);
  // The rest of `total` is the text fields and the multipart boundaries, sent around the files.
  let offset = Math.max(0, total - filesBytes) / 2;
  return sizes.map((size) => {
    const done = size === 0 ? 1 : Math.min(1, Math.max(0, (loaded - offset) / size));
    offset += size;
    return loaded >= total ? 1 : done;
  });
}
