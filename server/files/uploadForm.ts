import crypto from 'node:crypto';
import { pipeline, Transform } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../core/errors';
import { firstAnswerTo, replay } from '../core/idempotency';
import { hasUnstorableCharacters } from '../core/validation';
import type { FileStore } from './fileStore';
import { officeTypeOf, sniffHead, SNIFF_BYTES, textTypeOf, utf8TextChecker } from './fileTypes';
import { StorageUnavailableError } from './storageUnavailable';

/** What a module takes in a multipart form: which types (told by content), how many files, how large. */
export interface UploadPolicy {
  /** Content types accepted (see fileTypes.ts for those told apart). */
  accepts: readonly string[];
  maxFiles: number;
  maxFileBytes: number;
  /** Longer names are shortened, keeping their extension. */
  maxFileNameLength: number;
  /** The field named by the errors about files. */
  field: string;
  /** i18n keys of the refusals: `tooMany` gets `{ max }`, `tooLarge` `{ name, max }` (MB), `empty` and `refusedType` `{ name }`. */
  messages: { tooMany: string; tooLarge: string; empty: string; refusedType: string };
}

/** A file of the request, checked and stored under a new key. */
export interface StoredUpload {
  key: string;
  fileName: string;
  contentType: string;
  size: number;
  sha256: string;
}

/** The text fields of a multipart request (or its JSON body) and its stored files. */
export interface UploadForm {
  body: unknown;
  uploads: StoredUpload[];
  /** Removes the stored files: call it when the request is refused after they were written. */
  discard(): Promise<void>;
}

const FIELDS = 20;

/** busboy's limits: one file more than allowed is let through so that it can be refused with a clear message. */
export const multipartLimits = (policy: UploadPolicy) => ({
  fileSize: policy.maxFileBytes,
  files: policy.maxFiles + 1,
  fields: FIELDS,
  fieldSize: 256 * 1024,
  fieldNameSize: 100,
  parts: FIELDS + policy.maxFiles + 10,
  headerPairs: 100,
});

/** Lets a plugin's routes read multipart forms: file sizes are checked per file as it streams (413 with the file's name), not by the plugin. */
export const registerMultipart = (app: FastifyInstance) => app.register(multipart, { throwFileSizeLimit: false });

/** A field error whose message carries values, in the encoding translateFieldMessage reads. */
const filesError = (policy: UploadPolicy, statusCode: number, key: string, values: Record<string, unknown>) =>
  new ApiError(statusCode, key, [{ field: policy.field, message: JSON.stringify({ key, values }) }], values);

/** The name as shown and offered on download: no folders, no control characters, at most `max` characters. */
export function cleanFileName(raw: string | undefined, max: number): string {
  const base = (raw ?? '')
    .split(/[\\/]/)
    .pop()!
    // Bidi and format controls too: a right-to-left override makes `gpj.exe` read as `exe.jpg`.
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069"<>|*?:]/g, '_')
    .trim();
  if (!base || /^\.+$/.test(base)) return 'attachment';
  if (base.length <= max) return base;
  const dot = base.lastIndexOf('.');
  const extension = dot > 0 && base.length - dot <= 16 ? base.slice(dot) : '';
  return base.slice(0, max - extension.length) + extension;
}

/**
 * What a failed multipart read means for the client. Our refusals and the plugin's limits (413) stand; a
 * field named like a prototype member is refused by name; an error of the disk is ours (500), a bucket away is a
 * 503; anything else is the parser finding no boundary, a truncated body, a malformed part: the request's fault.
 */
function multipartRefusal(error: unknown): unknown {
  if (error instanceof ApiError || error instanceof StorageUnavailableError) return error;
  const { statusCode, syscall, code } = error as { statusCode?: number; syscall?: string; code?: string };
  if (statusCode === 413 || syscall !== undefined) return error;
  if (code === 'FST_PROTO_VIOLATION') return new ApiError(400, 'validation.prototypeKey');
  return new ApiError(400, 'api.multipartMalformed');
}

/**
 * Streams one file into the store, learning its type and hash from its bytes on the way. The stored file's
 * key is handed to `stored` before it is checked, so that a refusal (413, 400, 415) removes it too. A source
 * cut at the policy's size says so by `truncated` (busboy's, or the inbound mail's attachments: inboundMail/).
 */
