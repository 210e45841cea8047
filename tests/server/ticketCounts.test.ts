import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { partnerWithUser } from './dashboardFixtures';
import { expectEnvelope } from './expectations';
import { useDemoServer } from './factories';

const demo = useDemoServer();
const { server, make, token } = demo;

/** ticket_counts as stored, and the same figures counted from the tickets themselves. */
async function keptAndRecounted() {
  const db = server.built.ctx.db;
  const rows = async (query: SQL) => {
    const { rows: found } = (await db.execute(query)) as unknown as { rows: { key: string; total: number }[] };
    return found.map((r) => `${r.key}=${r.total}`);
  };
  return {
    kept: await rows(sql`select status || '/' || awaiting_side as key, total from ticket_counts where total <> 0 order by 1`),
    recounted: await rows(sql`select status || '/' || awaiting_side as key, count(*)::int as total from tickets group by 1 order by 1`),
  };
}

describe('ticket_counts (the trigger behind Home figures)', () => {
  it('matches a recount of the tickets after creates, answers on both sides and status changes', async () => {
    const { partner, user } = await partnerWithUser(demo);
    const admin = token('admin@example.com');
    const first = await make.ticket(user.token);
    const second = await make.ticket(admin, { partnerId: partner.id });
    expectEnvelope(await server.api('POST', `/api/v1/tickets/${first.id}/messages`, { token: admin, body: { body: 'On it' } }), 201);
    expectEnvelope(await server.api('POST', `/api/v1/tickets/${second.id}/messages`, { token: user.token, body: { body: 'Here you are' } }), 201);
    expectEnvelope(await server.api('PUT', `/api/v1/tickets/admin/${first.id}`, { token: admin, body: { ticketId: first.id, status: 'RESOLVED' } }), 200);
    expectEnvelope(await server.api('PUT', `/api/v1/tickets/admin/${second.id}`, { token: admin, body: { ticketId: second.id, status: 'CLOSED' } }), 200);

    const { kept, recounted } = await keptAndRecounted();
    expect(kept).toEqual(recounted);
  });

  it('follows rows written or removed outside the service too', async () => {
    const db = server.built.ctx.db;
    const { user } = await partnerWithUser(demo);
    const ticket = await make.ticket(user.token);
    await db.execute(sql`update tickets set status = 'PENDING', awaiting_side = 'partner' where id = ${ticket.id}`);
    await db.execute(sql`update tickets set subject = 'Renamed only' where id = ${ticket.id}`);
    expect((await keptAndRecounted()).kept).toEqual((await keptAndRecounted()).recounted);
    await db.execute(sql`delete from tickets where id = ${ticket.id}`);
    const { kept, recounted } = await keptAndRecounted();
    expect(kept).toEqual(recounted);
  });
});
