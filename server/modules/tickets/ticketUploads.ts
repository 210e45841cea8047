import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { TICKET_FILE_NAME_MAX, TICKET_MAX_FILE_BYTES, TICKET_MAX_FILES } from '../../../contract/tickets';
import { ApiError } from '../../core/errors';
import { hasUnstorableCharacters } from '../../core/validation';
import { officeTypeOf, sniffHead, SNIFF_BYTES, textTypeOf, utf8TextChecker } from './attachmentTypes';

/** A file of the request, checked and written to DATA_DIR/attachments under a random name. */
export interface StoredUpload {
  storageName: string;
  fileName: string;
  contentType: string;
  size: number;
}

/** The fields of a ticket or message request and its files, whether it came as multipart or as JSON. */
export interface TicketForm {
  body: unknown;
  uploads: StoredUpload[];
  /** Removes the stored files: call it when the request is refused after they were written. */
  discard(): Promise<void>;
}

/** busboy's limits: one file more than allowed is let through so that it can be refused with a clear message. */
export const MULTIPART_LIMITS = {
  fileSize: TICKET_MAX_FILE_BYTES,
  files: TICKET_MAX_FILES + 1,
  fields: 20,
  fieldSize: 256 * 1024,
  fieldNameSize: 100,
  parts: 40,
  headerPairs: 100,
};

/** A field error whose message carries values, in the encoding translateFieldMessage reads. */
const filesError = (statusCode: number, key: string, values: Record<string, unknown>) =>
  new ApiError(statusCode, key, [{ field: 'files', message: JSON.stringify({ key, values }) }], values);

/** The name as shown and offered on download: no folders, no control characters, at most 255 characters. */
export function cleanFileName(raw: string | undefined): string {
  // eslint-disable-next-line no-control-regex
  const base = (raw ?? '').split(/[\\/]/).pop()!.replace(/[\u0000-\u001f\u007f"<>|*?:]/g, '_').trim();
  if (!base || /^\.+$/.test(base)) return 'attachment';
  if (base.length <= TICKET_FILE_NAME_MAX) return base;
  const dot = base.lastIndexOf('.');
  const extension = dot > 0 && base.length - dot <= 16 ? base.slice(dot) : '';
  return base.slice(0, TICKET_FILE_NAME_MAX - extension.length) + extension;
}

/**
 * What a failed multipart read means for the client. Our refusals and the plugin's limits (413) stand; a
 * field named like a prototype member is refused by name; an error of the disk is ours (500); anything
 * else is the parser finding no boundary, a truncated body, a malformed part: the request's fault.
 */
function multipartRefusal(error: unknown): unknown {
  if (error instanceof ApiError) return error;
  const { statusCode, syscall, code } = error as { statusCode?: number; syscall?: string; code?: string };
  if (statusCode === 413 || syscall !== undefined) return error;
  if (code === 'FST_PROTO_VIOLATION') return new ApiError(400, 'validation.prototypeKey');
  return new ApiError(400, 'api.multipartMalformed');
}

/** Streams one file to disk, learning its type from its bytes on the way; refuses it (415) when not allowed. */
async function storeFile(file: NodeJS.ReadableStream & { truncated?: boolean }, fileName: string, target: string): Promise<Omit<StoredUpload, 'storageName'>> {
  let head = Buffer.alloc(0);
  let size = 0;
  const text = utf8TextChecker();
  const inspect = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (head.length < SNIFF_BYTES) head = Buffer.concat([head, chunk.subarray(0, SNIFF_BYTES - head.length)]);
      text.push(chunk);
      done(null, chunk);
    },
  });
  const sink = fs.createWriteStream(target, { flags: 'wx' });
  try {
    await pipeline(file, inspect, sink);
  } catch (error) {
    // pipeline rejects as soon as the source fails, while the file may still be opening: removed now, it
    // would be created afterwards and outlive the refusal. The refusal waits until the file is closed.
    if (!sink.closed) await new Promise<void>((closed) => sink.once('close', () => closed()));
    throw error;
  }
  if (file.truncated) throw filesError(413, 'tickets.fileTooLarge', { name: fileName, max: TICKET_MAX_FILE_BYTES / (1024 * 1024) });
  if (size === 0) throw filesError(400, 'tickets.emptyFile', { name: fileName });
  const sniffed = sniffHead(head);
  const contentType =
    sniffed.kind === 'binary' ? sniffed.contentType : sniffed.kind === 'zip' ? await officeTypeOf(target) : text.end() ? textTypeOf(fileName) : null;
  if (!contentType) throw filesError(415, 'tickets.fileType', { name: fileName });
  return { fileName, contentType, size };
}

/**
 * Reads a ticket or message request. Multipart: text fields become the body, every file part (whatever its
 * field name: `files`, `files[]`) is checked and stored. JSON: the body as it is, no files. On a refusal the
 * files already written are removed before the error goes on.
 */
export async function readTicketForm(request: FastifyRequest, attachmentsDir: string): Promise<TicketForm> {
  const uploads: StoredUpload[] = [];
  const written: string[] = [];
  const discard = async () => {
    await Promise.all(written.splice(0).map((file) => fs.promises.rm(file, { force: true })));
  };
  if (!request.isMultipart()) return { body: request.body, uploads, discard };

  // No prototype: a field named `__proto__` or `constructor` is just a key, which validation then ignores.
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  try {
    await fs.promises.mkdir(attachmentsDir, { recursive: true });
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.valueTruncated) throw new ApiError(413, 'api.payloadTooLarge');
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (hasUnstorableCharacters(part.filename ?? '')) {
        part.file.resume();
        throw new ApiError(400, 'api.validationFailed', [{ field: 'files', message: 'validation.invalidCharacters' }]);
      }
      const fileName = cleanFileName(part.filename);
      if (uploads.length >= TICKET_MAX_FILES) {
        part.file.resume();
        throw filesError(400, 'tickets.tooManyFiles', { max: TICKET_MAX_FILES });
      }
      const storageName = crypto.randomBytes(16).toString('hex');
      const target = path.join(attachmentsDir, storageName);
      written.push(target);
      uploads.push({ storageName, ...(await storeFile(part.file, fileName, target)) });
    }
  } catch (error) {
    await discard();
    throw multipartRefusal(error);
  }
  return { body: fields, uploads, discard };
}
