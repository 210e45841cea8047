import net from 'node:net';

/** PostgreSQL's ReadyForQuery message ('Z', length 5): the server has answered a statement in full. */
const READY_FOR_QUERY = Buffer.from([0x5a, 0, 0, 0, 5]);

export type TcpRelay = Awaited<ReturnType<typeof startRelay>>;

/**
 * A TCP relay to a server (the database, the bucket), on a port of 127.0.0.1: `cut()` drops every connection and
 * refuses new ones, as while the server restarts; `restore()` listens again. Started `closed`, its port refuses
 * connections until the first `restore()`, as a server not yet up. `cutAtNextQuery(pattern)` cuts just before the
 * first chunk any client sends once a statement matching `pattern` has been answered by PostgreSQL on its connection.
 */
export async function startRelay(target: net.NetConnectOpts, options: { closed?: boolean } = {}) {
  const sockets = new Set<net.Socket>();
  /** A cut waiting for a statement (`sent` on one connection), then for the server's answer to it on that connection (`answered`). */
  let armed: { pattern: string; state: 'watching' | 'sent' | 'answered'; on?: net.Socket; cut: () => void } | undefined;
  const server = net.createServer((client) => {
    const upstream = net.connect(target);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {});
    }
    client.on('data', (chunk: Buffer) => {
      if (armed?.state === 'answered') return armed.cut();
      if (armed?.state === 'watching' && chunk.includes(armed.pattern)) Object.assign(armed, { state: 'sent', on: client });
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (armed?.state === 'sent' && armed.on === client && chunk.includes(READY_FOR_QUERY)) armed.state = 'answered';
      client.write(chunk);
    });
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;

  async function cut() {
    const closed = server.listening ? new Promise((resolve) => server.close(resolve)) : undefined;
    for (const socket of sockets) socket.destroy();
    await closed;
  }
  if (options.closed) await cut();

  return {
    port,
    cut,
    /** Resolves once the cut is done. */
    cutAtNextQuery(pattern: string): Promise<void> {
      return new Promise((resolve) => {
        armed = {
          pattern,
          state: 'watching',
          cut: () => {
            armed = undefined;
            void cut().then(resolve);
          },
        };
      });
    },
    restore: () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve)),
    async close() {
      for (const socket of sockets) socket.destroy();
      if (server.listening) await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A PostgreSQL URL that reaches the server of `databaseUrl` through a relay of its own (TCP or the embedded cluster's Unix socket). */
export async function relayToDatabase(databaseUrl: string, options: { closed?: boolean } = {}) {
  const url = new URL(databaseUrl);
  // The embedded cluster listens on a Unix socket (`?host=<folder>`), a PostgreSQL server on TCP.
  const port = Number(url.port || url.searchParams.get('port') || 5432);
  const socketDir = url.searchParams.get('host');
  const relay = await startRelay(socketDir ? { path: `${socketDir}/.s.PGSQL.${port}` } : { host: url.hostname, port }, options);
  url.searchParams.delete('host');
  url.searchParams.delete('port');
  url.host = `127.0.0.1:${relay.port}`;
  return { relay, url: url.toString() };
}
