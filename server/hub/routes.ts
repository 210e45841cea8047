/*
 * Behind a load balancer (README-balancer.md beside this file): negotiate may land on any instance, and so may the
 * request that starts a transport, since the connection token is signed and any instance starts its connection.
 * Every later request of one connection (sends, later polls, the stop) must reach the same instance: route
 * `/api/notifications` by `?id=` (nginx `hash $arg_id consistent;`, which sends id-less negotiates round robin).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HUB_PATH } from '../../contract/realtime';
import { ApiError, badRequest, conflict } from '../core/errors';
import { withoutAccessToken } from '../core/guard';
import { answers, routeDocs } from '../core/openapi/routeDocs';
import { authenticateHubUser, connectionOfRequest, connectionOfTransportStart, hubToken, type HubAuth } from './auth';
import type { HubConnection } from './connection';
import type { HubServer } from './hubServer';
import { MAX_TRANSPORT_CHUNK_BYTES } from './hubSettings';
import { LongPollingTransport, ServerSentEventsTransport } from './transports';

export interface HubRoutesOptions {
  hub: HubServer;
  auth: HubAuth;
}

/** What negotiate offers, in the order the client tries them. */
const AVAILABLE_TRANSPORTS = [
  { transport: 'WebSockets', transferFormats: ['Text', 'Binary'] },
  { transport: 'ServerSentEvents', transferFormats: ['Text'] },
  { transport: 'LongPolling', transferFormats: ['Text', 'Binary'] },
];

type HubQuery = { id?: string; access_token?: string; negotiateVersion?: string };

/** Request logs without the token browsers put in `access_token` (a bearer token in a log is a session for its reader). */
const requestWithoutToken = (request: FastifyRequest) => ({
  method: request.method,
  url: withoutAccessToken(request.url),
  host: request.host,
  remoteAddress: request.ip,
  remotePort: request.socket?.remotePort,
});
// Fastify types serializers as returning strings; pino logs whatever they return, as for its own `req`.
export const hubLogSerializers = { req: requestWithoutToken as unknown as (value: unknown) => string };

/** The guard cannot read `access_token` from the query, so these routes are public to it and check the token here. */
const access = { access: 'public' as const };
const docs = (summary: string) => ({ tags: ['realtime'], summary });
/** The transports speak SignalR's own protocol (signalr-protocol.md), which the client library reads: left out of /api/docs. */
const transportDocs = (summary: string) => ({ ...docs(summary), hide: true });
const negotiateAnswer = {
  type: 'object',
  properties: {
    connectionId: { type: 'string' },
    connectionToken: { type: 'string', description: 'With negotiateVersion=1; signed, so any instance starts its connection within 30 s' },
    negotiateVersion: { type: 'integer' },
    availableTransports: {
      type: 'array',
      items: { type: 'object', properties: { transport: { type: 'string' }, transferFormats: { type: 'array', items: { type: 'string' } } } },
    },
  },
  required: ['connectionId', 'availableTransports'],
};
const negotiateDocs = {
  ...docs('SignalR negotiate: a connection id and the transports'),
  // Public to the guard, but the hub reads the bearer token (or ?access_token=) itself.
  security: [{ bearer: [] }],
  ...routeDocs({
    querystring: { type: 'object', properties: { negotiateVersion: { type: 'integer' }, access_token: { type: 'string' } } },
    response: { 200: answers.json('SignalR negotiate answer (not an envelope)', negotiateAnswer) },
  }),
};

/**
 * The hub's HTTP side (signalr-protocol.md §1 and §3): negotiate, server-sent events, long polling, sends and
 * the long-polling stop. Answers are SignalR's own formats, not envelopes, because the official client reads them;
 * refusals are envelopes, which the client only reads the status of. WebSockets arrive in webSockets.ts. A stream
 * or a poll may start a connection another instance negotiated (connectionOfTransportStart); a send or a stop never does.
 */
