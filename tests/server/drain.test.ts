import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { HUB_PATH } from '../../contract/realtime';
import { registerDrain, type Drain } from '../../server/core/drain';
import { startServer, type TestServer } from './harness';
import { RawLongPolling } from './hubHarness';

/** A stop as a rolling restart makes one (SIGTERM → drain.stop()): nothing in flight is lost, balancers are told first. */
const SLOW_MS = 1_500;
let server: TestServer;
let drain: Drain;
let slowStarted: () => void;
const slowRunning = new Promise<void>((resolve) => (slowStarted = resolve));

beforeAll(async () => {
  server = await startServer({
    beforeListen: (built) => {
      built.app.get('/api/test/slow', { config: { access: 'public' } }, async () => {
        slowStarted();
        await new Promise((resolve) => setTimeout(resolve, SLOW_MS));
        return { done: true };
      });
      drain = registerDrain(built.app, built.ctx);
    },
  });
});

afterAll(async () => {
  await drain.stop();
  await server.close();
});

/** A GET over a given agent (its kept-alive socket), with the answer's status, `Connection` header and body. */
function get(agent: http.Agent, path: string): Promise<{ status: number; connection: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${server.url}${path}`, { agent }, (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
        response.on('end', () => resolve({ status: response.statusCode!, connection: response.headers.connection, body }));
      })
      .on('error', reject);
  });
}

/** Whether a new TCP connection to the server is refused. */
function connectionRefused(): Promise<boolean> {
  const { port } = new URL(server.url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(false)));
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

it('a stop drains: ready answers 503 at once, new connections are refused, the request in flight completes, kept-alive sockets get Connection: close, hub clients their Close', async () => {
  const idleKeptAlive = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const busy = new http.Agent({ keepAlive: true, maxSockets: 1 });
  expect((await get(idleKeptAlive, '/api/health')).connection).toBe('keep-alive');
  const { token } = await server.signIn('partner@acme.example');
  const hubClient = await RawLongPolling.connect(`${server.url}${HUB_PATH}`, token);

  const slow = get(busy, '/api/test/slow');
  await slowRunning;
  const stopped = drain.stop();

  // The port is closed at once (a new process may listen on it); the socket kept alive still gets answers, each
  // saying it is the last on that socket.
  expect(await connectionRefused()).toBe(true);
  expect(await get(idleKeptAlive, '/api/ready')).toMatchObject({ status: 503, connection: 'close' });
  const poll = await hubClient.poll();
  expect([poll.status, RawLongPolling.records(poll.text)]).toEqual([200, [{ type: 7, error: 'The server is shutting down.', allowReconnect: true }]]);
  expect(await slow).toEqual({ status: 200, connection: 'close', body: JSON.stringify({ done: true }) });
  await stopped;
  expect(server.built.app.server.listening).toBe(false);
  idleKeptAlive.destroy();
  busy.destroy();
});
