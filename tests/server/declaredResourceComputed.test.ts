import { describe, expect, it } from 'vitest';
import { declaredResourceNamed } from '../../contract/resources';
import { computedEntries, exportedFieldsOf, fieldEntries, type ResourceDeclaration } from '../../contract/resources/declaration';
import { declaredRows, pathOf, RESOURCES, unchanged, type Dto } from './declaredResourceCases';
import { expectEnvelope } from './expectations';
import { useDemoServer } from './factories';
import { useHubClients } from './hubHarness';

/**
 * The computed fields of every declared resource (contract/resources/computed.ts): a count of the live rows that
 * name a row, answered in its DTO, sorted and filtered by in the search and the export, never taken from a write
 * (a create or PUT ignores it, a PATCH refuses it, as any read-only field) and never moving the row's version. The
 * cases come from the declarations: a computed field newly declared is tested with no edit.
 */
const demo = useDemoServer();
const { api, create, admin } = declaredRows(demo);
const connect = useHubClients(() => demo.server.url);

const computedCases = RESOURCES.flatMap((d) =>
  computedEntries(d).map(([key, f]) => ({ name: d.name, key, f, d, referrer: declaredResourceNamed(f.counts.resource) as ResourceDeclaration })),
);

const getRow = async (d: ResourceDeclaration, id: string) => {
  const answer = await api('GET', `${pathOf(d)}/${id}`);
  expectEnvelope(answer, 200);
  return { row: answer.body.data!, etag: answer.headers.get('etag')! };
};

describe.runIf(computedCases.length)('declared resources: computed fields', () => {
  it.each(computedCases)(
    '$name $key: counts the live $referrer.name naming the row; sorts and filters by it, in the search and the export',
    async ({ d, key, f, referrer }) => {
      // `some` made first and of rank 0 (sorting first on every field): by creation or by any field, it comes first;
      // by the count, last.
      const some = await create(d, 0);
      const none = await create(d, 1);
      expect(none[key]).toBe(0);
      const referring = [];
      for (let i = 0; i < 3; i += 1) referring.push(await create(referrer, 0, { [f.counts.field]: some.id }));
      // A deleted referrer (kept, marked deleted, when the referrer soft-deletes) no longer counts.
      expectEnvelope(await api('DELETE', `${pathOf(referrer)}/${referring[2].id}`), 200);
      expect((await getRow(d, none.id)).row[key]).toBe(0);
      expect((await getRow(d, some.id)).row[key]).toBe(2);

      const ids = [none.id, some.id];
      const search = async (body: object) => {
        const answer = await api<{ items: Dto[] }>('POST', `${pathOf(d)}/search`, { ids, ...body });
        expectEnvelope(answer, 200);
        return answer.body.data!.items.map((row) => [row.id, row[key]]);
      };
      expect(await search({ orderBy: [`${key} asc`] })).toEqual([
        [none.id, 0],
        [some.id, 2],
      ]);
      expect(await search({ orderBy: [`${key} desc`] })).toEqual([
        [some.id, 2],
        [none.id, 0],
      ]);
      if (f.filter) {
        expect(await search({ [key]: 2 })).toEqual([[some.id, 2]]);
        expect(await search({ [key]: 0 })).toEqual([[none.id, 0]]);
      }

      const exported = await api('GET', `${pathOf(d)}/export?ids=${none.id}&ids=${some.id}&orderBy=${key}%20desc`);
      expect(exported.status, exported.text).toBe(200);
      const [header, ...lines] = exported.text
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n')
        .map((line) => line.split(','));
      const column = header.indexOf(key);
      expect(column >= 0, header.join(',')).toBe(exportedFieldsOf(d).includes(key));
      expect(lines.map((cells) => [cells[0], ...(column >= 0 ? [cells[column]] : [])])).toEqual([
        [some.id, ...(column >= 0 ? ['2'] : [])],
        [none.id, ...(column >= 0 ? ['0'] : [])],
      ]);
    },
  );

  it.each(computedCases)(
    '$name $key: a create or PUT sending it is answered the real count; a PATCH naming it is refused as one naming createdAt, nothing changed',
    async ({ d, key }) => {
      const made = await create(d, 0, { [key]: 7 });
      expect(made[key]).toBe(0);
      const declared = Object.fromEntries(fieldEntries(d).map(([k]) => [k, made[k]]));
      const put = await api('PUT', `${pathOf(d)}/${made.id}`, { ...declared, [key]: 7 });
      expectEnvelope(put, 200);
      await unchanged(demo.server, async () => {
        for (const readOnly of [key, 'createdAt']) {
          const patched = await api('PATCH', `${pathOf(d)}/${made.id}`, { [readOnly]: 7 });
          expectEnvelope(patched, 400);
          expect(patched.body.errors?.map((e) => e.field)).toEqual([readOnly]);
        }
      });
      for (const answer of [put.body.data!, (await getRow(d, made.id)).row]) {
        expect(answer[key]).toBe(0);
        expect(Object.fromEntries(fieldEntries(d).map(([k]) => [k, answer[k]]))).toEqual(declared);
      }
    },
  );

  it.each(computedCases)('$name $key: a row whose count moves keeps its version (ETag); a save on it still matches', async ({ d, key, f, referrer }) => {
    const row = await create(d, 0);
    const before = await getRow(d, row.id);
    await create(referrer, 0, { [f.counts.field]: row.id });
    const after = await getRow(d, row.id);
    expect(after.row[key]).toBe(1);
    expect(after.etag).toBe(before.etag);
    expectEnvelope(await api('PATCH', `${pathOf(d)}/${row.id}`, {}, undefined, { 'if-match': before.etag }), 200);
  });

  it.each(computedCases)(
    '$name $key: a referrer made, moved or deleted announces the counted rows it leaves and joins, so lists read their count again',
    async ({ d, f, referrer }) => {
      const [first, second] = [await create(d, 0), await create(d, 1)];
      const heard: string[] = [];
      const hub = await connect(admin());
      hub.on('ResourceChanged', (change: { resource: string; id: string; action: string }) => {
        if (change.resource === d.name && change.action === 'updated') heard.push(change.id);
      });
      const heardOf = (id: string) => heard.filter((h) => h === id).length;

      const naming = await create(referrer, 0, { [f.counts.field]: first.id });
      await expect.poll(() => heardOf(first.id)).toBe(1);
      expectEnvelope(await api('PATCH', `${pathOf(referrer)}/${naming.id}`, { [f.counts.field]: second.id }), 200);
      await expect.poll(() => [heardOf(first.id), heardOf(second.id)]).toEqual([2, 1]);
      expectEnvelope(await api('DELETE', `${pathOf(referrer)}/${naming.id}`), 200);
      await expect.poll(() => [heardOf(first.id), heardOf(second.id)]).toEqual([2, 2]);
      // A change that leaves the reference as it was moves no count.
      const other = await create(referrer, 1);
      expectEnvelope(await api('PATCH', `${pathOf(referrer)}/${other.id}`, {}), 200);
      // Heard in order on one connection: once the next change's event is in, the no-op's would have been too.
      await create(referrer, 0, { [f.counts.field]: first.id });
      await expect.poll(() => [heardOf(first.id), heardOf(second.id)]).toEqual([3, 2]);
    },
  );
});
