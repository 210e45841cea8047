// The benches that measure the server from inside (bench:writes counts the statements a request sends on the pool,
// bench:events times ctx.events.publish on two instances) run the app in their own process. Their cleanup, however
// the bench ends: the app closed, the embedded cluster it started stopped (pg_ctl detaches its postmaster, which a
// bench that dies would leave running), the folder removed.
import fs from 'node:fs';
import path from 'node:path';
import { TENANT_HEADER, TENANT_ROOT } from '../../contract/http';
import type { TokenResponse } from '../../contract/tokens';
import { buildApp, type BuiltApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { DEMO_PASSWORD } from '../../server/modules/users/users.demo';
import { benchFolder } from '../engine';
import { onCleanup } from './cleanup';
import { postmasterOf, stopLeftCluster } from './serverProcess';

/** Registers the app's close and its folder's removal with the bench's cleanup; the returned function runs them now. */
export function closeWithBench(name: string, built: BuiltApp, dataDir: string): () => Promise<void> {
  return onCleanup(
    name,
    async () => {
      const lingering = setTimeout(() => built.app.server.closeAllConnections(), 2000);
      await built.app.close().catch((error: unknown) => console.error(`closing ${name}:`, error));
      clearTimeout(lingering);
      await stopLeftCluster(dataDir);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
    () => {
      const postmaster = postmasterOf(dataDir);
      if (postmaster) process.kill(postmaster, 'SIGQUIT');
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  );
}

/**
 * The app as main.ts builds it, in this process, on the embedded PostgreSQL (the default engine) in a folder of its
 * own, with the demo seed; `countStatements` counts each request's round trips (`built.statements`).
 */
export async function startInProcessApp(folderPrefix: string, options: { countStatements?: boolean } = {}) {
  // Open to other users: the embedded PostgreSQL runs as a user of its own when the bench runs as root.
  const dataDir = benchFolder(folderPrefix);
  const base = loadConfig(
    { ...process.env, SEED: 'demo', SECOND_FACTOR_ENROLMENT: 'off', DATABASE_URL: '', DATABASE_ENGINE: 'embedded', JWT_SECRET: '', FILE_JOBS: 'off' },
    { dataDir, port: 0 },
  );
  const config = { ...base, logLevel: 'silent', staticDir: path.join(dataDir, 'no-dist'), limits: { ...base.limits, tokenPerMinute: 10_000 } };
  const built = await buildApp(config, { logger: false, countStatements: options.countStatements });
  const close = closeWithBench('the app', built, dataDir);
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const address = built.app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const api = async <T>(method: string, urlPath: string, options: { token?: string; body?: unknown; headers?: Record<string, string> } = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    if (body !== undefined) headers['content-type'] ??= 'application/json';
    const response = await fetch(url + urlPath, { method, headers, body });
    const text = await response.text();
    let parsed: { data?: T | null } = {};
    try {
      parsed = JSON.parse(text) as { data?: T | null };
    } catch {
      parsed = {};
    }
    return { status: response.status, body: parsed, text };
  };
  const signIn = async (email: string) =>
    (await api<TokenResponse>('POST', '/api/token', { body: { email, password: DEMO_PASSWORD }, headers: { [TENANT_HEADER]: TENANT_ROOT } })).body.data!;
  return { built, api, signIn, close };
}

export type InProcessApp = Awaited<ReturnType<typeof startInProcessApp>>;
