import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HUB_PATH } from '../../contract/realtime';
import type { PartnerDto } from '../../contract/partners';
import { clusterDirOf, embeddedPostgresUrl, socketDirOf, startEmbeddedPostgres } from '../../server/db/embeddedPostgres';
import { queryOnce } from '../../server/db/embeddedPostgresProbe';
import { processAlive, readPostmasterPid } from '../../server/db/embeddedPostgresPid';
import { RawLongPolling } from './hubHarness';
import {
  answering,
  cleanUpEverything,
  clusterProcesses,
  createPartner,
  dataFolder,
  killCluster,
  killHard,
  processOfClusterUser,
  readPartner,
  signInAdmin,
  spawnServer,
  startedServer,
  stopGracefully,
  type ServerProcess,
} from './embeddedPostgresServers';

// Real servers in their own processes on real clusters: seconds each (initdb, migrations, the demo seed).
const slow = { timeout: 240_000 };

afterEach(cleanUpEverything);

/** Writes made at once, killed midway: the kill comes once 12 have answered 201; those are what was acknowledged (with any answered since). */
async function writesCutShortByKill(server: ServerProcess, token: string, kill: () => Promise<unknown>): Promise<PartnerDto[]> {
  const acknowledged: PartnerDto[] = [];
  let killed: Promise<unknown> | undefined;
  await Promise.all(
    Array.from({ length: 24 }, async () => {
      const made = await createPartner(server, token);
      if (made) acknowledged.push(made);
      if (acknowledged.length >= 12) killed ??= kill();
    }),
  );
  await (killed ?? kill());
  return acknowledged;
}

async function expectAllThere(server: ServerProcess, partners: PartnerDto[]) {
  const token = await signInAdmin(server);
  const statuses = await Promise.all(partners.map((partner) => readPartner(server, token, partner.id)));
  expect(statuses).toEqual(partners.map(() => 200));
}

const postmasterOf = (dataDir: string) => readPostmasterPid(clusterDirOf(dataDir))?.pid;

