import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startServer, type TestServer } from './harness';

/**
 * What an integrator does with /api/docs (issue 35): generate types with openapi-typescript, call the API through
 * openapi-fetch's `createClient<paths>()`, and compile with strict settings. A right program compiles clean and runs
 * against the live server; a wrong one is refused by the compiler at each wrong line.
 */

/** A program an integrator writes: a page of tickets sorted by SLA, a partner by id, a canned response made, changed and removed. */
const CLIENT = `import createClient from 'openapi-fetch';
import type { paths } from './api';

export async function integrate(baseUrl: string, token: string) {
  const client = createClient<paths>({ baseUrl, headers: { authorization: \`Bearer \${token}\` } });
  const tickets = await client.POST('/api/v1/tickets/search', { body: { orderBy: ['sla asc', 'createdAt desc'], pageNumber: 1, pageSize: 2, status: 'OPEN' } });
  const page = tickets.data?.data;
  const dues: (string | null)[] = page?.items.map((t) => t.sla?.firstResponse?.dueAt ?? null) ?? [];
  const partners = await client.POST('/api/v1/partners/search', { body: { orderBy: ['name asc'], pageSize: 1 } });
  const listed = partners.data?.data.items[0];
  if (!listed) throw new Error(partners.error?.message ?? 'no partner');
  const partner = await client.GET('/api/v1/partners/{id}', { params: { path: { id: listed.id } } });
  const created = await client.POST('/api/v1/canned-responses', { body: { title: 'Typed client', body: 'Sent by a generated client', language: 'en' } });
  const made = created.data?.data;
  if (!made) throw new Error(created.error?.message ?? 'not created');
  const changed = await client.PATCH('/api/v1/canned-responses/{id}', { params: { path: { id: made.id } }, body: { shared: true, language: null } });
  const removed = await client.DELETE('/api/v1/canned-responses/{id}', { params: { path: { id: made.id } } });
  const gone = await client.GET('/api/v1/canned-responses/{id}', { params: { path: { id: made.id } } });
  return {
    tickets: { status: tickets.response.status, count: page?.items.length, totalCount: page?.totalCount, pageSize: page?.pageSize, dues },
    partner: { listedName: listed.name, name: partner.data?.data.name, email: partner.data?.data.email },
    cannedResponse: { title: made.title, shared: changed.data?.data.shared, language: changed.data?.data.language },
    removed: removed.response.status,
    gone: { status: gone.response.status, message: gone.error?.message },
  };
}
`;

/** What CLIENT's `integrate` answers. */
interface ClientProgram {
  integrate(
    baseUrl: string,
    token: string,
  ): Promise<{
    tickets: { status: number; count?: number; totalCount?: number; pageSize?: number; dues: (string | null)[] };
    partner: { listedName: string; name?: string; email?: string };
    cannedResponse: { title: string; shared?: boolean; language?: string | null };
    removed: number;
    gone: { status: number; message?: string };
  }>;
}

/** The same client misused: each line marked \`// refused\` must be an error, and no other line. */
const WRONG = `import createClient from 'openapi-fetch';
import type { paths } from './api';

export async function misuse(baseUrl: string) {
  const client = createClient<paths>({ baseUrl });
  await client.PATCH('/api/v1/canned-responses/{id}', { params: { path: { id: 'x' } }, body: { shared: 'yes' } }); // refused
  await client.POST('/api/v1/canned-responses', { body: { title: 'No body' } }); // refused
  await client.POST('/api/v1/tickets/search', { body: { priority: 'SOMETIMES' } }); // refused
  await client.GET('/api/v1/partners/{id}', {}); // refused
  await client.GET('/api/v1/no-such-path'); // refused
  const partner = await client.GET('/api/v1/partners/{id}', { params: { path: { id: 'x' } } });
  const name: number | undefined = partner.data?.data.name; // refused
  return name;
}
`;

