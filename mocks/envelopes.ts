import { HttpResponse } from 'msw';
import type { Envelope, FieldError } from '../contract/envelope';

/** The API's answers as the server shapes them: an envelope whose statusCode is also the HTTP status. */
export function envelopeOf<T>(data: T, statusCode = 200, message = ''): Envelope<T> {
  return { isSuccess: statusCode < 400, statusCode, message, data };
}

export function ok<T>(data: T, message = '') {
  return HttpResponse.json(envelopeOf(data, 200, message), { status: 200 });
}

export function created<T>(data: T, message: string) {
  return HttpResponse.json(envelopeOf(data, 201, message), { status: 201 });
}

export function failed(statusCode: number, message: string, errors?: FieldError[]) {
  const body: Envelope<null> = { isSuccess: false, statusCode, message, data: null, ...(errors ? { errors } : {}) };
  return HttpResponse.json(body, { status: statusCode });
}
