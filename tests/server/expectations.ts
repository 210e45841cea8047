import { expect } from 'vitest';
import type { ApiAnswer, TestServer } from './harness';

/**
 * What every /api answer must look like: a JSON envelope whose HTTP status equals statusCode, with
 * isSuccess false exactly on 4xx/5xx, and (when given) the message the client shows.
 */
export function expectEnvelope<T>(answer: ApiAnswer<T>, status: number, message?: string | RegExp) {
  expect(answer.headers.get('content-type') ?? '', answer.text).toMatch(/^application\/json/);
  expect(answer.body, answer.text).not.toBeNull();
  expect(answer.status, answer.text).toBe(status);
  expect(answer.body.statusCode, answer.text).toBe(status);
  expect(answer.body.isSuccess, answer.text).toBe(status < 400);
  expect(typeof answer.body.message).toBe('string');
  expect(answer.body.message.length).toBeGreaterThan(0);
  expect(answer.body).toHaveProperty('data');
  if (status >= 400) expect(answer.body.data).toBeNull();
  if (message !== undefined) {
    if (typeof message === 'string') expect(answer.body.message).toBe(message);
    else expect(answer.body.message).toMatch(message);
  }
  return answer;
}

/** A 400 whose field errors name exactly these fields (in any order), each with a non-empty message. */
export function expectFieldErrors<T>(answer: ApiAnswer<T>, fields: string[], status = 400) {
  expectEnvelope(answer, status);
  const errors = answer.body.errors ?? [];
  expect(errors.map((e) => e.field).sort(), answer.text).toEqual([...fields].sort());
  for (const e of errors) expect(e.message.length, answer.text).toBeGreaterThan(0);
  return answer;
}

/** The message of one field error. */
export function fieldMessage<T>(answer: ApiAnswer<T>, field: string) {
  return answer.body.errors?.find((e) => e.field === field)?.message;
}

/** Runs a call that must be refused and proves that the database is exactly as it was before. */
export async function refused<T>(server: TestServer, call: () => Promise<ApiAnswer<T>>): Promise<ApiAnswer<T>> {
  const before = await server.snapshot();
  const answer = await call();
  expect(answer.body?.isSuccess, answer.text).toBe(false);
  expect(await server.snapshot()).toBe(before);
  return answer;
}

/** The payload of a JWT, decoded without any check. */
export function jwtPayload(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** A JWT with a chosen header and payload and no valid signature (for `alg: none` and tampering). */
export function unsignedJwt(header: object, payload: object, signature = '') {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${part(header)}.${part(payload)}.${signature}`;
}
