import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { FileStore } from './fileStore';
import { openLocalFileStore } from './localFileStore';

/** The store FILE_STORE names: DATA_DIR/files (the default) or the S3 bucket every instance shares. */
export async function openFileStore(config: Pick<Config, 'dataDir' | 'fileStore'>, log?: FastifyBaseLogger): Promise<{ files: FileStore; close(): void }> {
  if (config.fileStore.kind === 'local') return { files: await openLocalFileStore(config.dataDir, log), close: () => {} };
  // Loaded only for a bucket: the AWS SDK takes a quarter of a second to load, at every start.
  const { openS3FileStore } = await import('./s3FileStore');
  const opened = await openS3FileStore(config.fileStore, log);
  // Files left on the disk are not served from the bucket: the rows naming them would answer 404.
  const leftOnDisk = ['files', 'attachments', 'avatars'].filter((folder) => fs.existsSync(path.join(config.dataDir, folder)));
  if (leftOnDisk.length)
    log?.warn(
      `FILE_STORE=s3, but ${config.dataDir} still holds ${leftOnDisk.join(', ')}: copy them into the bucket with npm run files:to-s3, then remove them`,
    );
  return opened;
}