// The PostgreSQL pass of CI (TEST_DATABASE_URL) would run the same processes again: they never use that server.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('the embedded PostgreSQL', () => {
  it('every acknowledged write survives kill -9 of the server: the next server adopts the running cluster; its graceful stop stops it', slow, async () => {
    const dataDir = dataFolder();
    const first = await startedServer(dataDir);
    const postmaster = postmasterOf(dataDir);
    const acknowledged = await writesCutShortByKill(first, await signInAdmin(first), () => killHard(first));
    expect(acknowledged.length).toBeGreaterThanOrEqual(12);
    expect(processAlive(postmaster!)).toBe(true);

    const second = await startedServer(dataDir);
    expect(postmasterOf(dataDir)).toBe(postmaster);
    await expectAllThere(second, acknowledged);

    expect(await stopGracefully(second)).toEqual({ code: 0, signal: null });
    expect(clusterProcesses(dataDir)).toEqual([]);
    expect(processAlive(postmaster!)).toBe(false);
  });

  it('every acknowledged write survives kill -9 of the server and of every PostgreSQL process (crash recovery on the next start)', slow, async () => {
    const dataDir = dataFolder();
    const first = await startedServer(dataDir);
    const postmaster = postmasterOf(dataDir);
    const acknowledged = await writesCutShortByKill(first, await signInAdmin(first), async () => {
      killCluster(dataDir);
      await killHard(first);
    });
    expect(acknowledged.length).toBeGreaterThanOrEqual(12);
    // Left behind as by a power cut: postmaster.pid of the dead postmaster, whose id now names another live program of
    // the same user (PostgreSQL alone would refuse to start: "lock file already exists").
    // The socket's lock file names it too (a killed postmaster not yet reaped is a zombie holding its id).
    const stranger = String(processOfClusterUser());
    for (const lockFile of [path.join(clusterDirOf(dataDir), 'postmaster.pid'), path.join(socketDirOf(dataDir), '.s.PGSQL.5432.lock')]) {
      fs.writeFileSync(lockFile, fs.readFileSync(lockFile, 'utf8').replace(/^\d+/, stranger));
    }

    const second = await startedServer(dataDir);
    expect(postmasterOf(dataDir)).not.toBe(postmaster);
    await expectAllThere(second, acknowledged);
    await stopGracefully(second);
  });

  it(
    'two servers started at once on one folder both answer, see each other’s writes and hear each other’s events; the last one out stops the cluster',
    slow,
    async () => {
      const dataDir = dataFolder();
      const [one, two] = await Promise.all([startedServer(dataDir), startedServer(dataDir)]);
      const [tokenOne, tokenTwo] = await Promise.all([signInAdmin(one), signInAdmin(two)]);
      const listening = await RawLongPolling.connect(`${two.url}${HUB_PATH}`, tokenTwo);

      const madeOnOne = await createPartner(one, tokenOne);
      const madeOnTwo = await createPartner(two, tokenTwo);
      expect(await readPartner(two, tokenTwo, madeOnOne!.id)).toBe(200);
      expect(await readPartner(one, tokenOne, madeOnTwo!.id)).toBe(200);

      const heard: unknown[] = [];
      while (!heard.some((record) => JSON.stringify(record).includes(madeOnOne!.id))) {
        const poll = await listening.poll();
        expect(poll.status).toBe(200);
        heard.push(...RawLongPolling.records(poll.text));
      }
      expect(heard).toContainEqual(
        expect.objectContaining({ target: 'ResourceChanged', arguments: [{ resource: 'partners', id: madeOnOne!.id, action: 'created' }] }),
      );

      expect(await stopGracefully(one)).toEqual({ code: 0, signal: null });
      expect(clusterProcesses(dataDir)).not.toEqual([]);
      expect(await readPartner(two, tokenTwo, madeOnTwo!.id)).toBe(200);
      expect(await stopGracefully(two)).toEqual({ code: 0, signal: null });
      expect(clusterProcesses(dataDir)).toEqual([]);
    },
  );

  it('a data folder PostgreSQL cannot use stops the start with an error naming DATA_DIR and DATABASE_ENGINE=pglite', slow, async () => {
    const dataDir = dataFolder();
    fs.writeFileSync(path.join(dataDir, 'postgres'), 'not a cluster');
    const server = await spawnServer(dataDir);
    expect((await server.exited).code).not.toBe(0);
    expect(server.stderr()).toMatch(/cannot use DATA_DIR .*postgres exists but holds no PostgreSQL cluster.*DATABASE_ENGINE=pglite/);
  });

  it('a data folder too deep for a socket path gets its socket in a short folder named by its hash, and answers there', slow, async () => {
    const top = dataFolder();
    fs.chmodSync(top, 0o755);
    const dataDir = path.join(top, 'a-folder-name-long-enough-that-the-socket-path-would-pass-107-bytes', 'data');
    fs.mkdirSync(dataDir, { recursive: true });
    const cluster = await startEmbeddedPostgres({ dataDir });
    const socketDir = new URL(cluster.url).searchParams.get('host')!;
    try {
      expect(socketDir).toBe(path.join(os.tmpdir(), socketDir.split('/').pop()!));
      expect(socketDir).toMatch(/portal-pg-[0-9a-f]{16}$/);
      expect(cluster.url).toBe(embeddedPostgresUrl(dataDir));
      const rows = await queryOnce<{ db: string }>(cluster.url, 'select current_database() as db');
      expect(rows).toEqual([{ db: 'portal' }]);
    } finally {
      await cluster.close();
      fs.rmSync(socketDir, { recursive: true, force: true });
    }
    expect(clusterProcesses(dataDir)).toEqual([]);
  });

  it.runIf(process.getuid?.() === 0)(
    'a data folder the PostgreSQL user cannot reach (root runs it as another user) stops the start with a clear error',
    slow,
    async () => {
      // The folder above DATA_DIR is private to root (mkdtemp's 0700): the cluster's user cannot pass through it.
      const dataDir = path.join(dataFolder(), 'data');
      const server = await spawnServer(dataDir);
      expect((await server.exited).code).not.toBe(0);
      expect(server.stderr()).toMatch(/cannot use DATA_DIR .*data: the user \S+ that runs PostgreSQL cannot enter it.*DATABASE_ENGINE=pglite/);
    },
  );

  it.runIf(process.getuid?.() === 0)(
    'the default engine, where PostgreSQL cannot run, falls back to PGlite in the same folder and serves the portal',
    slow,
    async () => {
      const dataDir = path.join(dataFolder(), 'data');
      const server = await answering(await spawnServer(dataDir, { DATABASE_ENGINE: '' }));
      try {
        expect(await signInAdmin(server)).toEqual(expect.any(String));
        expect(fs.existsSync(path.join(dataDir, 'pglite'))).toBe(true);
        expect(fs.existsSync(path.join(dataDir, 'postgres', 'PG_VERSION'))).toBe(false);
      } finally {
        await stopGracefully(server);
      }
    },
  );
});
