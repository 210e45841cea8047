import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DataProvider } from 'react-admin';
import type { PartnerDto } from '../../contract/partners';
import type { UserDto } from '../../contract/users';
import { useDemoServer } from './factories';

/**
 * What stock react-admin components ask of the browser's real dataProvider, answered by a real server:
 * the provider runs here as in the browser, its relative /api calls sent to the test server and its
 * session kept in a stand-in for localStorage.
 */
const { server, make, sessions, partnerIds } = useDemoServer();
let dataProvider: DataProvider;

function installBrowserStandIns() {
  const stored = new Map<string, string>();
  const storage: Storage = {
    get length() {
      return stored.size;
    },
    clear: () => stored.clear(),
    getItem: (key) => stored.get(key) ?? null,
    key: (index) => [...stored.keys()][index] ?? null,
    removeItem: (key) => void stored.delete(key),
    setItem: (key, value) => void stored.set(key, String(value)),
  };
  Object.defineProperty(globalThis, 'localStorage', { value: storage, configurable: true });
  const realFetch = globalThis.fetch;
  globalThis.fetch = (input, init) => realFetch(typeof input === 'string' && input.startsWith('/') ? `${server.url}${input}` : input, init);
}

beforeAll(async () => {
  installBrowserStandIns();
  dataProvider = (await import('../../src/providers/data/dataProvider')).dataProvider;
  // The screen registry names its screens ("user-management") to the providers when it loads, as the app loads it.
  await import('../../src/resources');
});

beforeEach(async () => {
  const { saveCredentials } = await import('../../src/providers/session/sessionStorage');
  saveCredentials(sessions['admin@example.com']);
});

const MISSING = '00000000-0000-4000-8000-000000000000';

describe('stock react-admin against the real server', () => {
  it('<List> with its default sort (id ASC) lists every resource', async () => {
    for (const resource of ['partners', 'roles', 'user-management', 'partner-users', 'tickets']) {
      const { data, total } = await dataProvider.getList(resource, { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
      expect(total, resource).toBeGreaterThan(0);
      const ids = data.map((row) => String(row.id));
      expect(ids, resource).toEqual([...ids].sort());
    }
  });

  it('<ExportButton> reads 1,000 rows a page', async () => {
    const { data, total } = await dataProvider.getList('partners', { pagination: { page: 1, perPage: 1000 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
    expect(data.length).toBe(Math.min(total ?? 0, 1000));
  });

  it('<ReferenceManyField target="partnerId"> lists one partner\'s users; a target the API has not is refused, not ignored', async () => {
    const acme = partnerIds['Acme Logistics'];
    const { data } = await dataProvider.getManyReference<UserDto>('user-management', {
      target: 'partnerId',
      id: acme,
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(data.length).toBeGreaterThan(0);
    expect(data.every((u) => u.partnerId === acme)).toBe(true);
    await expect(
      dataProvider.getManyReference('user-management', {
        target: 'ownerId',
        id: acme,
        pagination: { page: 1, perPage: 25 },
        sort: { field: 'id', order: 'ASC' },
        filter: {},
      }),
    ).rejects.toMatchObject({ status: 400 });
  });

  it('<ReferenceField> and <ReferenceArrayField> (getMany) show a deleted reference marked deleted and leave out a missing one', async () => {
    const [kept, gone] = [await make.partner(), await make.partner()];
    await dataProvider.delete('partners', { id: gone.id, previousData: gone });
    const { data } = await dataProvider.getMany<PartnerDto>('partners', { ids: [kept.id, gone.id, MISSING] });
    expect(data.map((p) => [p.id, p.deleted])).toEqual([
      [kept.id, false],
      [gone.id, true],
    ]);
  });

  it('<Edit> saves only what changed; a second tab saving from the same read is told, with the current record', async () => {
    const made = await make.partner({ website: 'https://kept.example' });
    const { data: opened } = await dataProvider.getOne<PartnerDto>('partners', { id: made.id });
    const { data: saved } = await dataProvider.update<PartnerDto>('partners', { id: made.id, data: { ...opened, address: 'First tab' }, previousData: opened });
    expect(saved).toMatchObject({ address: 'First tab', website: 'https://kept.example', name: made.name });
    const refused = await dataProvider
      .update('partners', { id: made.id, data: { ...opened, name: 'Second tab' }, previousData: opened })
      .catch((e: unknown) => e);
    expect(refused).toMatchObject({ status: 412, body: { current: { address: 'First tab', name: made.name } } });
    const { data: now } = await dataProvider.getOne<PartnerDto>('partners', { id: made.id });
    expect(now.name).toBe(made.name);
  });

  it('<BulkUpdateButton> and <BulkDeleteButton>: one call each, all or nothing', async () => {
    const rows = [await make.partner(), await make.partner()];
    const ids = rows.map((r) => r.id);
    await expect(dataProvider.updateMany('partners', { ids: [...ids, MISSING], data: { type: 'Never' } })).rejects.toMatchObject({ status: 404 });
    expect((await dataProvider.updateMany('partners', { ids, data: { type: 'Bulk' } })).data).toEqual(ids);
    const { data: updated } = await dataProvider.getMany<PartnerDto>('partners', { ids });
    expect(updated.map((p) => p.type)).toEqual(['Bulk', 'Bulk']);
    await expect(dataProvider.deleteMany('partners', { ids: [...ids, MISSING] })).rejects.toMatchObject({ status: 404 });
    expect((await dataProvider.getMany<PartnerDto>('partners', { ids })).data.every((p) => !p.deleted)).toBe(true);
    expect((await dataProvider.deleteMany('partners', { ids })).data).toEqual(ids);
    expect((await dataProvider.getMany<PartnerDto>('partners', { ids })).data.every((p) => p.deleted)).toBe(true);
  });
});
