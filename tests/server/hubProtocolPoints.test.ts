import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from './harness';
import { eventually, RawHubSocket, RawLongPolling, sleep, startHubServer, TEST_TIMING, type HubTestServer } from './hubHarness';
import { HUB_PATH } from '../../contract/realtime';

/** Where ASP.NET Core SignalR behaves a certain way and clients rely on it: raw HTTP and WebSocket below the official client. */
let server: HubTestServer;
let token: string;

beforeAll(async () => {
  server = await startHubServer();
  token = await server.token('partner@acme.example');
});
afterAll(() => server.close());

const echo = (invocationId: string, value: unknown) => ({ type: 1, invocationId, target: 'Echo', arguments: [value] });
const completion = (invocationId: string, result: unknown) => ({ type: 3, invocationId, result });
const MESSAGE_LIMIT = 64 * 1024;
const TOO_LARGE = { type: 7, error: `Connection closed with an error. InvalidDataException: The maximum message size of ${MESSAGE_LIMIT}B was exceeded.` };

describe('the client timeout', () => {
  it('spares a client that never pinged, however long it is silent; once it has pinged, silence drops it', async () => {
    const socket = await RawHubSocket.connect(server.hubUrl, token);
    // Proving that nothing happens takes time: three client timeouts of silence, with the server's pings meanwhile.
    await sleep(TEST_TIMING.clientTimeoutMs * 3);
    let from = socket.received.length;
    socket.send(echo('1', 'still here'));
    expect(await socket.next(from)).toEqual(completion('1', 'still here'));

    from = socket.received.length;
    socket.send({ type: 6 });
    expect(await socket.next(from, TEST_TIMING.clientTimeoutMs * 3)).toEqual({
      type: 7,
      error: 'Client timeout elapsed without receiving a message from the client.',
      allowReconnect: true,
    });
    expect(await socket.closed).toBe(1000);
  });
});

describe('long polling', () => {
  it('a second poll on one connection ends the other with 204 and the connection goes on', async () => {
    const connection = await RawLongPolling.connect(server.hubUrl, token);
    const polls = [connection.poll(), connection.poll()];
    const ended = await Promise.race(polls);
    expect(ended).toEqual({ status: 204, text: '' });
    expect(await connection.send(echo('1', 'after the second poll'))).toBe(200);
    const answers = await Promise.all(polls);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 204]);
    expect(RawLongPolling.records(answers.find((a) => a.status === 200)!.text)).toEqual([completion('1', 'after the second poll')]);
  });

  it('a send may carry several messages: the size limit applies to each, not to the body', async () => {
    const connection = await RawLongPolling.connect(server.hubUrl, token);
    const large = 'x'.repeat(MESSAGE_LIMIT - 100);
    expect(await connection.send(echo('1', large), echo('2', large))).toBe(200);
    const received: Record<string, unknown>[] = [];
    while (received.length < 2) received.push(...RawLongPolling.records((await connection.poll()).text));
    expect(received).toEqual([completion('1', large), completion('2', large)]);

    expect(await connection.send(echo('3', 'x'.repeat(MESSAGE_LIMIT)))).toBe(200);
    expect(RawLongPolling.records((await connection.poll()).text)).toEqual([TOO_LARGE]);
    expect((await connection.poll()).status).toBe(204);
  });

  it('a client between two polls when the server shuts down takes the Close with its next poll', async () => {
    const app = await startServer();
    let closed = false;
    try {
      const connection = await RawLongPolling.connect(`${app.url}${HUB_PATH}`, (await app.signIn('partner@acme.example')).token);
      const closing = app.built.app.close().then(() => (closed = true));
      const poll = await connection.poll();
      expect([poll.status, RawLongPolling.records(poll.text)]).toEqual([200, [{ type: 7, error: 'The server is shutting down.', allowReconnect: true }]]);
      expect((await connection.poll()).status).toBe(204);
      await closing;
    } finally {
      if (!closed) await app.built.app.close();
      await app.close();
    }
  });
});

describe('a message over the size limit', () => {
  it('on a WebSocket gets a Close saying so, not a bare 1009', async () => {
    const socket = await RawHubSocket.connect(server.hubUrl, token);
    const from = socket.received.length;
    socket.send(echo('1', 'x'.repeat(MESSAGE_LIMIT)));
    expect(await socket.next(from)).toEqual(TOO_LARGE);
    expect(await socket.closed).toBe(1000);
  });

  it('on a WebSocket, several messages in one frame are each within the limit', async () => {
    const socket = await RawHubSocket.connect(server.hubUrl, token);
    const large = 'y'.repeat(MESSAGE_LIMIT - 100);
    const from = socket.received.length;
    socket.send(echo('1', large), echo('2', large));
    const completions = () => socket.received.slice(from).filter((r) => r.type !== 6);
    await eventually(() => completions().length >= 2, 3000, 'two completions');
    expect(completions()).toEqual([completion('1', large), completion('2', large)]);
    socket.close();
  });
});
