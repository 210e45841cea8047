import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope, jwtPayload } from './expectations';
import { rootTenant, startServer, type TestServer } from './harness';

/**
 * PGlite is the portal's fallback where the embedded PostgreSQL cannot run (not Linux x64, or a DATA_DIR its
 * user cannot reach). The suite runs on PostgreSQL; this file proves the fallback starts, migrates, seeds and
 * answers a request of every module.
 */
let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startServer({ databaseEngine: 'pglite' });
  admin = (await server.signIn('admin@example.com')).token;
});
afterAll(() => server?.close());

/** One read of each server module, as the admin. */
const READS: [module: string, method: 'GET' | 'POST', path: string][] = [
  ['health', 'GET', '/api/health'],
  ['accounts', 'GET', '/api/users/profile'],
  ['roles', 'POST', '/api/v1/roles/search'],
  ['partners', 'POST', '/api/v1/partners/search'],
  ['users', 'GET', '/api/v1/users'],
  ['partnerUsers', 'POST', '/api/v1/partner-users/search'],
  ['tickets', 'POST', '/api/v1/tickets/search'],
  ['validationRules', 'POST', '/api/v1/validation-rules/search'],
  ['formDefinitions', 'POST', '/api/v1/forms/search'],
  ['partnerForms', 'POST', '/api/v1/partner-forms/search'],
  ['onboardingRules', 'POST', '/api/v1/next-partner-forms/search'],
  ['files', 'POST', '/api/v1/files/search'],
  // The demo's history of changes (the activity module's seed) is read through a user's audit trail.
  ['activity', 'GET', '/api/v1/users/:admin/audit-trails'],
  ['dashboard', 'GET', '/api/v1/dashboard'],
];

describe('the PGlite fallback', () => {
  it('runs on PGlite, seeded with the demo data', () => {
    expect(server.built.database.kind).toBe('pglite');
  });

  it.each(READS)('answers a read of the %s module', async (_module, method, path) => {
    const answer = await server.api(method, path.replace(':admin', String(jwtPayload(admin).sub)), {
      token: admin,
      headers: rootTenant,
      ...(method === 'POST' ? { body: {} } : {}),
    });
    expectEnvelope(answer, 200);
  });
});
