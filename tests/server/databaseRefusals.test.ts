import { describe, expect, it } from 'vitest';
import { toApiError } from '../../server/core/errorHandlers';

/** A driver's error as node-postgres makes it (a code and a severity), wrapped by Drizzle as its query error's cause. */
function refused(code: string) {
  const driver = Object.assign(new Error('violates something'), { code, severity: 'ERROR' });
  return new Error('Failed query: delete from "countries"', { cause: driver });
}

describe("PostgreSQL's refusals of a request's values are a client's errors, mapped once for every route", () => {
  it.each([
    ['23503', 409, 'api.referenceConflict'],
    ['23505', 409, 'api.duplicateValue'],
    ['23502', 400, 'api.unstorableValue'],
    ['23514', 400, 'api.unstorableValue'],
    ['22001', 400, 'api.unstorableValue'],
    ['22P02', 400, 'api.unstorableValue'],
  ])('SQLSTATE %s answers %i (%s)', (code, status, key) => {
    const error = toApiError(refused(code));
    expect([error.statusCode, error.messageKey]).toEqual([status, key]);
  });

  it('a fault of the server (a syntax error, a missing column) stays a 500', () => {
    for (const code of ['42601', '42703']) expect(toApiError(refused(code)).statusCode).toBe(500);
  });

  it('a Node error code is not read as a SQLSTATE', () => {
    expect(toApiError(Object.assign(new Error('x'), { code: 'EACCES' })).statusCode).toBe(500);
  });
});
