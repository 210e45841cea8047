import type { FastifyRequest } from 'fastify';

/** Query values that open something by themselves: a file link's token, its content ticket, an activation code. */
const SECRET_QUERY = /([?&](?:token|ticket|code)=)[^&#]*/gi;

/** A URL as the request log keeps it: the secrets of signed links replaced, so a log reader cannot replay them. */
export const urlWithoutSecrets = (url: string) => url.replace(SECRET_QUERY, '$1[redacted]');

/** Fastify's request serializer, with the URL's secrets left out. */
export const requestLogSerializer = (request: FastifyRequest) => ({
  method: request.method,
  url: urlWithoutSecrets(request.url),
  host: request.host,
  remoteAddress: request.ip,
  remotePort: request.socket?.remotePort,
});
