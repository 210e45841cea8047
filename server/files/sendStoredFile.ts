import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, notFound } from '../core/errors';
import { rangeOf } from './byteRange';
import type { FileStore } from './fileStore';

/** `filename` for old clients (ASCII, no quotes) and `filename*` with the real name (RFC 6266). */
export function contentDisposition(fileName: string) {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

/** A stored file as a download: where its bytes are, and the name and type it was uploaded with. */
export interface Download {
  key: string;
  fileName: string;
  contentType: string;
}

/**
 * Sends a stored file as a download that never runs in the page (sandboxed, not sniffed, not cached), whole
 * (200) or the one range the request asks for (206, or 416 when the range starts past its end). A missing
 * file is a 404 (`notFoundKey`) like a missing row, not a 500 halfway through a download.
 */
export async function sendStoredFile(request: FastifyRequest, reply: FastifyReply, store: FileStore, file: Download, notFoundKey: string) {
  const found = await store.stat(file.key);
  if (!found) throw notFound(notFoundKey);
  const asked = rangeOf(request.headers.range, request.headers['if-range'] as string | undefined, found.size);
  if (asked.kind === 'unsatisfiable') {
    reply.header('content-range', `bytes */${found.size}`);
    throw new ApiError(416, 'api.rangeNotSatisfiable');
  }
  const range = asked.kind === 'part' ? asked.range : undefined;
  const stream = await store.get(file.key, range);
  if (!stream) throw notFound(notFoundKey);
  if (range) reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${found.size}`);
  return reply
    .type(file.contentType.startsWith('text/') ? `${file.contentType}; charset=utf-8` : file.contentType)
    .header('content-length', String(range ? range.end - range.start + 1 : found.size))
    .header('accept-ranges', 'bytes')
    .header('content-disposition', contentDisposition(file.fileName))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'private, no-store')
    .send(stream);
}
