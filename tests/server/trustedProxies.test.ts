import http from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { trustProxyOf } from '../../server/config';
import { capConnectionsPerAddress } from '../../server/core/slowClients';
import { isTrustedProxyOf } from '../../server/core/trustedProxies';

describe('TRUST_PROXY', () => {
  it('is off unless set; takes true, a hop count, or a comma list of addresses and CIDRs', () => {
    expect([undefined, '', 'false', 'off'].map(trustProxyOf)).toEqual([false, false, false, false]);
    expect(trustProxyOf('true')).toBe(true);
    expect(trustProxyOf('2')).toBe(2);
    expect(trustProxyOf(' 10.0.0.1, 192.168.0.0/16 ,loopback')).toEqual(['10.0.0.1', '192.168.0.0/16', 'loopback']);
  });

  it('names which peers are proxies: none when off, every one for true or a hop count, those listed otherwise', () => {
    expect(isTrustedProxyOf(false)('127.0.0.1')).toBe(false);
    expect(isTrustedProxyOf(true)('198.51.100.1')).toBe(true);
    expect(isTrustedProxyOf(1)('198.51.100.1')).toBe(true);
    const listed = isTrustedProxyOf(['10.1.2.3', '192.168.0.0/16', 'loopback', 'fd00::/8']);
    expect(['10.1.2.3', '192.168.44.5', '127.0.0.9', '::1', 'fd12::1'].map(listed)).toEqual([true, true, true, true, true]);
    expect(['10.1.2.4', '172.16.0.1', '8.8.8.8', '2001:db8::1'].map(listed)).toEqual([false, false, false, false]);
  });

  it('refuses a list entry that is neither an address, a CIDR nor a named range', () => {
    expect(() => isTrustedProxyOf(['proxy.internal'])).toThrow(/TRUST_PROXY: proxy.internal/);
  });
});

describe('the per-address connection cap behind a trusted proxy', () => {
  const servers: http.Server[] = [];
  const sockets: net.Socket[] = [];
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.destroy();
    await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
  });

  /** A server capped at two connections per address, trusting 127.0.0.2 as its proxy. */
  async function cappedServer() {
    // As the app does (refuseConnectionsOverCap): a connection over the cap is answered 503.
    const server = http.createServer((request, response) => {
      response.statusCode = cap.isRefused(request.socket) ? 503 : 200;
      response.end();
    });
    servers.push(server);
    const cap = capConnectionsPerAddress(server, 2, isTrustedProxyOf(['127.0.0.2']));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return (server.address() as net.AddressInfo).port;
  }

  /** Opens a connection from `localAddress` and keeps it open: whether the server served a request on it (200). */
  function keptFrom(port: number, localAddress: string): Promise<boolean> {
    const socket = net.connect({ host: '127.0.0.1', port, localAddress });
    sockets.push(socket);
    socket.on('error', () => {});
    return new Promise((resolve) => {
      socket.once('connect', () => socket.write('GET / HTTP/1.1\r\nHost: portal\r\n\r\n'));
      socket.once('data', (answer) => resolve(answer.toString('latin1').startsWith('HTTP/1.1 200')));
      socket.once('close', () => resolve(false));
    });
  }

  it('spares the trusted proxy (it carries many clients) and still caps any other address', async () => {
    const port = await cappedServer();
    const fromProxy = [];
    for (let n = 0; n < 4; n++) fromProxy.push(await keptFrom(port, '127.0.0.2'));
    expect(fromProxy).toEqual([true, true, true, true]);
    const fromClient = [];
    for (let n = 0; n < 3; n++) fromClient.push(await keptFrom(port, '127.0.0.3'));
    expect(fromClient).toEqual([true, true, false]);
  });
});
