/** What a screen accepts as attachments; tickets take theirs from the contract (src/resources/tickets/ticketAttachments.ts). */
export interface AttachmentLimits {
  maxFiles: number;
  maxBytes: number;
  /** The longest file name the server keeps. */
  nameMax: number;
  /** Lower-case extensions offered (the server checks the content as well). */
  extensions: readonly string[];
  /** The file input's `accept`. */
  accept: string;
}

/** A stored attachment as lists show it. */
export interface AttachmentRef {
  id: string;
  fileName: string;
  size: number;
}

/** Why a chosen file cannot go: an i18n key with its values, checked before anything is uploaded. */
export interface FileProblem {
  key: string;
  values: Record<string, string | number>;
}

export const megabytes = (bytes: number) => bytes / (1024 * 1024);

const extensionOf = (name: string) => name.slice(name.lastIndexOf('.') + 1).toLowerCase();

/** One file against the limits: type by extension, not empty, not too large, a name the server keeps. */
export function fileProblem(file: File, limits: AttachmentLimits): FileProblem | null {
  const values = { name: file.name, max: megabytes(limits.maxBytes) };
  if (!file.name.includes('.') || !limits.extensions.includes(extensionOf(file.name))) return { key: 'app.attachments.type', values };
  if (file.size === 0) return { key: 'app.attachments.empty', values };
  if (file.size > limits.maxBytes) return { key: 'app.attachments.tooLarge', values };
  if (file.name.length > limits.nameMax) return { key: 'app.attachments.nameTooLong', values: { name: file.name, max: limits.nameMax } };
  return null;
}

/** Adds `picked` to `current`: accepted files up to the limit's count, and why the others were left out. */
export function addFiles(current: readonly File[], picked: readonly File[], limits: AttachmentLimits): { files: File[]; problems: FileProblem[] } {
  const files = [...current];
  const problems: FileProblem[] = [];
  for (const file of picked) {
    const problem = fileProblem(file, limits);
    if (problem) problems.push(problem);
    else if (files.length >= limits.maxFiles) problems.push({ key: 'app.attachments.tooMany', values: { name: file.name, max: limits.maxFiles } });
    else files.push(file);
  }
  return { files, problems };
}

/** 1.5 MB, 320 KB, 12 B. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${megabytes(bytes).toFixed(1)} MB`;
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
