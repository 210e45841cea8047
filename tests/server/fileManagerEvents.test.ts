import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { FileGrantDto, ManagedFileDto } from '../../contract/files';
import { auditTrails, managedFiles } from '../../server/db/schema';
import { useDemoServer } from './factories';
import { expectEnvelope } from './expectations';
import { recordEvents } from './eventRecorder';
import { makeGrant, makeManagedFile } from './fileFixtures';
import { uploadFiles } from './managedFileRequests';

const demo = useDemoServer();
const { server, token, partnerIds, userIds, make } = demo;
const SUPPORT = 'support@example.com';
const DAY = 24 * 60 * 60 * 1000;

const auditOf = (table: string, key: string) =>
  server.built.ctx.db
    .select()
    .from(auditTrails)
    .where(and(eq(auditTrails.tableName, table), eq(auditTrails.primaryKey, key)));

describe('events and audit of the file manager and grants', () => {
  it('announces a user grant to the user’s partner and audits it', async () => {
    const file = await makeManagedFile(demo);
    const recorder = recordEvents(server.built.ctx.events, 'FileGrantChanged', 'ResourceChanged');
    const now = Date.now();
    const answer = await server.api<FileGrantDto>('POST', '/api/v1/file-grants', {
      token: token(SUPPORT),
      body: {
        fileId: file.id,
        conditionType: 'user',
        targetId: userIds['partner@acme.example'],
        from: new Date(now).toISOString(),
        to: new Date(now + DAY).toISOString(),
      },
    });
    recorder.stop();
    expectEnvelope(answer, 201);
    const acme = partnerIds['Acme Logistics'];
    expect(answer.body.data!.partnerId).toBe(acme);
    expect(recorder.events()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'FileGrantChanged', grantId: answer.body.data!.id, change: 'granted', partnerId: acme, actorId: userIds[SUPPORT] }),
        expect.objectContaining({ type: 'ResourceChanged', resource: 'file-grants', id: answer.body.data!.id, action: 'created', partnerId: acme }),
      ]),
    );
    expect(await auditOf('file_grants', answer.body.data!.id)).toHaveLength(1);
  });

  it('announces a deletion, and the revocation of each of its grants', async () => {
    const file = await makeManagedFile(demo);
    const grant = await makeGrant(demo, { fileId: file.id, conditionType: 'partner', targetId: partnerIds['Acme Logistics'] });
    const recorder = recordEvents(server.built.ctx.events, 'FileGrantChanged', 'ResourceChanged');
    expectEnvelope(await server.api('DELETE', `/api/v1/files/${file.id}`, { token: token(SUPPORT) }), 200);
    recorder.stop();
    expect(recorder.events()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'FileGrantChanged', grantId: grant.id, change: 'revoked' }),
        expect.objectContaining({ type: 'ResourceChanged', resource: 'file-grants', id: grant.id }),
        expect.objectContaining({ type: 'ResourceChanged', resource: 'files', id: file.id, action: 'deleted' }),
      ]),
    );
    expect(await auditOf('managed_files', file.id)).toHaveLength(1);
    expect(await auditOf('file_grants', grant.id)).toHaveLength(1);
  });

  it('announces an upload per file and audits each', async () => {
    const recorder = recordEvents(server.built.ctx.events, 'ResourceChanged');
    const answer = await uploadFiles<ManagedFileDto[]>(server, token(SUPPORT), [
      { name: 'one.txt', content: 'one' },
      { name: 'two.txt', content: 'two' },
    ]);
    recorder.stop();
    expectEnvelope(answer, 201);
    const ids = answer.body.data!.map((f) => f.id);
    make.onCleanup(async () => {
      for (const id of ids) {
        const [row] = await server.built.ctx.db.delete(managedFiles).where(eq(managedFiles.id, id)).returning();
        await server.built.ctx.files.area('files').delete(row.storageKey);
      }
    });
    const created = recorder.events().filter((e) => e.type === 'ResourceChanged' && e.resource === 'files' && e.action === 'created');
    expect(created.map((e) => (e as { id: string }).id).sort()).toEqual([...ids].sort());
    for (const id of ids) expect(await auditOf('managed_files', id)).toHaveLength(1);
  });
});
