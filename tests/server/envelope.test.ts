import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGE_HEADER } from '../../contract/http';
import apiEn from '../../i18n/api.en';
import apiVi from '../../i18n/api.vi';
import validationEn from '../../i18n/validation.en';
import validationVi from '../../i18n/validation.vi';
import { expectEnvelope, expectFieldErrors, refused } from './expectations';
import { rootTenant, startServer, type TestServer } from './harness';

const INDEX_HTML = '<!doctype html><html><head><title>Partner Portal (test build)</title></head><body><div id="root"></div></body></html>';
const ASSET = 'console.log("partner portal test asset");';
const SECRET_SQL = "select password_hash from users where email = 'admin@example.com'";

let server: TestServer;
let staticDir: string;

beforeAll(async () => {
  staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-static-'));
  fs.writeFileSync(path.join(staticDir, 'index.html'), INDEX_HTML);
  fs.mkdirSync(path.join(staticDir, 'assets'));
  fs.writeFileSync(path.join(staticDir, 'assets', 'app-3f9a1c.js'), ASSET);
  server = await startServer({
    staticDir,
    beforeListen: ({ app, database }) => {
      // Routes that fail the way real code fails: an Error carrying SQL, a database error, a route with no access.
      app.get('/api/test/boom', { config: { access: 'public' } }, async () => {
        throw new Error(`${SECRET_SQL} failed: duplicate key value violates unique constraint "users_email_lower_idx"`);
      });
      app.get('/api/test/database', { config: { access: 'public' } }, async () => {
        await database.db.execute(sql.raw('select secret_column from table_that_does_not_exist'));
        return 'unreachable';
      });
      app.get('/api/test/undeclared', async () => 'must never answer');
    },
  });
});
afterAll(async () => {
  await server.close();
  fs.rmSync(staticDir, { recursive: true, force: true });
});

const json = { 'content-type': 'application/json' };

describe("Fastify's own refusals come as envelopes", () => {
  it('malformed JSON answers 400 with the malformed-JSON message and changes nothing', async () => {
    const answer = await refused(server, () =>
      server.api('POST', '/api/token', { rawBody: '{"email": "admin@example.com", "password": ', headers: { ...json, ...rootTenant } }),
    );
    expectEnvelope(answer, 400, apiEn.api.malformedJson);
  });

  it('malformed JSON on a signed-in route answers 400 too', async () => {
    const { token } = await server.signIn('partner@acme.example');
    const answer = await refused(server, () => server.api('PUT', '/api/users/profile', { token, rawBody: "{firstName: 'unquoted'}", headers: json }));
    expectEnvelope(answer, 400, apiEn.api.malformedJson);
  });

  it('an empty JSON body answers 400 asking for a body', async () => {
    const answer = await refused(server, () => server.api('POST', '/api/users/forgot-password', { rawBody: '', headers: json }));
    expectEnvelope(answer, 400, apiEn.api.bodyRequired);
  });

  it('a JSON body that is not an object (array, string, number, null) answers 400 asking for an object', async () => {
    for (const rawBody of ['[]', '"admin@example.com"', '42', 'null']) {
      const answer = await refused(server, () => server.api('POST', '/api/users/forgot-password', { rawBody, headers: json }));
      expectEnvelope(answer, 400, apiEn.api.bodyRequired);
    }
  });

  it('a body over 1 MB answers 413 naming the limit and changes nothing', async () => {
    const big = JSON.stringify({ email: 'admin@example.com', password: 'x'.repeat(1024 * 1024 + 10) });
    const answer = await refused(server, () => server.api('POST', '/api/token', { rawBody: big, headers: { ...json, ...rootTenant } }));
    expectEnvelope(answer, 413, 'The request body is over this request’s limit of 1 MB');
    const versioned = await refused(server, () => server.api('POST', '/api/v1/users/forgot-password', { rawBody: big, headers: json }));
    expectEnvelope(versioned, 413, 'The request body is over this request’s limit of 1 MB');
  });

  it('an unsupported media type answers 415', async () => {
    for (const type of ['application/xml', 'multipart/form-data; boundary=x', 'application/x-www-form-urlencoded']) {
      const answer = await refused(server, () =>
        server.api('POST', '/api/token', { rawBody: 'email=admin%40example.com&password=Portal%40123', headers: { 'content-type': type, ...rootTenant } }),
      );
      expectEnvelope(answer, 415, apiEn.api.unsupportedMediaType);
    }
  });

  it('JSON sent as text/plain (fetch without a content type) is refused with 400, not read as a string', async () => {
    const answer = await refused(server, () =>
      server.api('POST', '/api/token', {
        rawBody: JSON.stringify({ email: 'admin@example.com', password: 'Portal@123' }),
        headers: { 'content-type': 'text/plain;charset=UTF-8', ...rootTenant },
      }),
    );
    expectEnvelope(answer, 400, apiEn.api.bodyRequired);
  });

  it('a URL that cannot be decoded answers a 400 envelope, not Fastify’s own body', async () => {
    for (const urlPath of ['/api/users/%E0%A4%A', '/api/%E0%A4%A', '/%E0%A4%A']) {
      const answer = await server.api('GET', urlPath);
      expectEnvelope(answer, 400, apiEn.api.badRequest);
      expect(answer.text).not.toContain('FST_ERR');
    }
  });

  it('a path parameter over the router’s length limit answers an envelope', async () => {
    const { token } = await server.signIn('admin@example.com');
    const answer = await server.api('GET', `/api/users/${'a'.repeat(150)}`, { token });
    expect(answer.body?.isSuccess, answer.text).toBe(false);
    expectEnvelope(answer, answer.status);
    expect(answer.text).not.toContain('FST_ERR');
  });
});

