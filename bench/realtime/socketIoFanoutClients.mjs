// bench:realtime's peer clients (a child process with IPC): socket.io-client 4.8 sockets over WebSocket, each joined
// to its room; each records when it hears a `TicketMessageCreated` whose body is "bench <seq> <sentAt>".
import { createRequire } from 'node:module';
import path from 'node:path';

const { io } = createRequire(path.join(process.env.SOCKET_IO_FOLDER, 'package.json'))('socket.io-client');
const now = () => performance.timeOrigin + performance.now();
const sockets = [];
const latencies = [];
const received = {};

function open(url, room) {
  return new Promise((resolve) => {
    const socket = io(url, { forceNew: true, transports: ['websocket'], reconnection: false, timeout: 30_000 });
    sockets.push(socket);
    socket.on('TicketMessageCreated', (payload) => {
      const receivedAt = now();
      const [, seq, sentAt] = /bench (\d+) ([\d.]+)/.exec(payload.body) ?? [];
      if (!seq) return;
      received[seq] = (received[seq] ?? 0) + 1;
      latencies.push(receivedAt - Number(sentAt));
    });
    socket.once('connect_error', () => resolve(false));
    socket.once('connect', () => socket.emit('join', room, () => resolve(true)));
  });
}

process.on('message', async (message) => {
  if (message.type === 'open') {
    const opened = await Promise.all(message.rooms.map((room) => open(message.url, room)));
    process.send({ type: 'opened', failed: opened.filter((ok) => !ok).length });
  } else if (message.type === 'report') {
    process.send({ type: 'deliveries', latencies, received });
  } else if (message.type === 'exit') {
    for (const socket of sockets) socket.disconnect();
    process.exit(0);
  }
});
