import crypto from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutBucketLifecycleConfigurationCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { FastifyBaseLogger } from 'fastify';
import type { S3Settings } from '../config';
import { assertFileKey, clampRange, isFileKey, type ByteRange, type FileStore, type StoredFileEntry } from './fileStore';
import { isStorageOutage, StorageUnavailableError } from './storageUnavailable';

// The SDK warns at every start on Node 20 that its versions published from January 2027 need Node 22. package.json
// pins it to an exact version, which runs on the Node 20 that `engines` names; an upgrade past that date must raise
// `engines` to 22 as well (docs/decisions.md, issue 33). Set before any client is made (the warning comes then).
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ||= 'true';

/** A stream is sent in parts of this size, two at a time: an upload holds at most about 10 MB, whatever its size. */
const PART_SIZE = 5 * 1024 * 1024;
const PARTS_AT_ONCE = 2;

/** A new key: 128 random bits, and the extension when one is asked for (as the local store makes them). */
const randomKey = (extension?: string) => crypto.randomBytes(16).toString('hex') + (extension ? `.${extension}` : '');

const statusOf = (error: unknown) => (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
const isMissing = (error: unknown) => {
  const name = (error as { name?: string }).name;
  return name === 'NoSuchKey' || name === 'NotFound' || statusOf(error) === 404;
};

/** The local store's refusal of an existing key (`EEXIST`), for a put that S3 refused under `If-None-Match: *`. */
function keyTaken(error: unknown, key: string) {
  if (statusOf(error) !== 412 && (error as { name?: string }).name !== 'PreconditionFailed') return error;
  return Object.assign(new Error(`A file is already stored under ${key}`), { code: 'EEXIST' });
}

/** Counts the bytes going through (not in a `size` property: the uploader would take it for the total ahead of time). */
function byteCounter() {
  const counted = { bytes: 0 };
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      counted.bytes += chunk.length;
      done(null, chunk);
    },
  });
  return { stream, counted };
}

/**
 * Files in a bucket, one object per key, each area a prefix (`attachments/<key>`). Writes are conditional
 * (`If-None-Match: *`), so an existing key is refused by S3 itself, even when two instances write it at once. A
 * stream goes up in parts as it arrives; a failed one is aborted, so no object and no stored part outlives it.
 */
export function createS3FileStore(client: S3Client, bucket: string, prefix = ''): FileStore {
  const objectOf = (key: string) => prefix + assertFileKey(key);

  async function put(body: Readable | Uint8Array, options: { key?: string; extension?: string } = {}) {
    const key = assertFileKey(options.key ?? randomKey(options.extension));
    const target = { Bucket: bucket, Key: objectOf(key), IfNoneMatch: '*' };
    if (body instanceof Uint8Array) {
      try {
        await client.send(new PutObjectCommand({ ...target, Body: body, ContentLength: body.byteLength }));
      } catch (error) {
        throw keyTaken(error, key);
      }
      return { key, size: body.byteLength };
    }
    const { stream: counter, counted } = byteCounter();
    const upload = new Upload({ client, params: { ...target, Body: counter }, partSize: PART_SIZE, queueSize: PARTS_AT_ONCE });
    const fed = pipeline(body, counter);
    const sent = upload.done();
    try {
      await Promise.all([fed, sent]);
    } catch (error) {
      // Either side failing stops the other: a cut-off client aborts the upload, a refused upload stops reading the client.
      counter.destroy(error as Error);
      body.destroy();
      // The uploader aborts the multipart upload (its stored parts) before `sent` settles.
      await Promise.allSettled([fed, sent]);
      throw keyTaken(error, key);
    }
    return { key, size: counted.bytes };
  }

  async function stat(key: string) {
    try {
      const found = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: objectOf(key) }));
      return { size: found.ContentLength ?? 0, modifiedAt: found.LastModified ?? new Date(0) };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async function get(key: string, range?: ByteRange) {
    const Key = objectOf(key);
    let bounds: ByteRange | undefined;
    if (range) {
      // The size first, so a range is refused (or its end clamped) exactly as the local store does it.
      const found = await stat(key);
      if (!found) return null;
      bounds = clampRange(range, found.size);
    }
    try {
      const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key, Range: bounds ? `bytes=${bounds.start}-${bounds.end}` : undefined }));
      return answer.Body as Readable;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  /** The objects right under this area's prefix (not a sub-area's), with names a key may have. */
  async function* list(): AsyncGenerator<StoredFileEntry> {
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, Delimiter: '/', ContinuationToken }));
      for (const object of page.Contents ?? []) {
        const key = object.Key?.slice(prefix.length);
        if (key && isFileKey(key)) yield { key, modifiedAt: object.LastModified ?? new Date(0) };
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  return {
    put,
    get,
    stat,
    list,
    delete: async (key) => void (await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectOf(key) }))),
    area: (name) => createS3FileStore(client, bucket, `${prefix}${assertFileKey(name)}/`),
  };
}

