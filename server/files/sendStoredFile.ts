import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, notFound } from '../core/errors';
import { rangeOf } from './byteRange';
import type { FileStore } from './fileStore';

/** Control, bidi and format characters: a name carrying them could pass for another (`txt.exe` shown as `exe.txt`). */
// eslint-disable-next-line no-control-regex
const UNSAFE_IN_NAME = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * `filename` for old clients (ASCII, no quotes) and `filename*` with the real name (RFC 6266), control and bidi
 * characters made `_` in both. `inline` shows the file in the page (the file page's PDFs and images).
 */
export function contentDisposition(fileName: string, disposition: 'attachment' | 'inline' = 'attachment') {
  const safe = fileName.replace(UNSAFE_IN_NAME, '_');
  const ascii = safe.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(safe).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

/** A stored file as a download: where its bytes are, and the name and type it was uploaded with. */
export interface Download {
  key: string;
  fileName: string;
  contentType: string;
}

/** How a file is sent when not as a sandboxed download: shown in the page, under its own policy, framed by the app. */
export interface SendOptions {
  disposition?: 'attachment' | 'inline';
  /** Default `default-src 'none'; sandbox`: the file runs no script. */
  contentSecurityPolicy?: string;
  /** Let the app's own pages frame it (an inline PDF in the file page); by default no page may. */
  frameableBySelf?: boolean;
}

/**
 * Sends a stored file as a download that never runs in the page (sandboxed, not sniffed, not cached), whole
 * (200) or the one range the request asks for (206, or 416 when the range starts past its end). A missing
 * file is a 404 (`notFoundKey`) like a missing row, not a 500 halfway through a download.
 */
export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  store: FileStore,
  file: Download,
  notFoundKey: string,
  options: SendOptions = {},
) {
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
    .header('content-disposition', contentDisposition(file.fileName, options.disposition))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', options.contentSecurityPolicy ?? "default-src 'none'; sandbox")
    .header('x-frame-options', options.frameableBySelf ? 'SAMEORIGIN' : 'DENY')
    .header('cache-control', 'private, no-store')
    .send(stream);
}
