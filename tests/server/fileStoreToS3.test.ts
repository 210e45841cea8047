import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { text } from 'node:stream/consumers';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { copyFilesToS3 } from '../../server/files/filesToS3';
import { createLocalFileStore } from '../../server/files/localFileStore';
import { openS3FileStore, s3ClientOf } from '../../server/files/s3FileStore';
import { testDataDir } from './harness';
import { startS3Server, type S3TestServer } from './s3Server';

/** `npm run files:to-s3`: a DATA_DIR's stored files copied into the bucket, safe to run twice. */
let s3: S3TestServer;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(() => s3?.stop());

const dataDirs: string[] = [];
afterEach(() => {
  for (const dir of dataDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** The demo seed's data folder (every kind of file), plus a file still in a former folder. */
function demoDataDir() {
  const dataDir = testDataDir('demo');
  dataDirs.push(dataDir);
  fs.mkdirSync(path.join(dataDir, 'avatars'), { recursive: true });
  fs.writeFileSync(path.join(dataDir, 'avatars', 'former-avatar.png'), 'an avatar from before the file store');
  return dataDir;
}

/** Every file under DATA_DIR/files as `area/key` with its bytes' length and time: equal before and after means untouched. */
function localFiles(dataDir: string) {
  const root = path.join(dataDir, 'files');
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .filter((name) => fs.statSync(path.join(root, name)).isFile())
    .sort()
    .map((name) => {
      const found = fs.statSync(path.join(root, name));
      return `${name} ${found.size} ${found.mtimeMs}`;
    });
}

/** Every object of the bucket with its size, ETag and time: equal before and after means nothing was written. */
async function bucketObjects(bucket: string) {
  const client = s3ClientOf(s3.settings(bucket));
  try {
    const objects: string[] = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken }));
      for (const o of page.Contents ?? []) objects.push(`${o.Key} ${o.Size} ${o.ETag} ${o.LastModified?.toISOString()}`);
      ContinuationToken = page.NextContinuationToken;
    } while (ContinuationToken);
    return objects.sort();
  } finally {
    client.destroy();
  }
}

const runFilesToS3 = (dataDir: string, bucket: string) =>
  promisify(execFile)(path.resolve('node_modules/.bin/tsx'), ['scripts/filesToS3.ts'], {
    env: { ...process.env, DATA_DIR: dataDir, ...s3.env(bucket), NODE_NO_WARNINGS: '1' },
    timeout: 60_000,
  });

describe('npm run files:to-s3', () => {
  it('copies every stored file of every area into the bucket under its key; a second run copies nothing and changes nothing', async () => {
    const dataDir = demoDataDir();
    const bucket = 'pp-to-s3-twice';

    const first = await runFilesToS3(dataDir, bucket);
    const local = localFiles(dataDir);
    const areas = new Set(local.map((name) => name.split('/')[0]));
    for (const area of ['attachments', 'avatars', 'files', 'partner-forms']) expect(areas, area).toContain(area);
    expect(first.stdout).toContain(`${local.length} files copied`);
    expect(first.stdout).toContain('0 already there, 0 differing');

    const objects = await bucketObjects(bucket);
    expect(objects.map((o) => o.split(' ').slice(0, 2).join(' '))).toEqual(local.map((l) => l.split(' ').slice(0, 2).join(' ')));
    const { files, close } = await openS3FileStore(s3.settings(bucket));
    try {
      expect(await text((await files.area('avatars').get('former-avatar.png'))!)).toBe('an avatar from before the file store');
      const [area, key] = local[0].split(' ')[0].split('/');
      expect(await text((await files.area(area).get(key))!)).toBe(fs.readFileSync(path.join(dataDir, 'files', area, key), 'utf8'));
    } finally {
      close();
    }

    const second = await runFilesToS3(dataDir, bucket);
    expect(second.stdout).toContain(`0 files copied (0.0 MB), ${local.length} already there, 0 differing`);
    expect(await bucketObjects(bucket)).toEqual(objects);
    expect(localFiles(dataDir)).toEqual(local);
  });

  it('a file the bucket holds with another size under the same key is left on both sides and named, and the run exits 1', async () => {
    const dataDir = demoDataDir();
    const bucket = 'pp-to-s3-differs';
    await createLocalFileStore(path.join(dataDir, 'files')).area('attachments').put(Buffer.from('the local one'), { key: 'same-key' });
    const { files, close } = await openS3FileStore(s3.settings(bucket));
    try {
      await files.area('attachments').put(Buffer.from('another, longer one'), { key: 'same-key' });
      const report = await copyFilesToS3(dataDir, files);
      expect(report.differing).toEqual(['attachments/same-key']);
      expect(await text((await files.area('attachments').get('same-key'))!)).toBe('another, longer one');
      expect(fs.readFileSync(path.join(dataDir, 'files', 'attachments', 'same-key'), 'utf8')).toBe('the local one');
    } finally {
      close();
    }
    const run = runFilesToS3(dataDir, bucket);
    await expect(run).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('attachments/same-key: the bucket holds a file of another size') });
  });
});
