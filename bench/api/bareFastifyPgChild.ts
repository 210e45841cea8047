// The floor of issue 36's GET by id, run in a child process: a bare Fastify with a pg pool of the server's size on the
// server's own database, answering GET /api/v1/partners/{id} with the very SELECT the server runs (prepared), wrapped
// in the same envelope. No auth, hooks, validation, drizzle or logging: what HTTP plus the query cost on this machine.
import Fastify from 'fastify';
import pg from 'pg';
import { partnerByIdSql, SERVER_POOL_SIZE } from './rawFloor';

const pool = new pg.Pool({ connectionString: process.env.BENCH_BARE_DATABASE_URL, max: SERVER_POOL_SIZE });
pool.on('error', () => {});
const app = Fastify({ logger: false });
app.get<{ Params: { id: string } }>('/api/v1/partners/:id', async (request, reply) => {
  const { rows } = await pool.query({ name: 'bench_partner_by_id', text: partnerByIdSql, values: [request.params.id] });
  if (!rows.length) return reply.code(404).send({ succeeded: false, data: null });
  return reply.send({ succeeded: true, message: 'Done', data: rows[0] });
});
await app.listen({ port: Number(process.env.BENCH_BARE_PORT), host: '127.0.0.1' });
process.send?.('listening');
process.once('SIGTERM', () => void app.close().then(() => pool.end().then(() => process.exit(0))));
