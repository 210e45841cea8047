import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import net from 'node:net';
import type { S3Settings } from '../../server/config';

/**
 * A real S3-protocol server for one test file: moto_server (Python's moto) on a free port of 127.0.0.1, in memory,
 * gone when stopped. Any keys are accepted; each test takes a bucket of its own (`settings()`).
 */
export interface S3TestServer {
  endpoint: string;
  /** The settings of a store on a new bucket of this server (made by the store at its start). */
  settings(bucket?: string): S3Settings;
  /** FILE_STORE=s3 and the rest, as an instance reads them from its environment. */
  env(bucket: string): Record<string, string>;
  stop(): Promise<void>;
}

export const MOTO_MISSING = 'moto_server was not found: the S3 tests start it (pip install "moto[server]" puts it on the PATH; CI must have it)';

/** A free loopback port (for a server a test starts). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function answers(endpoint: string) {
  try {
    await fetch(endpoint, { signal: AbortSignal.timeout(1000) });
    return true;
  } catch {
    return false;
  }
}

/** Starts moto_server and waits until it answers; a clear error when it is not installed or does not come up. */
export async function startS3Server(): Promise<S3TestServer> {
  const port = await freePort();
  const endpoint = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn('moto_server', ['-H', '127.0.0.1', '-p', String(port)], { stdio: ['ignore', 'ignore', 'pipe'] });
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => void (output = (output + chunk.toString()).slice(-4000)));
  const exited = new Promise<Error>((resolve) => {
    child.once('error', (error) => resolve((error as NodeJS.ErrnoException).code === 'ENOENT' ? new Error(MOTO_MISSING) : error));
    child.once('exit', (code) => resolve(new Error(`moto_server exited (${code}) before answering:\n${output}`)));
  });
  const ready = (async () => {
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      if (await answers(endpoint)) return undefined;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return new Error(`moto_server did not answer on ${endpoint} within 30 s:\n${output}`);
  })();
  const failure = await Promise.race([ready, exited]);
  if (failure) {
    child.kill('SIGKILL');
    throw failure;
  }
  const settings = (bucket = `pp-${crypto.randomBytes(6).toString('hex')}`): S3Settings => ({
    bucket,
    endpoint,
    region: 'us-east-1',
    accessKeyId: 'test',
    secretAccessKey: 'test',
    forcePathStyle: true,
  });
  return {
    endpoint,
    settings,
    env: (bucket) => ({
      FILE_STORE: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'test',
      S3_SECRET_ACCESS_KEY: 'test',
      S3_FORCE_PATH_STYLE: 'true',
    }),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await gone;
      clearTimeout(timer);
    },
  };
}
