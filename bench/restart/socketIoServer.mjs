// bench:restart's peer: a Socket.IO server as a deploy runs one, plain JavaScript on node:http (nothing to compile).
// Every connection shows an access token the middleware checks (HS256 with node:crypto, the app's own check, without
// the database) and joins its user's room, as the portal's hub puts each connection in its user's group. SIGTERM
// closes it as the portal drains: no new connections, every client's transport closed, then exit. A start on a port
// the previous process has not let go of yet tries again every 10 ms. Its one line on stdout says when it listened.
import crypto from 'node:crypto';
import http from 'node:http';
import { pathToFileURL } from 'node:url';

const { Server } = await import(pathToFileURL(process.env.SOCKET_IO_ENTRY).href);
const secret = new TextEncoder().encode(process.env.JWT_SECRET);
const port = Number(process.env.PORT);

/** The claims of a token this secret signed and that has not expired, else null. */
function verify(token) {
  const [header, payload, signature] = typeof token === 'string' ? token.split('.') : [];
  if (!header || !payload || !signature) return null;
  const expected = crypto.createHmac('sha256', secret).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  return claims.exp > Date.now() / 1000 ? claims : null;
}

const server = http.createServer((_request, response) => response.end('ok'));
const io = new Server(server);
io.use((socket, next) => {
  const claims = verify(socket.handshake.auth?.token);
  if (!claims) return next(new Error('unauthorized'));
  socket.data.userId = claims.sub;
  next();
});
io.on('connection', (socket) => socket.join(`user:${socket.data.userId}`));

function listen() {
  server.once('error', (error) => {
    if (error.code !== 'EADDRINUSE') throw error;
    setTimeout(listen, 10);
  });
  server.listen(port, '127.0.0.1', () => console.log(JSON.stringify({ listening: performance.timeOrigin + performance.now() })));
}
listen();

process.once('SIGTERM', () => io.close(() => process.exit(0)));
