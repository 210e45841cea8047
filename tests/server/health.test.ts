import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useDemoServer } from './factories';

/** What a load balancer asks: is the process alive, and may it take traffic (database up and migrated)? */
const { server } = useDemoServer();

describe('health and readiness', () => {
  it('GET /api/health answers 200 without a token', async () => {
    const answer = await server.api('GET', '/api/health');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ isSuccess: true, statusCode: 200, data: { status: 'ok' } });
  });

  it('GET /api/ready answers 200 once every shipped migration is applied', async () => {
    const answer = await server.api<{ migrationsApplied: number; migrationsShipped: number }>('GET', '/api/ready');
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ status: 'ready', database: true });
    expect(answer.body.data!.migrationsApplied).toBe(answer.body.data!.migrationsShipped);
  });

  it('GET /api/ready answers a 503 envelope while a shipped migration is missing from the database', async () => {
    const db = server.built.database.db;
    const removed = (await db.execute(
      sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations) returning id, hash, created_at`,
    )) as unknown as {
      rows: { id: number; hash: string; created_at: string }[];
    };
    try {
      const answer = await server.api('GET', '/api/ready');
      expect(answer.status).toBe(503);
      expect(answer.body).toMatchObject({ isSuccess: false, statusCode: 503, data: null });
      expect(answer.body.message).toMatch(/not ready/);
    } finally {
      const [row] = removed.rows;
      await db.execute(sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${row.id}, ${row.hash}, ${row.created_at})`);
    }
    expect((await server.api('GET', '/api/ready')).status).toBe(200);
  });
});
