import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanUpEverything, clusterProcesses, dataFolder, spawnServer } from './embeddedPostgresServers';

/** Issue 35, item 12: `npm start` on a port another program holds. */
const slow = { timeout: 180_000 };
afterEach(cleanUpEverything);

async function portHeldByAnotherProgram() {
  const holder = net.createServer();
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
  return { port: (holder.address() as net.AddressInfo).port, release: () => new Promise((resolve) => holder.close(resolve)) };
}

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('a start on a port already in use', () => {
  it('says so in one line without a stack trace, exits 1 and leaves no embedded PostgreSQL running', slow, async () => {
    const held = await portHeldByAnotherProgram();
    const dataDir = dataFolder();
    try {
      const server = await spawnServer(dataDir, { PORT: String(held.port), LOG_LEVEL: 'info' });
      const { code } = await server.exited;
      const output = server.stderr();
      expect(code, output).toBe(1);
      const said = output.split('\n').filter((line) => /in use/.test(line));
      expect(said, output).toHaveLength(1);
      expect(said[0]).toContain(`Port ${held.port} on 127.0.0.1 is already in use`);
      expect(output).not.toMatch(/^\s+at /m);
      expect(output).not.toMatch(/EADDRINUSE/);
      expect(clusterProcesses(dataDir)).toEqual([]);
    } finally {
      await held.release();
    }
  });
});
