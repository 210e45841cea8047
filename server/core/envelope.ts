import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Envelope } from '../../contract/envelope';
import { languageOf, translate } from './i18n';

/** Writes the envelope whose HTTP status equals statusCode; messages are i18n keys translated per request. */
export function send<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  data: T,
  options: { statusCode?: number; message?: string; values?: Record<string, unknown> } = {},
) {
  const statusCode = options.statusCode ?? 200;
  const body: Envelope<T> = {
    isSuccess: statusCode < 400,
    statusCode,
    message: translate(languageOf(request), options.message ?? (statusCode === 201 ? 'api.created' : 'api.ok'), options.values),
    data,
  };
  return reply.code(statusCode).type('application/json; charset=utf-8').send(body);
}
