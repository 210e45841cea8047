import { expect } from 'vitest';
import type { CreatedScimTokenDto } from '../../contract/scimTokens';
import type { Factories } from './factories';
import type { TestServer } from './harness';

export const SCIM_TYPE = 'application/scim+json';
export const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
export const ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';

export interface ScimAnswer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  text: string;
  headers: Headers;
}

/** A SCIM client as a provider is one: its bearer token, `application/scim+json` both ways. */
export function scimClient(server: TestServer, token: string) {
  const call = async (method: string, path: string, body?: unknown, rawBody?: string): Promise<ScimAnswer> => {
    const response = await fetch(`${server.url}/scim/v2${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, accept: SCIM_TYPE, ...(body !== undefined || rawBody !== undefined ? { 'content-type': SCIM_TYPE } : {}) },
      body: rawBody ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
    const text = await response.text();
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = null;
    }
    return { status: response.status, body: parsed, text, headers: response.headers };
  };
  return {
    get: (path: string) => call('GET', path),
    post: (path: string, body: unknown) => call('POST', path, body),
    put: (path: string, body: unknown) => call('PUT', path, body),
    patch: (path: string, body: unknown) => call('PATCH', path, body),
    delete: (path: string) => call('DELETE', path),
    raw: (method: string, path: string, rawBody: string) => call(method, path, undefined, rawBody),
  };
}

export type ScimClient = ReturnType<typeof scimClient>;

/** A SCIM error body with this status (and `scimType`, when given), as RFC 7644 §3.12 writes it. */
export function expectScimError(answer: ScimAnswer, status: number, scimType?: string) {
  expect(answer.status, answer.text).toBe(status);
  expect(answer.headers.get('content-type')).toMatch(/^application\/scim\+json/);
  expect(answer.body.schemas).toEqual([ERROR_SCHEMA]);
  expect(answer.body.status).toBe(String(status));
  expect(typeof answer.body.detail).toBe('string');
  if (scimType) expect(answer.body.scimType).toBe(scimType);
}

/** A new partner with its own PartnerAdmin (signed in), and a SCIM token that admin made. */
export async function partnerWithScim(server: TestServer, make: Factories, partnerAdminRoleId: string) {
  const partner = await make.partner();
  const admin = await make.user({ roleId: partnerAdminRoleId, partnerId: partner.id });
  const made = await server.api<CreatedScimTokenDto>('POST', `/api/v1/partners/${partner.id}/scim-tokens`, { token: admin.token, body: { name: 'Entra ID' } });
  expect(made.status, made.text).toBe(201);
  const token = made.body.data!.token;
  return { partner, admin, token, tokenId: made.body.data!.id, scim: scimClient(server, token) };
}

/** Runs a call that must be refused with a SCIM error and proves the database is exactly as before. */
export async function refusedScim(server: TestServer, call: () => Promise<ScimAnswer>, status: number, scimType?: string) {
  const before = await server.snapshot();
  const answer = await call();
  expectScimError(answer, status, scimType);
  expect(await server.snapshot()).toBe(before);
  return answer;
}