/** The SDK's client for these settings: keys when given, else the SDK's own chain; enough sockets for many downloads at once. */
export function s3ClientOf(settings: S3Settings) {
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials:
      settings.accessKeyId && settings.secretAccessKey ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined,
    // A silent socket (a hung server) fails after a minute rather than holding a download or an upload for ever.
    requestHandler: {
      httpAgent: { keepAlive: true, maxSockets: 256 },
      httpsAgent: { keepAlive: true, maxSockets: 256 },
      connectionTimeout: 10_000,
      requestTimeout: 60_000,
    },
    // Checksums only where S3 requires them: several S3-compatible servers refuse the SDK's default CRC32 headers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/**
 * Makes the bucket when it is missing (several instances starting at once each try; whoever loses finds it made),
 * with a rule that drops the parts of an upload left unfinished for a day (a process killed mid-upload). A bucket
 * that exists but refuses these keys stops the start with a message saying so.
 */
export async function ensureBucket(client: S3Client, settings: S3Settings, log?: FastifyBaseLogger) {
  const where = `S3 bucket ${settings.bucket}${settings.endpoint ? ` at ${settings.endpoint}` : ''}`;
  try {
    await client.send(new HeadBucketCommand({ Bucket: settings.bucket }));
    return;
  } catch (error) {
    if (statusOf(error) === 403) throw new Error(`${where}: access refused; check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY`, { cause: error });
    if (!isMissing(error)) {
      const message = `${where} cannot be reached: ${(error as Error).message}`;
      // An outage (the server down or failing) may end: a start waits for it; anything else is the settings' fault.
      throw isStorageOutage(error) ? new StorageUnavailableError(error, message) : new Error(message, { cause: error });
    }
  }
  try {
    const location = settings.region === 'us-east-1' ? undefined : { LocationConstraint: settings.region as never };
    await client.send(new CreateBucketCommand({ Bucket: settings.bucket, CreateBucketConfiguration: location }));
    log?.info(`made the ${where}`);
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name !== 'BucketAlreadyOwnedByYou' && name !== 'BucketAlreadyExists')
      throw new Error(`${where} is missing and could not be made: ${(error as Error).message}`, { cause: error });
    await client.send(new HeadBucketCommand({ Bucket: settings.bucket }));
    return;
  }
  await client
    .send(
      new PutBucketLifecycleConfigurationCommand({
        Bucket: settings.bucket,
        LifecycleConfiguration: {
          Rules: [{ ID: 'abort-unfinished-uploads', Status: 'Enabled', Filter: { Prefix: '' }, AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 } }],
        },
      }),
    )
    .catch((error: unknown) => log?.warn({ err: error }, `${where}: unfinished uploads are not dropped by the bucket; set a lifecycle rule`));
}

/** The store of FILE_STORE=s3: the bucket made when missing, the client closed with `close`. */
export async function openS3FileStore(settings: S3Settings, log?: FastifyBaseLogger): Promise<{ files: FileStore; close(): void }> {
  const client = s3ClientOf(settings);
  try {
    await ensureBucket(client, settings, log);
  } catch (error) {
    client.destroy();
    throw error;
  }
  // Every call, the multipart uploader's included: an outage of the bucket's server becomes a 503, never a 500.
  const send = client.send.bind(client) as (...args: unknown[]) => Promise<unknown>;
  client.send = (async (...args: unknown[]) => {
    try {
      return await send(...args);
    } catch (error) {
      throw isStorageOutage(error) ? new StorageUnavailableError(error) : error;
    }
  }) as typeof client.send;
  return { files: createS3FileStore(client, settings.bucket), close: () => client.destroy() };
}
