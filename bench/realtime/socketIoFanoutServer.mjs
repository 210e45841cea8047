// bench:realtime's peer: a Socket.IO server fanning each posted message out to a room, as the portal's hub fans a chat
// line out to its ticket's group. Plain JavaScript on node:http (nothing to compile). `POST /` with
// {"room","payload"} emits `TicketMessageCreated` to the room and answers; a client joins a room with `join` (acked),
// and its `typing` goes to the room's others as `UserTyping`, as the hub's Typing does.
// No database and no authentication: the floor of the fan-out itself. Its one line on stdout gives the port.
import http from 'node:http';
import { pathToFileURL } from 'node:url';

const { Server } = await import(pathToFileURL(process.env.SOCKET_IO_ENTRY).href);

const server = http.createServer((request, response) => {
  if (request.method !== 'POST') return void response.end('ok');
  let body = '';
  request.setEncoding('utf8');
  request.on('data', (chunk) => (body += chunk));
  request.on('end', () => {
    const { room, payload } = JSON.parse(body);
    io.to(room).emit('TicketMessageCreated', payload);
    response.writeHead(201, { 'content-type': 'application/json' }).end('{"data":null}');
  });
});
const io = new Server(server, { transports: ['websocket'] });
io.on('connection', (socket) => {
  socket.on('join', (room, ack) => (socket.join(room), ack(true)));
  socket.on('typing', (room) => socket.to(room).emit('UserTyping', { ticketId: room, userId: socket.id, fullName: 'Bench user' }));
});
server.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ port: server.address().port })));
process.once('SIGTERM', () => io.close(() => process.exit(0)));
