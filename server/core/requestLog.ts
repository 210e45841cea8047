import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';
import { pino } from 'pino';

/** Query values that open something by themselves: a file link's token, its content ticket, an activation code. */
const SECRET_QUERY = /([?&](?:token|ticket|code)=)[^&#]*/gi;

/** A URL as the request log keeps it: the secrets of signed links replaced, so a log reader cannot replay them. */
export const urlWithoutSecrets = (url: string) => url.replace(SECRET_QUERY, '$1[redacted]');

/** Headers that carry a credential: the debug log names them but never holds their values. */
const SECRET_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie']);

export function headersWithoutSecrets(headers: IncomingHttpHeaders) {
  const kept: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(headers)) kept[name] = SECRET_HEADERS.has(name) ? '[redacted]' : value;
  return kept;
}

/** Fastify's request serializer (the debug log's detail), with the URL's and headers' secrets left out. */
export const requestLogSerializer = (request: FastifyRequest) => ({
  method: request.method,
  url: urlWithoutSecrets(request.url),
  host: request.host,
  remoteAddress: request.ip,
  remotePort: request.socket?.remotePort,
  headers: headersWithoutSecrets(request.headers),
});

/** What a request's one line at info holds (the request id comes with the request's logger). */
const leanLine = (request: FastifyRequest, reply: FastifyReply) => ({
  method: request.method,
  url: urlWithoutSecrets(request.url),
  statusCode: reply.statusCode,
  ms: Math.round(reply.elapsedTime * 10) / 10,
});

/** Levels at which the log carries each request's detail. */
const DETAILED = new Set(['debug', 'trace']);

/** Methods that change nothing: their successful, quick answers are the lines sampled at info. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** A read slower than this is always logged. */
const SLOW_MS = 1000;

/**
 * One line per request, written once the answer is sent; at debug Fastify's two lines with the request's detail.
 * At info the lean line (method, URL without secrets, status, time, request id) for every write, every error and
 * every slow answer, and for one in `readSample` quick successful reads (marked `sampled`): one line a request
 * costs a small read several per cent of its time, and a count of reads is read off a tenth as well.
 */
export class RequestLog extends LogController {
  private reads = 0;

  constructor(private readonly readSample = 1) {
    super();
  }

  override incomingRequest(request: FastifyRequest) {
    if (DETAILED.has(request.log.level)) request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error) reply.log.error({ ...leanLine(request, reply), err: error }, 'request errored');
    else if (DETAILED.has(reply.log.level)) reply.log.debug({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    else if (this.readSample <= 1 || !this.isQuickRead(request, reply)) reply.log.info(leanLine(request, reply), 'request completed');
    else if (this.reads++ % this.readSample === 0) reply.log.info({ ...leanLine(request, reply), sampled: this.readSample }, 'request completed');
  }

  private isQuickRead(request: FastifyRequest, reply: FastifyReply) {
    return READS.has(request.method) && reply.statusCode < 400 && reply.elapsedTime < SLOW_MS;
  }
}

/**
 * Standard output, written in blocks of 4 KB instead of a system call per line: a line a request costs several
 * percent of a small request's time when written alone. The block is written out at exit and every second; a
 * `kill -9` loses at most that last second of log lines, never data.
 */
function bufferedStdout() {
  const destination = pino.destination({ dest: 1, minLength: 4096, sync: false });
  setInterval(() => destination.flush(), 1000).unref();
  return destination;
}

/** The server's pino options at `level`; `stream` takes the lines instead of stdout (tests read them). */
export const requestLoggerOptions = (level: string, stream?: { write(line: string): void }) => ({
  level,
  serializers: { req: requestLogSerializer },
  stream: stream ?? bufferedStdout(),
});
