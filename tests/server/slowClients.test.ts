import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';
import { SAMPLE_PNG, uploadFiles, multipartOf } from './managedFileRequests';

/**
 * Clients that send too slowly or hold too many sockets are cut off (issue 20, item 3). The limits are shrunk to
 * milliseconds so that each cut-off shows within the test; every wait is on an event, never on a clock.
 */
const LIMITS = {
  headersTimeoutMs: 400,
  minBodyBytesPerSecond: 2000,
  bodyRateWindowMs: 300,
  maxConnectionsPerAddress: 4,
};

let server: TestServer;
let adminToken: string;
let port: number;

beforeAll(async () => {
  server = await startServer({ limits: LIMITS });
  adminToken = (await server.signIn('admin@example.com')).token;
  port = Number(new URL(server.url).port);
});
afterAll(() => server.close());

/** Every raw client a test opened, closed after it whatever its outcome. */
const opened = new Set<RawClient>();
afterEach(() => {
  for (const client of opened) client.close();
  opened.clear();
});

/** A raw TCP connection to the server from `localAddress` (Linux routes all of 127.0.0.0/8 to the loopback). */
class RawClient {
  readonly socket: net.Socket;
  received = '';
  readonly closed: Promise<void>;
  private trickle?: NodeJS.Timeout;

  constructor(localAddress = '127.0.0.1') {
    this.socket = net.connect({ host: '127.0.0.1', port, localAddress });
    opened.add(this);
    this.socket.on('data', (chunk) => void (this.received += chunk.toString('latin1')));
    this.socket.on('error', () => {});
    this.closed = new Promise((resolve) => this.socket.once('close', () => resolve()));
    void this.closed.then(() => clearInterval(this.trickle));
  }

  connected() {
    return new Promise<void>((resolve) => this.socket.once('connect', () => resolve()));
  }

  /** Writes `next()` every few milliseconds until the server closes the socket. */
  trickleUntilClosed(next: () => string | Buffer) {
    this.trickle = setInterval(() => {
      if (!this.socket.destroyed) this.socket.write(next());
    }, 20);
    return this.closed;
  }

  /** One GET of /api/health on this socket: the status line of the answer, or null when the socket closes first. */
  health(): Promise<string | null> {
    const from = this.received.length;
    this.socket.write('GET /api/health HTTP/1.1\r\nHost: portal\r\n\r\n');
    return new Promise((resolve) => {
      const answered = () => {
        const text = this.received.slice(from);
        if (text.includes('\r\n\r\n')) {
          this.socket.off('data', answered);
          resolve(text.split('\r\n')[0]);
        }
      };
      this.socket.on('data', answered);
      void this.closed.then(() => resolve(null));
    });
  }

  close() {
    clearInterval(this.trickle);
    this.socket.destroy();
  }
}

/** A GET of /api/health from `localAddress` on a connection of its own, kept open after: its status. */
function healthOnNewConnection(localAddress: string, at: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port: at, localAddress });
    let received = '';
    socket.on('error', () => resolve('error'));
    socket.once('connect', () => socket.write('GET /api/health HTTP/1.1\r\nHost: portal\r\n\r\n'));
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
      if (received.includes('\r\n\r\n')) resolve(received.split('\r\n')[0]);
    });
    socket.once('close', () => resolve(received.split('\r\n')[0] || 'closed'));
    officeSockets.push(socket);
  });
}
const officeSockets: net.Socket[] = [];

describe('an office behind one address (NAT), at the default cap', () => {
  let office: TestServer;
  beforeAll(async () => {
    office = await startServer();
  });
  afterAll(async () => {
    for (const socket of officeSockets.splice(0)) socket.destroy();
    await office.close();
  });

  it('serves 600 connections from one address that each make a request at once, and keeps them open', async () => {
    const at = Number(new URL(office.url).port);
    const statuses = await Promise.all(Array.from({ length: 600 }, () => healthOnNewConnection('127.0.0.9', at)));
    expect(statuses.filter((status) => status !== 'HTTP/1.1 200 OK')).toEqual([]);
  });
});

describe('slow clients', () => {
  it('a connection that sends its headers a line at a time past the headers timeout is answered 408 and closed', async () => {
    const client = new RawClient();
    await client.connected();
    client.socket.write('GET /api/health HTTP/1.1\r\nHost: portal\r\n');
    let line = 0;
    await client.trickleUntilClosed(() => `X-Slow-${(line += 1)}: a\r\n`);
    expect(client.received).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('an upload that trickles below the rate floor is cut off, while a normal upload of the same route is stored', async () => {
    const { rawBody, headers } = multipartOf([{ name: 'slow.png', content: Buffer.concat([SAMPLE_PNG, Buffer.alloc(200_000, 1)]) }]);
    const client = new RawClient();
    await client.connected();
    client.socket.write(
      `POST /api/v1/files HTTP/1.1\r\nHost: portal\r\nAuthorization: Bearer ${adminToken}\r\n` +
        `Content-Type: ${headers['content-type']}\r\nContent-Length: ${rawBody.length}\r\n\r\n`,
    );
    let sent = 0;
    // Two bytes every 20 ms: 100 bytes a second, under the floor of 2,000.
    await client.trickleUntilClosed(() => rawBody.subarray(sent, (sent += 2)));
    expect(sent).toBeLessThan(rawBody.length);
    expect(client.received).not.toMatch(/^HTTP\/1\.1 2/);

    const normal = await uploadFiles(server, adminToken, [{ name: 'normal.png', content: Buffer.concat([SAMPLE_PNG, Buffer.alloc(200_000, 1)]) }]);
    expect(normal.status).toBe(201);
  });

  it('a connection beyond the cap of idle ones from one address is answered 503 with Retry-After and closed, while another address is served', async () => {
    const capped = '127.0.0.3';
    const held = Array.from({ length: LIMITS.maxConnectionsPerAddress }, () => new RawClient(capped));
    for (const client of held) expect(await client.health()).toBe('HTTP/1.1 200 OK');

    const refused = new RawClient(capped);
    expect(await refused.health()).toBe('HTTP/1.1 503 Service Unavailable');
    await refused.closed;
    const [head, body] = refused.received.split('\r\n\r\n');
    expect(head).toMatch(/\r\nretry-after: [1-9]/i);
    expect(head).toMatch(/\r\nconnection: close/i);
    expect(JSON.parse(body)).toMatchObject({ isSuccess: false, statusCode: 503, message: expect.stringMatching(/Too many connections from your address/) });

    const other = new RawClient('127.0.0.2');
    expect(await other.health()).toBe('HTTP/1.1 200 OK');

    held[0].close();
    await held[0].closed;
    // The server counts the freed slot when it sees the close, which may come just after ours: a refusal is retried.
    let status = await new RawClient(capped).health();
    for (let attempt = 0; status !== 'HTTP/1.1 200 OK' && attempt < 20; attempt += 1) status = await new RawClient(capped).health();
    expect(status).toBe('HTTP/1.1 200 OK');
  });
});
