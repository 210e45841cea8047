import { describe, expect, it } from 'vitest';
import { useDemoServer, unique } from './factories';
import { expectScimError, PATCH_OP, partnerWithScim, refusedScim } from './scimFixtures';

/**
 * SCIM's limits (issue 37, point 5): requests counted per token, and hostile bodies refused with a SCIM error
 * before anything changes.
 */
const LIMIT = 6;
const { server, make, roleIds } = useDemoServer({ limits: { scimPerMinute: LIMIT } });
const withScim = () => partnerWithScim(server, make, roleIds.PartnerAdmin);
const user = () => ({ userName: `${unique('h')}@scim.example`, name: { givenName: 'H', familyName: 'L' } });

describe('rate limit per token', () => {
  it('a token over its limit is 429 with Retry-After and a SCIM error, while another token of the same partner goes on', async () => {
    const first = await withScim();
    for (let i = 0; i < LIMIT; i++) expect((await first.scim.get('/ServiceProviderConfig')).status).toBe(200);
    const over = await first.scim.get('/Users');
    expectScimError(over, 429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    const second = await server.api<{ token: string }>('POST', `/api/v1/partners/${first.partner.id}/scim-tokens`, {
      token: first.admin.token,
      body: { name: 'Okta' },
    });
    const other = await fetch(`${server.url}/scim/v2/Users`, { headers: { authorization: `Bearer ${second.body.data!.token}` } });
    expect(other.status).toBe(200);
  });
});

describe('hostile input', () => {
  it('a members list over 1,000 is 400 tooMany, nothing changed', async () => {
    const { scim } = await withScim();
    const members = Array.from({ length: 1001 }, (_, i) => ({ value: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}` }));
    await refusedScim(server, () => scim.post('/Groups', { displayName: 'Huge', members }), 400, 'tooMany');
  });

  it('a __proto__ key, a NUL (in a value or a key) and a lone surrogate are 400 with a SCIM error body, nothing changed', async () => {
    const { scim } = await withScim();
    await refusedScim(server, () => scim.raw('POST', '/Users', `{"userName":"${unique('p')}@scim.example","__proto__":{"active":false}}`), 400);
    await refusedScim(server, () => scim.post('/Users', { ...user(), name: { givenName: 'nul\u0000here', familyName: 'x' } }), 400, 'invalidValue');
    await refusedScim(
      server,
      () => scim.raw('POST', '/Users', `{"userName":"${unique('s')}@scim.example","name":{"givenName":"\\ud800"}}`),
      400,
      'invalidValue',
    );
    // A NUL in a key too.
    await refusedScim(server, () => scim.raw('POST', '/Groups', '{"displayName":"k","\\u0000":1}'), 400);
  });

  it('bodies of the wrong shape: an array, an unknown op, too many operations, a boolean that is not one, a text over its limit', async () => {
    const { scim, admin } = await withScim();
    await refusedScim(server, () => scim.post('/Users', [user()]), 400, 'invalidSyntax');
    await refusedScim(
      server,
      () => scim.patch(`/Users/${admin.id}`, { schemas: [PATCH_OP], Operations: [{ op: 'move', path: 'active', value: false }] }),
      400,
      'invalidSyntax',
    );
    await refusedScim(
      server,
      () =>
        scim.patch(`/Users/${admin.id}`, {
          schemas: [PATCH_OP],
          Operations: Array.from({ length: 101 }, () => ({ op: 'replace', path: 'active', value: true })),
        }),
      400,
      'tooMany',
    );
    await refusedScim(server, () => scim.patch(`/Users/${admin.id}`, { Operations: [{ op: 'replace', path: 'active', value: 'maybe' }] }), 400, 'invalidValue');
    await refusedScim(server, () => scim.post('/Users', { ...user(), name: { givenName: 'x'.repeat(101) } }), 400, 'invalidValue');
  });
});

describe('malformed requests', () => {
  it('a malformed JSON body and an unknown endpoint are SCIM errors too', async () => {
    const { scim } = await withScim();
    await refusedScim(server, () => scim.raw('POST', '/Users', '{"userName":'), 400);
    expectScimError(await scim.get('/Nope'), 404);
    expectScimError(await scim.post('/Nope', {}), 404);
    await refusedScim(server, () => scim.post('/Users', { userName: 'not an email' }), 400, 'invalidValue');
  });
});
