import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { FileStore } from './fileStore';
import { openLocalFileStore } from './localFileStore';
import { openS3FileStore } from './s3FileStore';

/** The store FILE_STORE names: DATA_DIR/files (the default) or the S3 bucket every instance shares. */
export async function openFileStore(config: Pick<Config, 'dataDir' | 'fileStore'>, log?: FastifyBaseLogger): Promise<{ files: FileStore; close(): void }> {
  if (config.fileStore.kind === 's3') return openS3FileStore(config.fileStore, log);
  return { files: await openLocalFileStore(config.dataDir, log), close: () => {} };
}