export async function hubRoutes(app: FastifyInstance, { hub, auth }: HubRoutesOptions) {
  // Hub records are text whatever the content type says (the JSON parser would choke on 0x1E). A body may
  // hold several messages: the hub applies MAX_MESSAGE_BYTES to each one, as ASP.NET does.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: MAX_TRANSPORT_CHUNK_BYTES }, (_request, body, done) => done(null, body));

  const tokenOf = (request: FastifyRequest<{ Querystring: HubQuery }>) => hubToken(request.headers.authorization, request.query.access_token);
  const connectionOf = (request: FastifyRequest<{ Querystring: HubQuery }>) => connectionOfRequest(hub, auth, request.query.id, tokenOf(request));

  app.post<{ Querystring: HubQuery }>(`${HUB_PATH}/negotiate`, { config: access, schema: negotiateDocs }, async (request, reply) => {
    // The request is its user's from here on: an impersonation's negotiate is audited as its REST requests are.
    const { principal, tokenExpiresAt, origin } = await authenticateHubUser(auth, tokenOf(request), request);
    // Version rule: min(requested, 1); no query means 0, where the connection id doubles as the token.
    const version = Number(request.query.negotiateVersion) >= 1 ? 1 : 0;
    const connection = hub.negotiate(principal, tokenExpiresAt, version, origin);
    const answer =
      version === 1
        ? { connectionId: connection.id, connectionToken: connection.token, negotiateVersion: 1, availableTransports: AVAILABLE_TRANSPORTS }
        : { connectionId: connection.id, availableTransports: AVAILABLE_TRANSPORTS };
    return reply.code(200).type('application/json').send(JSON.stringify(answer));
  });

  app.get<{ Querystring: HubQuery }>(
    HUB_PATH,
    { config: access, schema: transportDocs('SignalR server-sent events stream, or a long poll'), exposeHeadRoute: false },
    async (request, reply) => {
      const serverSentEvents = String(request.headers.accept ?? '').includes('text/event-stream');
      const connection = await connectionOfTransportStart(hub, auth, request.query.id, tokenOf(request), { closeWhenExpired: !serverSentEvents });
      if (serverSentEvents) startServerSentEvents(hub, connection, reply);
      else poll(hub, connection, reply);
    },
  );

  app.post<{ Querystring: HubQuery }>(
    HUB_PATH,
    { config: access, schema: transportDocs('SignalR send: hub records from an SSE or long-polling client') },
    async (request, reply) => {
      const connection = await connectionOf(request);
      if (!connection.transport) throw conflict();
      if (connection.transport.kind === 'WebSockets') throw new ApiError(405, 'api.methodNotAllowed');
      const records = typeof request.body === 'string' ? request.body : '';
      // Handled once this answer is out: the client waits for replies (a handshake refusal above all) only after its send resolved.
      reply.raw.once('finish', () => hub.receive(connection, records));
      return reply.code(200).type('text/plain').send('');
    },
  );

  app.delete<{ Querystring: HubQuery }>(
    HUB_PATH,
    { config: access, schema: transportDocs('SignalR stop of a long-polling connection') },
    async (request, reply) => {
      const connection = await connectionOf(request);
      if (connection.transport?.kind !== 'LongPolling') throw badRequest();
      hub.remove(connection);
      return reply.code(202).type('text/plain').send('');
    },
  );
}

function startServerSentEvents(hub: HubServer, connection: HubConnection, reply: FastifyReply) {
  if (connection.transport) throw conflict();
  reply.hijack();
  const response = reply.raw;
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', 'x-accel-buffering': 'no' });
  // A comment first, as ASP.NET does, so every browser fires `open` at once.
  response.write(':\r\n');
  hub.attach(connection, new ServerSentEventsTransport(response));
  response.on('close', () => hub.remove(connection));
}

function poll(hub: HubServer, connection: HubConnection, reply: FastifyReply) {
  if (connection.transport && !(connection.transport instanceof LongPollingTransport)) throw badRequest();
  let transport = connection.transport;
  if (!transport) {
    transport = new LongPollingTransport(Date.now(), () => hub.remove(connection));
    hub.attach(connection, transport);
  }
  reply.hijack();
  transport.accept(reply.raw, Date.now());
}
