import path from 'node:path';
import { fileStoreSettingsOf } from '../server/config';
import { copyFilesToS3 } from '../server/files/filesToS3';
import { openS3FileStore } from '../server/files/s3FileStore';

/**
 * `npm run files:to-s3`: copies the files of DATA_DIR/files into the bucket of S3_BUCKET (S3_ENDPOINT, S3_REGION,
 * S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE as the server reads them), made when missing.
 * Safe to run twice: the second run finds every file there and writes nothing. Exits 1 when a file differs.
 */
const settings = fileStoreSettingsOf({ ...process.env, FILE_STORE: 's3' });
if (settings.kind !== 's3') throw new Error('unreachable: FILE_STORE=s3 was set above');
const dataDir = path.resolve(process.env.DATA_DIR ?? 'data');
const { files, close } = await openS3FileStore(settings);
try {
  const report = await copyFilesToS3(dataDir, files, (name, outcome) => {
    if (outcome === 'differs') console.warn(`${name}: the bucket holds a file of another size under this name; both left as they are`);
  });
  const mb = (report.copiedBytes / 1024 / 1024).toFixed(1);
  console.log(
    `${path.join(dataDir, 'files')} → bucket ${settings.bucket}: ${report.copied} files copied (${mb} MB), ${report.alreadyThere} already there, ${report.differing.length} differing`,
  );
  if (report.differing.length) process.exitCode = 1;
} finally {
  close();
}
