import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../core/errors';
import { toApiError } from '../../core/errorHandlers';
import { languageOf, translate } from '../../core/i18n';

export const SCIM_CONTENT_TYPE = 'application/scim+json; charset=utf-8';
export const SCIM_ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';

/** RFC 7644 §3.12's `scimType`s this server answers with. */
export type ScimType = 'invalidFilter' | 'invalidSyntax' | 'invalidPath' | 'invalidValue' | 'uniqueness' | 'mutability' | 'tooMany' | 'noTarget';

/** A SCIM refusal: its status, its `scimType` where RFC 7644 names one, and an i18n key for `detail`. */
export class ScimError extends ApiError {
  constructor(
    statusCode: number,
    messageKey: string,
    readonly scimType?: ScimType,
    values?: Record<string, unknown>,
  ) {
    super(statusCode, messageKey, undefined, values);
  }
}

export const invalidValue = (key = 'scim.invalidValue', values?: Record<string, unknown>) => new ScimError(400, key, 'invalidValue', values);
export const invalidSyntax = (key = 'scim.invalidSyntax', values?: Record<string, unknown>) => new ScimError(400, key, 'invalidSyntax', values);
export const scimNotFound = (key = 'scim.notFound') => new ScimError(404, key);

/** What a Fastify or API refusal says as SCIM: a body the parser refused is `invalidSyntax`. */
function scimTypeOf(error: ApiError): ScimType | undefined {
  if (error instanceof ScimError) return error.scimType;
  if (error.statusCode === 400) return error.errors?.length ? 'invalidValue' : 'invalidSyntax';
  return undefined;
}

export function sendScimError(request: FastifyRequest, reply: FastifyReply, error: ApiError) {
  const scimType = scimTypeOf(error);
  const detail = translate(languageOf(request), error.messageKey, error.values);
  const fields = error.errors?.map((e) => e.field).join(', ');
  if (error.retryAfterSeconds) reply.header('retry-after', String(error.retryAfterSeconds));
  if (error.statusCode === 401) reply.header('www-authenticate', 'Bearer realm="scim"');
  return reply
    .code(error.statusCode)
    .type(SCIM_CONTENT_TYPE)
    .send({
      schemas: [SCIM_ERROR_SCHEMA],
      status: String(error.statusCode),
      ...(scimType ? { scimType } : {}),
      detail: fields ? `${detail}: ${fields}` : detail,
    });
}

/** The SCIM routes' error handler: every refusal, the framework's and the database's too, as a SCIM error body. */
export function scimErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const apiError = error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? new ScimError(413, 'api.payloadTooLarge') : toApiError(error);
  if (apiError.statusCode >= 500 && apiError.statusCode !== 503) request.log.error({ err: error }, 'SCIM request failed');
  return sendScimError(request, reply, apiError);
}
