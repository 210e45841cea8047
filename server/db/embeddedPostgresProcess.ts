import { spawn } from 'node:child_process';
import type { ClusterUser } from './embeddedPostgresUser';

/** PG* variables of the caller's shell (PGPORT, PGDATA…) would steer the cluster's programs away from our settings. */
function cleanEnvironment(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('PG')));
}

/** Runs one of the cluster's programs as its user; rejects with the program's output when it fails. */
export function runAs(user: ClusterUser | undefined, program: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, {
      cwd: '/',
      env: cleanEnvironment(),
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(user ? { uid: user.uid, gid: user.gid } : {}),
    });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.once('error', reject);
    child.once('close', (code) => {
      const text = Buffer.concat(output).toString('utf8').trim();
      if (code === 0) resolve(text);
      else reject(new Error(`${program.split('/').pop()} ${args[0]} failed (exit ${code}): ${text}`));
    });
  });
}
