import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { HUB_PATH } from '../../contract/realtime';
import { TENANT_HEADER, TENANT_ROOT } from '../../contract/http';
import { DEMO_PASSWORD } from '../../server/modules/users/users.demo';
import { eventually, RawLongPolling } from './hubHarness';

/** `npm start` as a terminal or a process manager stops it: a signal to the whole process group. */
const root = path.resolve(import.meta.dirname, '../..');

async function freePort() {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

it(
  'a SIGTERM to the process group reaches the server once: it shuts down gracefully, long-polling clients take their Close',
  { timeout: 120_000 },
  async () => {
    const port = await freePort();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-start-'));
    // Own process group, as a shell gives a foreground job; serve.mjs is what start.mjs runs once the app is built.
    const child = spawn(process.execPath, [path.join(root, 'scripts', 'serve.mjs')], {
      cwd: root,
      detached: true,
      stdio: 'ignore',
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', SEED: 'demo', LOG_LEVEL: 'warn', JWT_SECRET: '' },
    });
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal })),
    );
    const url = `http://127.0.0.1:${port}`;
    try {
      let listening = false;
      const probe = () =>
        fetch(`${url}/api`).then(
          () => (listening = true),
          () => false,
        );
      await eventually(() => (void probe(), listening), 90_000, 'the server answering');
      const signedIn = await fetch(`${url}/api/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [TENANT_HEADER]: TENANT_ROOT },
        body: JSON.stringify({ email: 'partner@acme.example', password: DEMO_PASSWORD }),
      });
      const { data } = (await signedIn.json()) as { data: { token: string } };
      const connection = await RawLongPolling.connect(`${url}${HUB_PATH}`, data.token);
      // A parent that relays signals to a child server delivers a group's SIGTERM twice (once from the group, once
      // relayed), and the second kills the server mid-shutdown when it comes late enough: the server must be this process.
      expect(fs.readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').trim()).toBe('');

      process.kill(-child.pid!, 'SIGTERM');
      const poll = await connection.poll();
      expect([poll.status, RawLongPolling.records(poll.text)]).toEqual([200, [{ type: 7, error: 'The server is shutting down.', allowReconnect: true }]]);
      expect(await exited).toEqual({ code: 0, signal: null });
    } finally {
      if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGKILL');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  },
);
