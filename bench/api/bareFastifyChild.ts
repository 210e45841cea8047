// The bare-Fastify peer of bench:api, run in a child process: one route answering a fixed JSON envelope, no auth,
// no hooks, no logging; the ceiling of what Fastify on this machine answers for that path.
import Fastify from 'fastify';

const body = process.env.BENCH_BARE_BODY ?? '{}';
const app = Fastify({ logger: false });
app.get(process.env.BENCH_BARE_PATH ?? '/', async (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
await app.listen({ port: Number(process.env.BENCH_BARE_PORT), host: '127.0.0.1' });
process.send?.('listening');
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