/** An integrator's strict settings; the generated file is a .ts file, so skipLibCheck does not skip it. */
const COMPILER_OPTIONS: ts.CompilerOptions = {
  strict: true,
  exactOptionalPropertyTypes: true,
  noUncheckedIndexedAccess: true,
  noEmit: true,
  skipLibCheck: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
  types: [],
};

let server: TestServer;
let dir: string;
let generationWarnings: unknown[][];
let diagnostics: { file: string; line: number; text: string }[];

beforeAll(async () => {
  server = await startServer();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-openapi-client-'));
  // The programs import openapi-fetch as an integrator's would, from their node_modules.
  fs.symlinkSync(fileURLToPath(new URL('../../node_modules', import.meta.url)), path.join(dir, 'node_modules'), 'dir');

  const document = JSON.parse((await server.api('GET', '/api/docs')).text) as OpenAPI3;
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  const error = vi.spyOn(console, 'error').mockImplementation(() => {});
  try {
    fs.writeFileSync(path.join(dir, 'api.ts'), astToString(await openapiTS(document)));
  } finally {
    generationWarnings = [...warn.mock.calls, ...error.mock.calls];
    warn.mockRestore();
    error.mockRestore();
  }
  fs.writeFileSync(path.join(dir, 'client.ts'), CLIENT);
  fs.writeFileSync(path.join(dir, 'wrong.ts'), WRONG);

  // One compile of both programs (and the generated types they import).
  const program = ts.createProgram([path.join(dir, 'client.ts'), path.join(dir, 'wrong.ts')], COMPILER_OPTIONS);
  diagnostics = ts.getPreEmitDiagnostics(program).map((d) => ({
    file: d.file ? path.relative(dir, d.file.fileName) : '(options)',
    line: d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line + 1 : 0,
    text: ts.flattenDiagnosticMessageText(d.messageText, ' '),
  }));
}, 120_000);

afterAll(async () => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  await server?.close();
});

describe('a client generated from /api/docs with openapi-typescript and openapi-fetch', () => {
  it('is generated without a problem reported about the document', () => {
    expect(generationWarnings).toEqual([]);
    expect(fs.readFileSync(path.join(dir, 'api.ts'), 'utf8')).toContain('export interface paths');
  });

  it('type-checks with strict settings: the generated types and a program using them, without a diagnostic', () => {
    expect(diagnostics.filter((d) => d.file !== 'wrong.ts')).toEqual([]);
  });

  it('refuses a wrong body, a missing field, an unknown enum value, a missing path parameter, an unknown path and a misread answer', () => {
    const marked = WRONG.split('\n').flatMap((line, index) => (line.endsWith('// refused') ? [index + 1] : []));
    const refused = [...new Set(diagnostics.filter((d) => d.file === 'wrong.ts').map((d) => d.line))].sort((a, b) => a - b);
    expect(refused).toEqual(marked);
  });

  it('runs against the live server: it reads, writes and is refused as the API documents', async () => {
    const token = (await server.signIn('admin@example.com')).token;
    const { integrate } = (await import(pathToFileURL(path.join(dir, 'client.ts')).href)) as ClientProgram;
    const outcome = await integrate(server.url, token);
    expect(outcome.tickets).toMatchObject({ status: 200, pageSize: 2 });
    expect(outcome.tickets.count).toBeLessThanOrEqual(2);
    expect(outcome.tickets.dues).toHaveLength(outcome.tickets.count!);
    expect(outcome.tickets.totalCount).toBeGreaterThanOrEqual(outcome.tickets.count!);
    expect(outcome.partner.name).toBe(outcome.partner.listedName);
    expect(outcome.partner.email).toMatch(/@/);
    expect(outcome.cannedResponse).toEqual({ title: 'Typed client', shared: true, language: null });
    expect(outcome.removed).toBe(200);
    expect(outcome.gone.status).toBe(404);
    expect(outcome.gone.message).toBeTruthy();
  });
});