describe('unknown API paths answer a 404 envelope', () => {
  const paths = ['/api', '/api/', '/api/nothing', '/api/v1/x', '/api/v1/users/1/nothing', '/api/v2/users', '/api/v1'];

  it('for GET', async () => {
    for (const urlPath of paths) expectEnvelope(await server.api('GET', urlPath), 404, apiEn.api.routeNotFound);
  });

  it('for POST, PUT and DELETE, with or without a body', async () => {
    for (const urlPath of paths) {
      expectEnvelope(await server.api('POST', urlPath, { body: { any: 'thing' } }), 404, apiEn.api.routeNotFound);
      expectEnvelope(await server.api('PUT', urlPath), 404, apiEn.api.routeNotFound);
      expectEnvelope(await server.api('DELETE', urlPath), 404, apiEn.api.routeNotFound);
    }
  });

  it('but a known path with a method it does not take answers 405, its Allow header naming those it takes', async () => {
    for (const method of ['DELETE', 'GET']) {
      const answer = await server.api(method, '/api/token');
      expectEnvelope(answer, 405, apiEn.api.methodNotAllowed);
      expect(answer.headers.get('allow')).toBe('POST');
    }
  });

  it('an unknown API path never falls back to the app’s index.html', async () => {
    const answer = await server.api('GET', '/api/v1/partners-that-do-not-exist');
    expect(answer.text).not.toContain('<!doctype html>');
  });
});

