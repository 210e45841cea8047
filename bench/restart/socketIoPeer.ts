import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import readline from 'node:readline';
import { now } from './hubClient';

/** What bench:restart uses of socket.io-client (its types are not the project's). */
interface ClientSocket {
  on(event: 'connect' | 'disconnect', listener: () => void): void;
  io: { on(event: 'reconnect_attempt', listener: () => void): void };
  disconnect(): void;
}
type Connect = (url: string, options: Record<string, unknown>) => ClientSocket;

export interface SocketIo {
  version: string;
  /** socket.io's entry, for the peer server's process. */
  serverEntry: string;
  /** The folder whose node_modules hold both, for a clients' process. */
  folder: string;
  connect: Connect;
}

/**
 * Socket.IO 4.8 server and client, from the project's node_modules or else from BENCH_SOCKETIO_DIR (a folder where
 * `npm install socket.io@4.8 socket.io-client@4.8` was run); null when neither has them.
 */
export function loadSocketIo(root: string): SocketIo | null {
  const folders = [process.env.BENCH_SOCKETIO_DIR, root].filter((folder): folder is string => !!folder);
  for (const folder of folders) {
    try {
      const require = createRequire(path.join(path.resolve(folder), 'package.json'));
      const { version } = require('socket.io/package.json') as { version: string };
      const { io } = require('socket.io-client') as { io: Connect };
      return { version, serverEntry: require.resolve('socket.io'), folder: path.resolve(folder), connect: io };
    } catch {
      // Not in this folder: the next one.
    }
  }
  return null;
}

/** The peer server (socketIoServer.mjs) on `port`; `listening` resolves with when it listened (epoch ms). */
export function startSocketIoServer(socketIo: SocketIo, port: number, jwtSecret: string): { child: ChildProcess; listening: Promise<number> } {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'socketIoServer.mjs')], {
    env: { ...process.env, SOCKET_IO_ENTRY: socketIo.serverEntry, PORT: String(port), JWT_SECRET: jwtSecret },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const listening = new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the Socket.IO server exited with ${code} before it listened`)));
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      const at = (JSON.parse(line) as { listening?: number }).listening;
      if (at) resolve(at);
    });
  });
  listening.catch(() => undefined);
  return { child, listening };
}

/**
 * One Socket.IO client as an app ships it: its own connection (`forceNew`), the default transports (long polling,
 * upgraded to a WebSocket) and the default reconnection (1 s doubling to 5 s, ±50 %, for ever), the token in `auth`.
 */
export class SocketIoClient {
  tryStartedAt = 0;
  backAt = 0;
  droppedAt = 0;
  tries = 0;
  private socket: ClientSocket | null = null;
  private stopped = false;
  private lastTryAt = 0;

  constructor(
    private readonly socketIo: SocketIo,
    private readonly url: string,
    private readonly token: string,
    private readonly onBack: (client: SocketIoClient) => void,
  ) {}

  start(): Promise<void> {
    return new Promise((resolve) => {
      this.lastTryAt = now();
      const socket = this.socketIo.connect(this.url, { forceNew: true, auth: { token: this.token } });
      this.socket = socket;
      socket.io.on('reconnect_attempt', () => {
        this.tries++;
        this.lastTryAt = now();
      });
      socket.on('disconnect', () => {
        if (!this.stopped) this.droppedAt = now();
      });
      socket.on('connect', () => {
        this.tryStartedAt = this.lastTryAt;
        this.backAt = now();
        this.onBack(this);
        resolve();
      });
    });
  }

  /** From the restart on, count its tries afresh. */
  resetTries() {
    this.tries = 0;
  }

  stop() {
    this.stopped = true;
    this.socket?.disconnect();
  }
}
