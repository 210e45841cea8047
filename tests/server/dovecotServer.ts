import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './s3Server';

export interface ImapServer {
  /** `imap://inbox:secret@127.0.0.1:PORT/INBOX`: the one mailbox's address. */
  url: string;
  /** Stops the server (every session dropped) and starts it again on the same port, its mail kept. */
  restart(): Promise<void>;
  /** Stops the server, its mail kept, until `up`. */
  down(): Promise<void>;
  up(): Promise<void>;
  stop(): Promise<void>;
}

const DOVECOT = '/usr/sbin/dovecot';

const idOf = (flag: '-u' | '-g', user: string) => Number(execFileSync('id', [flag, user], { encoding: 'utf8' }).trim());

/**
 * Debian's Dovecot (dovecot-imapd, which .ci/run installs) in a folder of its own, on a free loopback port: one
 * mailbox `inbox` (password `secret`), plain IMAP without TLS. Run as root, its mail processes run as the package's
 * `dovecot` user; run as another user, as that user.
 */
export async function startDovecot(): Promise<ImapServer> {
  if (!fs.existsSync(DOVECOT)) throw new Error(`${DOVECOT} is missing: install Debian's dovecot-imapd (.ci/run does)`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-dovecot-'));
  fs.chmodSync(dir, 0o755);
  const port = await freePort();
  const root = process.getuid?.() === 0;
  const mailUser = root ? 'dovecot' : os.userInfo().username;
  const [uid, gid] = [idOf('-u', mailUser), idOf('-g', mailUser)];
  const home = path.join(dir, 'home');
  fs.mkdirSync(home);
  fs.mkdirSync(path.join(dir, 'state'));
  if (root) fs.chownSync(home, uid, gid);
  fs.writeFileSync(path.join(dir, 'users'), `inbox:{PLAIN}secret:${uid}:${gid}::${home}\n`);
  const users = root ? '' : `default_internal_user = ${mailUser}\ndefault_login_user = ${mailUser}\n`;
  fs.writeFileSync(
    path.join(dir, 'dovecot.conf'),
    `base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
${users}protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain
first_valid_uid = 1
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/users
}
userdb {
  driver = passwd-file
  args = username_format=%u ${dir}/users
}
mail_location = maildir:~/Maildir
service imap-login {
  chroot =
  inet_listener imap {
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service anvil {
  chroot =
}
`,
  );
  const conf = path.join(dir, 'dovecot.conf');
  const pidFile = path.join(dir, 'run', 'master.pid');
  await runDaemon(dir, conf, port);
  return {
    url: `imap://inbox:secret@127.0.0.1:${port}/INBOX`,
    async restart() {
      await stopDaemon(pidFile);
      await runDaemon(dir, conf, port);
    },
    down: () => stopDaemon(pidFile),
    up: () => runDaemon(dir, conf, port),
    async stop() {
      await stopDaemon(pidFile);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function runDaemon(dir: string, conf: string, port: number) {
  // Its output to a file, not a pipe: the daemon keeps what it inherits open, and a pipe would hold spawnSync forever.
  const errors = path.join(dir, 'start.err');
  const errorsFd = fs.openSync(errors, 'w');
  const started = spawnSync(DOVECOT, ['-c', conf], { stdio: ['ignore', errorsFd, errorsFd] });
  fs.closeSync(errorsFd);
  if (started.status !== 0) throw new Error(`dovecot did not start: ${fs.readFileSync(errors, 'utf8')}`);
  // The master forks and answers on the port once its login service is up.
  for (let tries = 0; ; tries++) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => (socket.end(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (open) break;
    if (tries > 100) throw new Error(`dovecot is not listening on ${port}: ${fs.readFileSync(path.join(dir, 'dovecot.log'), 'utf8')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A process's state and parent (`/proc/PID/stat`, after its name), or null once it is gone. */
function statusOf(pid: number) {
  try {
    const [state, parent] = fs
      .readFileSync(`/proc/${pid}/stat`, 'utf8')
      .replace(/^.*\) /, '')
      .split(' ');
    return { state, parent: Number(parent) };
  } catch {
    return null;
  }
}

/** Whether a process runs (a zombie, waiting for a parent that may never reap it, does not). */
const isRunning = (pid: number) => (statusOf(pid)?.state ?? 'Z') !== 'Z';

/** The processes a master started (log, auth, login and one per IMAP session): those whose parent it is. */
const childrenOf = (pid: number) =>
  fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((child) => statusOf(child)?.parent === pid);

/** Waits for the processes to end; those still running after 5 s are killed. */
async function stopped(pids: number[]) {
  for (let tries = 0; pids.some(isRunning); tries++) {
    if (tries === 100) for (const pid of pids.filter(isRunning)) process.kill(pid, 'SIGKILL');
    if (tries > 200) throw new Error(`dovecot's processes ${pids.filter(isRunning).join(', ')} did not stop`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Stops the master and every process it started: the master alone leaves the IMAP sessions running (their clients
 * would not see the server go) and its log and stats processes behind.
 */
async function stopDaemon(pidFile: string) {
  const pid = Number(fs.readFileSync(pidFile, 'utf8'));
  const children = childrenOf(pid);
  process.kill(pid, 'SIGTERM');
  await stopped([pid]);
  for (const child of children.filter(isRunning)) process.kill(child, 'SIGTERM');
  await stopped(children);
}
