import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { FileGrantDto } from '../../contract/files';
import type { TicketDto } from '../../contract/tickets';
import { fileGrants } from '../../server/db/schema';
import { useDemoServer } from './factories';
import { makeFileWithGrant } from './fileFixtures';

/**
 * The hot writes read their row without a lock, then write only over the row version they read (issue 21): a change
 * landing between the read and the write is read again, and If-Match still refuses a copy gone stale.
 */
const demo = useDemoServer();
const { server, token, make, partnerIds } = demo;
const ADMIN = 'admin@example.com';
const SUPPORT = 'support@example.com';
const ACME = 'partner@acme.example';

describe('writes racing from one copy', () => {
  it('a status change whose ticket another change moved after its read is a 412, not an overwrite', async () => {
    const ticket = await make.ticket(token(ACME));
    const read = await server.api<TicketDto>('GET', `/api/v1/tickets/${ticket.id}`, { token: token(ADMIN) });
    const etag = read.headers.get('etag')!;
    const set = (status: string, who: string) =>
      server.api<TicketDto>('PUT', `/api/v1/tickets/admin/${ticket.id}`, {
        token: token(who),
        body: { ticketId: ticket.id, status },
        headers: { 'if-match': etag },
      });
    const pool = (server.built.database.db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client;
    const original = pool.query;
    let other: number | undefined;
    // The first change's write: another change from the same copy lands just before it is sent.
    pool.query = async (...args: unknown[]) => {
      const text = typeof args[0] === 'string' ? args[0] : ((args[0] as { text?: string }).text ?? '');
      if (text.includes('update tickets set status')) {
        pool.query = original;
        other = (await set('RESOLVED', SUPPORT)).status;
      }
      return original.apply(pool, args);
    };
    try {
      const first = await set('PENDING', ADMIN);
      expect([other, first.status]).toEqual([200, 412]);
      expect(first.body.data).toMatchObject({ status: 'RESOLVED' });
    } finally {
      pool.query = original;
    }
  });

  it('new terms for a grant: a download counted after the read is kept (retried), another change from the copy makes it a 412', async () => {
    const { grant } = await makeFileWithGrant(demo, { conditionType: 'partner', targetId: partnerIds['Acme Logistics'] });
    const read = await server.api<FileGrantDto>('GET', `/api/v1/file-grants/${grant.id}`, { token: token(ADMIN) });
    const current = read.body.data!;
    const put = (note: string) =>
      server.api<FileGrantDto>('PUT', `/api/v1/file-grants/${grant.id}`, {
        token: token(ADMIN),
        body: { from: current.from, to: current.to, note, downloadLimit: null, viewOnly: false },
        headers: { 'if-match': `"${current.version}"` },
      });
    const db = server.built.database.db;
    const countDownload = () =>
      db
        .update(fileGrants)
        .set({ downloadCount: sql`${fileGrants.downloadCount} + 1` })
        .where(eq(fileGrants.id, grant.id));
    const downloads = async () => (await db.select().from(fileGrants).where(eq(fileGrants.id, grant.id)))[0].downloadCount;

    const first = await beforeNextWrite('update file_grants', countDownload);
    expect((await first(() => put('After a download'))).status).toBe(200);
    expect(await downloads()).toBe(1);

    const again = await server.api<FileGrantDto>('GET', `/api/v1/file-grants/${grant.id}`, { token: token(ADMIN) });
    Object.assign(current, again.body.data!);
    let other: number | undefined;
    const second = await beforeNextWrite('update file_grants', async () => {
      other = (await put('Landed first')).status;
    });
    expect((await second(() => put('From the same copy'))).status).toBe(412);
    expect(other).toBe(200);
    expect(await downloads()).toBe(1);
  });
});

/** Runs `meanwhile` just before the server's next statement containing `marker` is sent; answers a runner for the call. */
async function beforeNextWrite(marker: string, meanwhile: () => Promise<unknown>) {
  const pool = (server.built.database.db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client;
  const original = pool.query;
  return async <T>(call: () => Promise<T>): Promise<T> => {
    pool.query = async (...args: unknown[]) => {
      const text = typeof args[0] === 'string' ? args[0] : ((args[0] as { text?: string }).text ?? '');
      if (text.includes(marker)) {
        pool.query = original;
        await meanwhile();
      }
      return original.apply(pool, args);
    };
    try {
      return await call();
    } finally {
      pool.query = original;
    }
  };
}
