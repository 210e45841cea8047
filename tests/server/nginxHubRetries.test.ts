import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { HUB_PATH } from '../../contract/realtime';
import { buildApp, type BuiltApp } from '../../server/app';
import { registerDrain, type Drain } from '../../server/core/drain';
import { startNginx, type Balancer } from '../../scripts/cluster/cluster';
import { startServer, type TestServer } from './harness';

/**
 * A rolling restart behind the shipped nginx site (deploy/nginx/partner-portal.conf): the draining instance refuses
 * new connections, but answers 503 "restarting" to hub negotiates that come on the sockets nginx keeps alive to it.
 * nginx must take those to the other instance: a client sees no 503 (the review saw 11 negotiates fail).
 */
let draining: TestServer;
let drain: Drain;
let other: { built: BuiltApp; port: number };
let nginx: Balancer;
let dir: string;

beforeAll(async () => {
  draining = await startServer({ beforeListen: (built) => void (drain = registerDrain(built.app, built.ctx)) });
  // The same database and data folder (so the same JWT secret): the other instance of one deployment.
  const built = await buildApp(draining.config, { logger: false });
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  other = { built, port: (built.app.server.address() as AddressInfo).port };
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-nginx-'));
  nginx = await startNginx(dir, 'nginx', [Number(new URL(draining.url).port), other.port]);
});

afterAll(async () => {
  await nginx?.stop();
  await drain?.stop();
  await draining?.close();
  await other?.built.app.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

it('negotiates sent through nginx while an instance drains all succeed: its 503s are retried on the other instance', async () => {
  const { token } = await draining.signIn('partner@acme.example');
  const negotiate = async () => {
    const response = await fetch(`${nginx.url}${HUB_PATH}/negotiate?negotiateVersion=1`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    await response.arrayBuffer();
    return response.status;
  };
  // nginx now keeps sockets alive to both instances.
  expect(new Set(await Promise.all(Array.from({ length: 12 }, negotiate)))).toEqual(new Set([200]));

  const stopped = drain.stop();
  const during = await Promise.all(Array.from({ length: 24 }, negotiate));
  await stopped;
  expect(during.filter((status) => status !== 200)).toEqual([]);
  // And once it is gone, still none.
  expect(new Set(await Promise.all(Array.from({ length: 6 }, negotiate)))).toEqual(new Set([200]));
});
