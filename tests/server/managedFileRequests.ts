import fs from 'node:fs';
import path from 'node:path';
import type { TestServer } from './harness';

/** One file part of a multipart body: its name is written as given (slashes, NUL, bidi controls and all). */
export interface FilePart {
  name: string;
  content: Buffer | string;
  field?: string;
  type?: string;
}

/** A multipart body written byte by byte, so that a file name reaches the server exactly as a hostile client sends it. */
export function multipartOf(parts: FilePart[], fields: Record<string, string> = {}) {
  const boundary = `mf-${Math.random().toString(36).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`, 'utf8'));
  for (const part of parts) {
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.field ?? 'files'}"; filename="${part.name}"\r\nContent-Type: ${part.type ?? 'application/octet-stream'}\r\n\r\n`;
    chunks.push(Buffer.from(head, 'utf8'), Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { rawBody: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** POST /files (or another multipart route) with these parts. */
export function uploadFiles<T>(
  server: TestServer,
  token: string,
  parts: FilePart[],
  options: { method?: string; url?: string; headers?: Record<string, string> } = {},
) {
  const { rawBody, headers } = multipartOf(parts);
  return server.api<T>(options.method ?? 'POST', options.url ?? '/api/v1/files', { token, rawBody, headers: { ...headers, ...options.headers } });
}

/** Every file under the store's folder (every area, partial files included). */
export function filesOnDisk(server: TestServer): string[] {
  const root = path.join(server.config.dataDir, 'files');
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(root, f)).isFile()).sort();
}

/** Bytes that the sniffer reads as image/png. */
export const SAMPLE_PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
/** A Windows executable's start: no accepted type, whatever its name says. */
export const SAMPLE_EXE = Buffer.concat([Buffer.from('MZ'), Buffer.from([0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff]), Buffer.alloc(64, 0)]);