describe('non-API paths serve the app', () => {
  it('/ serves index.html, not cached', async () => {
    const response = await fetch(`${server.url}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toBe(INDEX_HTML);
  });

  it('any app route (history fallback) serves index.html', async () => {
    for (const urlPath of ['/sign-in', '/tickets/3b8f0c52-3d0e-4b47-9b54-2b0f5a1d9e11/detail', '/forgot-password?token=abc&email=a%40b.c', '/apiary', '/404']) {
      const response = await fetch(server.url + urlPath);
      expect(response.status, urlPath).toBe(200);
      expect(response.headers.get('content-type'), urlPath).toMatch(/^text\/html/);
      expect(await response.text(), urlPath).toBe(INDEX_HTML);
    }
  });

  it('a built asset is served as itself with a long immutable cache', async () => {
    const response = await fetch(`${server.url}/assets/app-3f9a1c.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    expect(response.headers.get('cache-control')).toContain('immutable');
    expect(await response.text()).toBe(ASSET);
  });

  it('a path climbing out of the app folder serves index.html, never a file outside it', async () => {
    for (const rawPath of ['/../../../../etc/passwd', '/..%2f..%2f..%2f..%2fetc%2fpasswd', '/assets/..%2f..%2f..%2fpackage.json']) {
      const { status, text } = await rawGet(server.url, rawPath);
      expect(text, rawPath).not.toContain('root:');
      expect(text, rawPath).not.toContain('"dependencies"');
      if (status === 200) expect(text, rawPath).toBe(INDEX_HTML);
    }
  });
});

describe('server errors', () => {
  it('a thrown Error answers 500 with neither stack nor SQL in the body', async () => {
    const answer = await server.api('GET', '/api/test/boom');
    expectEnvelope(answer, 500, apiEn.api.serverError);
    expect(answer.body.errors).toBeUndefined();
    for (const leak of ['select', 'password_hash', 'users_email_lower_idx', 'duplicate key', 'stack', '    at ', '.ts:']) {
      expect(answer.text.toLowerCase(), leak).not.toContain(leak.toLowerCase());
    }
  });

  it('a database error answers 500 with neither the query nor the table in the body', async () => {
    const answer = await server.api('GET', '/api/test/database');
    expectEnvelope(answer, 500, apiEn.api.serverError);
    for (const leak of ['secret_column', 'table_that_does_not_exist', 'relation', 'select', '    at ']) {
      expect(answer.text.toLowerCase(), leak).not.toContain(leak);
    }
  });

  it('a route that declares no access is refused with 500 rather than served', async () => {
    const answer = await server.api('GET', '/api/test/undeclared');
    expectEnvelope(answer, 500, apiEn.api.serverError);
    expect(answer.text).not.toContain('must never answer');
  });

  it('the 500 message is translated too', async () => {
    expectEnvelope(await server.api('GET', '/api/test/boom', { headers: { [LANGUAGE_HEADER]: 'vi' } }), 500, apiVi.api.serverError);
  });
});

describe('client-language picks the language of the messages', () => {
  it('vi gives Vietnamese envelope and field messages', async () => {
    const answer = await refused(server, () => server.api('POST', '/api/token', { body: {}, headers: { ...rootTenant, [LANGUAGE_HEADER]: 'vi' } }));
    expectFieldErrors(answer, ['email', 'password']);
    expect(answer.body.message).toBe(apiVi.api.validationFailed);
    for (const e of answer.body.errors ?? []) expect(e.message).toBe(validationVi.validation.required);
  });

  it('vi gives Vietnamese for 404, malformed JSON, 415 and success alike', async () => {
    const vi = { [LANGUAGE_HEADER]: 'vi' };
    expectEnvelope(await server.api('GET', '/api/v1/x', { headers: vi }), 404, apiVi.api.routeNotFound);
    expectEnvelope(await server.api('POST', '/api/token', { rawBody: '{', headers: { ...vi, ...json, ...rootTenant } }), 400, apiVi.api.malformedJson);
    expectEnvelope(
      await server.api('POST', '/api/token', { rawBody: '<x/>', headers: { ...vi, 'content-type': 'application/xml', ...rootTenant } }),
      415,
      apiVi.api.unsupportedMediaType,
    );
    expectEnvelope(await server.api('GET', '/api/users/profile', { headers: vi }), 401, apiVi.api.unauthorized);
    const ok = await server.api('POST', '/api/token', { body: { email: 'support@example.com', password: 'Portal@123' }, headers: { ...vi, ...rootTenant } });
    expectEnvelope(ok, 200, apiVi.api.ok);
  });

  it('a regional tag (vi-VN) counts as vi; an unknown language, none or en gives English', async () => {
    expectEnvelope(await server.api('GET', '/api/nothing', { headers: { [LANGUAGE_HEADER]: 'vi-VN' } }), 404, apiVi.api.routeNotFound);
    expectEnvelope(await server.api('GET', '/api/nothing', { headers: { [LANGUAGE_HEADER]: 'VI' } }), 404, apiVi.api.routeNotFound);
    for (const language of ['fr', 'en', 'en-GB', '']) {
      expectEnvelope(await server.api('GET', '/api/nothing', { headers: { [LANGUAGE_HEADER]: language } }), 404, apiEn.api.routeNotFound);
    }
    expectEnvelope(await server.api('GET', '/api/nothing'), 404, apiEn.api.routeNotFound);
  });

  it('field messages carry their limits in both languages', async () => {
    const body = { email: `${'a'.repeat(250)}@example.com`, password: 'x' };
    const en = await server.api('POST', '/api/token', { body, headers: rootTenant });
    expectFieldErrors(en, ['email']);
    expect(en.body.errors?.[0].message).toBe(validationEn.validation.maxLength.replace('%{max}', '255'));
    const vi = await server.api('POST', '/api/token', { body, headers: { ...rootTenant, [LANGUAGE_HEADER]: 'vi' } });
    expect(vi.body.errors?.[0].message).toBe(validationVi.validation.maxLength.replace('%{max}', '255'));
  });
});

describe('the HTTP status always equals statusCode', () => {
  it('across successes and every kind of refusal', async () => {
    const { token } = await server.signIn('partner@globex.example');
    const calls: [string, string, Parameters<TestServer['api']>[2]][] = [
      ['GET', '/api/users/profile', { token }],
      ['GET', '/api/v1/users/permissions', { token }],
      ['GET', '/api/users', { token }],
      ['GET', '/api/users/profile', {}],
      ['GET', '/api/users/profile', { token: 'not-a-jwt' }],
      ['POST', '/api/token', { body: { email: 'x@y.z', password: 'wrong-password' }, headers: rootTenant }],
      ['POST', '/api/token', { body: { email: 'x@y.z', password: 'wrong-password' } }],
      ['POST', '/api/users/forgot-password', { body: { email: 'nobody@example.com' } }],
      ['POST', '/api/users/verify-token/forgot-password', { body: { email: 'nobody@example.com', token: 'nope' } }],
      ['GET', '/api/nothing', {}],
      ['GET', '/api/test/boom', {}],
    ];
    const seen = new Set<number>();
    for (const [method, urlPath, options] of calls) {
      const answer = await server.api(method, urlPath, options);
      expectEnvelope(answer, answer.status);
      seen.add(answer.status);
    }
    expect([...seen].sort()).toEqual([200, 400, 401, 403, 404, 500]);
  });
});

/** A GET with the path exactly as written (fetch would normalise `..` away). */
function rawGet(base: string, rawPath: string): Promise<{ status: number; text: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const request = http.request({ host: hostname, port, path: rawPath, method: 'GET' }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
    });
    request.on('error', reject);
    request.end();
  });
}