export async function storeFile(
  store: FileStore,
  policy: UploadPolicy,
  file: NodeJS.ReadableStream & { truncated?: boolean },
  fileName: string,
  stored: (key: string) => void,
): Promise<StoredUpload> {
  let head = Buffer.alloc(0);
  const hash = crypto.createHash('sha256');
  const text = utf8TextChecker();
  const inspect = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (head.length < SNIFF_BYTES) head = Buffer.concat([head, chunk.subarray(0, SNIFF_BYTES - head.length)]);
      hash.update(chunk);
      text.push(chunk);
      done(null, chunk);
    },
  });
  // The source's failure travels into `inspect`, whose failure the store's put answers by removing the partial file.
  const { key, size } = await store.put(pipeline(file, inspect, () => {}));
  stored(key);
  if (file.truncated) throw filesError(policy, 413, policy.messages.tooLarge, { name: fileName, max: policy.maxFileBytes / (1024 * 1024) });
  if (size === 0) throw filesError(policy, 400, policy.messages.empty, { name: fileName });
  const sniffed = sniffHead(head);
  const contentType =
    sniffed.kind === 'binary' ? sniffed.contentType : sniffed.kind === 'zip' ? await officeTypeOf(store, key, size) : text.end() ? textTypeOf(fileName) : null;
  if (!contentType || !policy.accepts.includes(contentType)) throw filesError(policy, 415, policy.messages.refusedType, { name: fileName });
  return { key, fileName, contentType, size, sha256: hash.digest('hex') };
}

/**
 * Reads a request's fields and files. Multipart: text fields become the body, every file part (whatever its
 * field name: `files`, `files[]`) is checked and stored in `store`. JSON: the body as it is, no files. On a
 * refusal the files already stored are removed before the error goes on.
 */
export async function readUploadForm(request: FastifyRequest, store: FileStore, policy: UploadPolicy): Promise<UploadForm> {
  const uploads: StoredUpload[] = [];
  const stored: string[] = [];
  const discard = async () => {
    await Promise.all(stored.splice(0).map((key) => store.delete(key)));
  };
  if (!request.isMultipart()) return { body: request.body, uploads, discard };

  // No prototype: a field named `__proto__` or `constructor` is just a key, which validation then ignores.
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  try {
    for await (const part of request.parts({ limits: multipartLimits(policy) })) {
      if (part.type === 'field') {
        if (part.valueTruncated) throw new ApiError(413, 'api.payloadTooLarge');
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (hasUnstorableCharacters(part.filename ?? '')) {
        part.file.resume();
        throw new ApiError(400, 'api.validationFailed', [{ field: policy.field, message: 'validation.invalidCharacters' }]);
      }
      if (uploads.length >= policy.maxFiles) {
        part.file.resume();
        throw filesError(policy, 400, policy.messages.tooMany, { max: policy.maxFiles });
      }
      uploads.push(await storeFile(store, policy, part.file, cleanFileName(part.filename, policy.maxFileNameLength), (key) => stored.push(key)));
    }
  } catch (error) {
    await discard();
    throw multipartRefusal(error);
  }
  return { body: fields, uploads, discard };
}

/**
 * Reads the request's fields and files, then runs `use`; the stored files are removed when the request is
 * refused, at any step, so a refusal leaves neither rows nor files behind. A retry of an answered
 * Idempotency-Key (same fields, same file contents) gets the first answer and its files are dropped.
 */
export async function withUploadForm(
  request: FastifyRequest,
  reply: FastifyReply,
  store: FileStore,
  policy: UploadPolicy,
  use: (body: unknown, uploads: StoredUpload[]) => Promise<FastifyReply>,
) {
  const form = await readUploadForm(request, store, policy);
  try {
    const fingerprint = () => ({ fields: form.body, files: form.uploads.map((u) => ({ name: u.fileName, sha256: u.sha256 })) });
    const firstAnswer = await firstAnswerTo(request, reply, fingerprint);
    if (firstAnswer) {
      await form.discard();
      return replay(reply, firstAnswer);
    }
    return await use(form.body, form.uploads);
  } catch (error) {
    await form.discard();
    throw error;
  }
}
