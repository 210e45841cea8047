import { describe, expect, it } from 'vitest';
import type { Envelope } from '../../contract/envelope';
import type { PartnerDto } from '../../contract/partners';
import type { UserDto } from '../../contract/users';
import type { ApiAnswer } from './harness';
import { expectEnvelope } from './expectations';
import { useDemoServer } from './factories';

const { server, make, token, partnerIds } = useDemoServer();

const admin = () => token('admin@example.com');
const acmeAdmin = () => token('partner.admin@acme.example');

type Versioned = { id: string; version: string };

/** A refusal for a stale copy: 412, the current record as data, and nothing changed. */
async function expectStale<T>(call: () => Promise<ApiAnswer<T>>, current: object) {
  const before = await server.snapshot();
  const answer = await call();
  expect(answer.status, answer.text).toBe(412);
  const body = answer.body as Envelope<T>;
  expect(body).toMatchObject({ isSuccess: false, statusCode: 412 });
  expect(body.message).toMatch(/changed this record/);
  expect(body.data).toMatchObject(current);
  expect(await server.snapshot()).toBe(before);
  return answer;
}

const etagOf = async (path: string, as = admin()) => {
  const answer = await server.api<Versioned>('GET', path, { token: as });
  expectEnvelope(answer, 200);
  return { etag: answer.headers.get('etag')!, record: answer.body.data! };
};

/** Every record route with updates and deletes, and how to make one of its records. */
const RESOURCES = [
  { name: 'partners', path: '/api/v1/partners', as: admin, make: async () => (await make.partner()).id, change: { address: 'Changed by the first admin' } },
  { name: 'roles', path: '/api/v1/roles', as: admin, make: async () => (await make.role()).id, change: { description: 'Changed by the first admin' } },
  {
    name: 'users',
    path: '/api/v1/users',
    as: admin,
    make: async () => (await make.user({ active: false })).id,
    change: { organization: 'Changed by the first admin' },
  },
  {
    name: 'partner-users',
    path: '/api/v1/partner-users',
    as: acmeAdmin,
    make: async () => (await make.user({ partnerId: partnerIds['Acme Logistics'], active: false })).id,
    change: { organization: 'Changed by the first admin' },
  },
];

describe('lost updates: ETag and If-Match on every record route', () => {
  it.each(RESOURCES)('GET $path/{id} answers its version as a strong ETag, which changes with the record', async ({ path, as, make: makeOne, change }) => {
    const id = await makeOne();
    const { etag, record } = await etagOf(`${path}/${id}`, as());
    expect(etag).toBe(`"${record.version}"`);
    expect((await server.api<Versioned>('PATCH', `${path}/${id}`, { token: as(), body: change })).status).toBe(200);
    expect((await etagOf(`${path}/${id}`, as())).etag).not.toBe(etag);
  });

  it.each(RESOURCES)(
    '$path: a save from a stale copy (PUT, PATCH or DELETE) answers 412 with the current record and changes nothing',
    async ({ path, as, make: makeOne, change }) => {
      const id = await makeOne();
      const { etag: stale, record: opened } = await etagOf(`${path}/${id}`, as());
      const first = await server.api<Versioned>('PATCH', `${path}/${id}`, { token: as(), body: change, headers: { 'if-match': stale } });
      expectEnvelope(first, 200);
      const current = first.body.data!;
      const { id: _id, version: _version, ...openedFields } = opened as Versioned & Record<string, unknown>;
      const putBody = Object.fromEntries(Object.entries(openedFields).filter(([, v]) => v !== null));
      await expectStale(
        () =>
          server.api('PATCH', `${path}/${id}`, {
            token: as(),
            body: { ...change, ...Object.fromEntries(Object.keys(change).map((k) => [k, 'Second admin'])) },
            headers: { 'if-match': stale },
          }),
        { ...change, version: current.version },
      );
      await expectStale(() => server.api('PUT', `${path}/${id}`, { token: as(), body: putBody, headers: { 'if-match': stale } }), change);
      await expectStale(() => server.api('DELETE', `${path}/${id}`, { token: as(), headers: { 'if-match': stale } }), change);
      expectEnvelope(await server.api('PATCH', `${path}/${id}`, { token: as(), body: change, headers: { 'if-match': `"${current.version}"` } }), 200);
    },
  );

  it('two saves from the same version at the same moment: one is saved, the other is told (412)', async () => {
    const partner = await make.partner();
    const { etag } = await etagOf(`/api/v1/partners/${partner.id}`);
    const saves = await Promise.all(
      ['First', 'Second', 'Third'].map((who) =>
        server.api<PartnerDto & Versioned>('PATCH', `/api/v1/partners/${partner.id}`, {
          token: admin(),
          body: { address: `${who} address` },
          headers: { 'if-match': etag },
        }),
      ),
    );
    expect(saves.map((s) => s.status).sort()).toEqual([200, 412, 412]);
    const saved = saves.find((s) => s.status === 200)!.body.data!;
    for (const refused of saves.filter((s) => s.status === 412)) expect(refused.body.data).toMatchObject({ address: saved.address, version: saved.version });
  });

  it('without If-Match a save goes through (the header is optional), and If-Match: * or a weak tag of the current version passes', async () => {
    const user = await make.user({ active: false });
    expectEnvelope(await server.api<UserDto>('PATCH', `/api/v1/users/${user.id}`, { token: admin(), body: { lastName: 'Plain' } }), 200);
    expectEnvelope(
      await server.api<UserDto>('PATCH', `/api/v1/users/${user.id}`, { token: admin(), body: { lastName: 'Star' }, headers: { 'if-match': '*' } }),
      200,
    );
    const { etag } = await etagOf(`/api/v1/users/${user.id}`);
    expectEnvelope(
      await server.api<UserDto>('PATCH', `/api/v1/users/${user.id}`, { token: admin(), body: { lastName: 'Weak' }, headers: { 'if-match': `W/${etag}` } }),
      200,
    );
  });

  it('a malformed If-Match is a 400 naming the header, changing nothing', async () => {
    const partner = await make.partner();
    const before = await server.snapshot();
    const answer = await server.api('PATCH', `/api/v1/partners/${partner.id}`, { token: admin(), body: { address: 'x' }, headers: { 'if-match': 'unquoted' } });
    expectEnvelope(answer, 400);
    expect(answer.body.errors?.map((e) => e.field)).toEqual(['If-Match']);
    expect(await server.snapshot()).toBe(before);
  });

  it('every row of a search carries the version its GET answers as ETag', async () => {
    const partner = await make.partner();
    const page = await server.api<{ items: Versioned[] }>('POST', '/api/v1/partners/search', { token: admin(), body: { ids: [partner.id] } });
    const { etag } = await etagOf(`/api/v1/partners/${partner.id}`);
    expect(`"${page.body.data!.items[0].version}"`).toBe(etag);
  });
});
