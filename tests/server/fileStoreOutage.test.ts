import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManagedFileDto } from '../../contract/files';
import apiEn from '../../i18n/api.en';
import filesApiEn from '../../i18n/filesApi.en';
import { expectEnvelope } from './expectations';
import { useDemoServer } from './factories';
import { snapshotBeside, type startServer } from './harness';
import { multipartOf, SAMPLE_PNG } from './managedFileRequests';
import { startS3Server, type S3TestServer } from './s3Server';

/** FILE_STORE=s3 while the bucket's server is away: a clear 503 that says to try again, never a 500, and nothing half-written. */
const startOptions: NonNullable<Parameters<typeof startServer>[0]> = {};
let s3: S3TestServer | undefined;
beforeAll(async () => {
  s3 = await startS3Server();
  startOptions.fileStore = { kind: 's3', ...s3.settings('pp-store-outage') };
});
afterAll(() => s3?.stop());

const { server, token } = useDemoServer(startOptions);
const ADMIN = 'admin@example.com';

const upload = (name: string) => {
  const { rawBody, headers } = multipartOf([{ name, content: SAMPLE_PNG, type: 'image/png' }]);
  return server.api<ManagedFileDto[]>('POST', '/api/v1/files', { token: token(ADMIN), rawBody, headers });
};

/** Every table but the request counters, which each request spends whatever its answer. */
const snapshotBesideCounters = () => snapshotBeside(server, 'rate_limit_hits');

describe('the file store away', () => {
  it('a download and an upload answer 503 "try again" with Retry-After, and the refused upload leaves no row', async () => {
    const stored = await upload('before-the-outage.png');
    expectEnvelope(stored, 201, filesApiEn.filesApi.uploaded);
    const [file] = stored.body.data!;

    await s3!.stop();
    s3 = undefined;
    const download = await server.api('GET', `/api/v1/files/${file.id}/content`, { token: token(ADMIN) });
    expectEnvelope(download, 503, apiEn.api.storageUnavailable);
    expect(Number(download.headers.get('retry-after'))).toBeGreaterThan(0);

    const before = await snapshotBesideCounters();
    const refused = await upload('during-the-outage.png');
    expectEnvelope(refused, 503, apiEn.api.storageUnavailable);
    expect(await snapshotBesideCounters()).toBe(before);
  });
});
