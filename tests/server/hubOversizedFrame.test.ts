import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpTransportType } from '@microsoft/signalr';
import { RawHubSocket, startHubServer, type HubTestServer } from './hubHarness';

/** A message bigger than one WebSocket frame may be (1 MB): the ws library refuses it before the hub reads it. */
let server: HubTestServer;
let token: string;

beforeAll(async () => {
  server = await startHubServer();
  token = await server.token('partner@acme.example');
});
afterAll(() => server.close());

const MESSAGE_LIMIT = 64 * 1024;
const TOO_LARGE_ERROR = `Connection closed with an error. InvalidDataException: The maximum message size of ${MESSAGE_LIMIT}B was exceeded.`;
const ONE_MEGABYTE = 1024 * 1024;
const hugeEcho = { type: 1, invocationId: '1', target: 'Echo', arguments: ['x'.repeat(ONE_MEGABYTE)] };

describe('a message of 1 MB in one WebSocket frame', () => {
  it('gets the Close record that names the size limit, then a normal close, not a bare 1009', async () => {
    const socket = await RawHubSocket.connect(server.hubUrl, token);
    const from = socket.received.length;
    socket.send(hugeEcho);
    expect(await socket.closed).toBe(1000);
    expect(socket.received.slice(from).filter((r) => r.type !== 6)).toEqual([{ type: 7, error: TOO_LARGE_ERROR }]);
  });

  it('the official client is closed with the size error, as for any oversized message', async () => {
    const connection = server.client(HttpTransportType.WebSockets, () => token);
    const closed = new Promise<Error | undefined>((resolve) => connection.onclose(resolve));
    await connection.start();
    connection.invoke('Echo', 'x'.repeat(ONE_MEGABYTE)).catch(() => {});
    const error = await closed;
    expect(error?.message).toContain(TOO_LARGE_ERROR);
  });
});
