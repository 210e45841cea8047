// bench:realtime's peer clients (a child process with IPC): socket.io-client 4.8 sockets over WebSocket, each joined
// to its room; each records when it hears a `TicketMessageCreated` whose body is "bench <seq> <sentAt>".
import { createRequire } from 'node:module';
import path from 'node:path';

const { io } = createRequire(path.join(process.env.SOCKET_IO_FOLDER, 'package.json'))('socket.io-client');
const now = () => performance.timeOrigin + performance.now();
const sockets = [];
const latencies = [];
const received = {};

const typingSentAt = new Map();
const typingLatencies = [];
const typists = new Map();
const roomSizes = new Map();

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
    socket.on('UserTyping', ({ ticketId }) => {
      const sentAt = typingSentAt.get(ticketId);
      if (sentAt !== undefined) typingLatencies.push(now() - sentAt);
    });
    if (!typists.has(room)) typists.set(room, socket);
    socket.once('connect_error', () => resolve(false));
    socket.once('connect', () => socket.emit('join', room, () => resolve(true)));
  });
}

process.on('message', async (message) => {
  if (message.type === 'open') {
    for (const room of message.rooms) roomSizes.set(room, (roomSizes.get(room) ?? 0) + 1);
    const opened = await Promise.all(message.rooms.map((room) => open(message.url, room)));
    process.send({ type: 'opened', failed: opened.filter((ok) => !ok).length });
  } else if (message.type === 'report') {
    process.send({ type: 'deliveries', latencies, received });
  } else if (message.type === 'typing') {
    const rooms = [...typists.keys()];
    let expected = 0;
    const started = now();
    for (let seq = 0; seq < message.rate * message.seconds; seq++) {
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, started + (seq * 1000) / message.rate - now())));
      const room = rooms[seq % rooms.length];
      typingSentAt.set(room, now());
      expected += (roomSizes.get(room) ?? 1) - 1;
      typists.get(room).emit('typing', room);
    }
    await new Promise((resolve) => setTimeout(resolve, 2000));
    process.send({ type: 'typed', latencies: typingLatencies, expected });
  } else if (message.type === 'exit') {
    for (const socket of sockets) socket.disconnect();
    process.exit(0);
  }
});
