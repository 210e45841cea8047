import { fork, spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { now } from '../restart/hubClient';
import type { SocketIo } from '../restart/socketIoPeer';
import { trackChild } from '../harness/serverProcess';

interface Deliveries {
  expected: number;
  latencies: number[];
}

export interface FanoutFigures {
  connections: number;
  failed: number;
  /** Messages posted over HTTP and emitted to their room. */
  posted: Deliveries;
  /** A socket's `typing` relayed to the others in its room. */
  typed: Deliveries;
  lost: number;
}

interface Options {
  connections: number;
  rooms: number;
  rate: number;
  seconds: number;
}

/**
 * The same fan-out as bench:realtime's on Socket.IO 4.8 (socketIoFanoutServer.mjs, clients in a process of their own):
 * `connections` sockets over WebSocket in `rooms` rooms, a message posted over HTTP at `rate` a second for `seconds`,
 * each to the next room in turn; the latency from the POST to each member's receipt. Then the same rate of `typing`
 * emitted by one socket of each room in turn and relayed to the room's others (the hub's Typing).
 */
export async function measureSocketIoFanout(socketIo: SocketIo, { connections, rooms, rate, seconds }: Options): Promise<FanoutFigures> {
  const server = spawn(process.execPath, [path.join(import.meta.dirname, 'socketIoFanoutServer.mjs')], {
    env: { ...process.env, SOCKET_IO_ENTRY: socketIo.serverEntry },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stopServer = trackChild('Socket.IO fan-out server', server);
  const port = await new Promise<number>((resolve, reject) => {
    server.once('exit', (code) => reject(new Error(`the Socket.IO server exited with ${code} before it listened`)));
    readline.createInterface({ input: server.stdout! }).once('line', (line) => resolve((JSON.parse(line) as { port: number }).port));
  });
  const url = `http://127.0.0.1:${port}`;
  const clients = fork(path.join(import.meta.dirname, 'socketIoFanoutClients.mjs'), [], { env: { ...process.env, SOCKET_IO_FOLDER: socketIo.folder } });
  const stopClients = trackChild('Socket.IO fan-out clients', clients);
  const reply = <T>(type: string) =>
    new Promise<T>((resolve) => {
      const listener = (message: { type: string }) => {
        if (message.type !== type) return;
        clients.off('message', listener);
        resolve(message as T);
      };
      clients.on('message', listener);
    });
  try {
    const roomOf = (index: number) => `ticket-${index % rooms}`;
    const opened = reply<{ failed: number }>('opened');
    clients.send({ type: 'open', url, rooms: Array.from({ length: connections }, (_, i) => roomOf(i)) });
    const { failed } = await opened;
    const members = (room: number) => Math.ceil((connections - room) / rooms);

    const total = rate * seconds;
    const expected = new Map<number, number>();
    const started = now();
    const posts: Promise<void>[] = [];
    for (let seq = 0; seq < total; seq++) {
      const due = started + (seq * 1000) / rate;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - now())));
      expected.set(seq, members(seq % rooms));
      const payload = { id: crypto.randomUUID(), ticketId: roomOf(seq), body: `bench ${seq} ${now()}`, createdAt: new Date().toISOString(), attachments: [] };
      posts.push(
        fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ room: roomOf(seq), payload }) }).then(
          async (answer) => {
            if (answer.status !== 201) throw new Error(`Socket.IO post ${seq}: ${answer.status}`);
            await answer.arrayBuffer();
          },
        ),
      );
    }
    await Promise.all(posts);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const report = reply<{ latencies: number[]; received: Record<string, number> }>('deliveries');
    clients.send({ type: 'report' });
    const { latencies, received } = await report;
    let lost = 0;
    for (const [seq, count] of expected) lost += Math.max(0, count - (received[seq] ?? 0));
    const typing = reply<Deliveries>('typed');
    clients.send({ type: 'typing', rate, seconds });
    const typed = await typing;
    clients.send({ type: 'exit' });
    return { connections, failed, posted: { expected: [...expected.values()].reduce((a, b) => a + b, 0), latencies }, typed, lost };
  } finally {
    await stopClients();
    await stopServer();
  }
}
