import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS } from '../../contract/permissions';
import { startServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

describe('route table', () => {
  it('every route declares a permission, authenticated or public', () => {
    const undeclared = server.built.routes.filter((r) => {
      const access = (r.config as { access?: string } | undefined)?.access;
      return !(access === 'public' || access === 'authenticated' || (access && (ALL_PERMISSIONS as string[]).includes(access)));
    });
    expect(undeclared.map((r) => `${r.method} ${r.url}`)).toEqual([]);
    expect(server.built.routes.length).toBeGreaterThan(20);
  });

  it('the OpenAPI document at /api/docs lists every API route', async () => {
    const answer = await server.api<never>('GET', '/api/docs');
    const doc = JSON.parse(answer.text) as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toMatch(/^3\./);
    const apiRoutes = server.built.routes.filter((r) => r.url.startsWith('/api/') && r.url !== '/api/docs' && r.method !== 'HEAD');
    for (const route of apiRoutes) {
      const openApiPath = route.url.replace(/:(\w+)/g, '{$1}');
      const methods = ([] as string[]).concat(route.method).map((m) => m.toLowerCase());
      for (const m of methods) expect(doc.paths[openApiPath]?.[m], `${m} ${openApiPath}`).toBeDefined();
    }
  });
});
