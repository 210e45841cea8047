import { describe, expect, it } from 'vitest';
import { declaredResourceNamed } from '../../contract/resources';
import { fieldEntries, filterFieldsOf, searchFieldsOf, sortableFieldsOf, exportedFieldsOf } from '../../contract/resources/declaration';
import { csvCell } from '../../server/core/csv';
import { declaredRows, english, isTextual, pathOf, RESOURCES, resourceCases, servesAction, type Dto } from './declaredResourceCases';
import { expectEnvelope } from './expectations';
import { useDemoServer } from './factories';

/**
 * The lists of every declared resource (contract/resources/): each sortable field sorts both ways, each filter
 * filters, the keyword searches the declared fields (and only those named), the export has the declared columns.
 * Read on a pair of rows per resource (ranks 0 and 1, which sort in that order on every field).
 */
const demo = useDemoServer();
const rows = declaredRows(demo);
const { api, pairOf, searchIds } = rows;

const sortCases = RESOURCES.flatMap((d) => sortableFieldsOf(d).map((key) => ({ name: d.name, key, d })));
const filterCases = RESOURCES.flatMap((d) => filterFieldsOf(d).map(([key, f]) => ({ name: d.name, key, f, d })));
const searchCases = RESOURCES.flatMap((d) => searchFieldsOf(d).map((key) => ({ name: d.name, key, d })));

describe('declared resources: sort', () => {
  it.each(sortCases)('$name: sorts by $key, ascending and descending', async ({ d, key }) => {
    const [first, second] = await pairOf(d);
    const ids = [first.id, second.id];
    const tie = first[key] === second[key];
    for (const direction of ['asc', 'desc']) {
      const found = await searchIds(d, { ids, orderBy: [`${key} ${direction}`] });
      if (tie) expect(found.sort()).toEqual([...ids].sort());
      else expect(found).toEqual(direction === 'asc' ? ids : [...ids].reverse());
    }
  });

  it.each(resourceCases())('$name: a field it does not sort by is refused (400 on orderBy)', async ({ d }) => {
    // A module serving its own rows (tableOwner) may sort by more than the declaration offers; a derived one may not.
    const unsortable = d.tableOwner ? undefined : fieldEntries(d).find(([key]) => !sortableFieldsOf(d).includes(key))?.[0];
    for (const key of ['noSuchField', 'searchText', ...(unsortable ? [unsortable] : [])]) {
      const answer = await api('POST', `${pathOf(d)}/search`, { orderBy: [`${key} asc`] });
      expectEnvelope(answer, 400);
      expect(
        answer.body.errors?.map((e) => e.field),
        answer.text,
      ).toEqual(['orderBy']);
    }
  });
});

describe('declared resources: filters', () => {
  it.each(filterCases)('$name: filters by $key', async ({ d, key, f }) => {
    const [first, second] = await pairOf(d);
    const ids = [first.id, second.id];
    const value = first[key];
    if (value === second[key]) {
      // Both rows hold it (a partner user is invited inactive, whatever the body says): the filter keeps both, or none.
      expect((await searchIds(d, { ids, [key]: value })).sort()).toEqual([...ids].sort());
      if (f.type === 'boolean') expect(await searchIds(d, { ids, [key]: !value })).toEqual([]);
      return;
    }
    expect(await searchIds(d, { ids, [key]: value })).toEqual([first.id]);
    // A text filter ignores case; a reference takes an id in capitals.
    if (isTextual(f) || f.type === 'reference') expect(await searchIds(d, { ids, [key]: String(value).toUpperCase() })).toEqual([first.id]);
    expect(await searchIds(d, { ids, [key]: second[key] })).toEqual([second.id]);
  });

  it.each(resourceCases())('$name: a filter it does not declare is refused (400 naming it)', async ({ d }) => {
    const undeclared = fieldEntries(d).find(([, f]) => !f.filter)?.[0] ?? 'noSuchFilter';
    for (const key of ['noSuchFilter', undeclared]) {
      const answer = await api('POST', `${pathOf(d)}/search`, { [key]: 'x' });
      expectEnvelope(answer, 400);
      expect(
        answer.body.errors?.map((e) => e.field),
        answer.text,
      ).toEqual([key]);
    }
  });
});

describe('declared resources: keyword search', () => {
  it.each(searchCases)('$name: the keyword finds $key, alone or among every searched field', async ({ d, key }) => {
    const [first, second] = await pairOf(d);
    const ids = [first.id, second.id];
    const keyword = String(first[key]);
    expect(await searchIds(d, { ids, keyword })).toEqual([first.id]);
    expect(await searchIds(d, { ids, advancedSearch: { keyword } })).toEqual([first.id]);
    expect(await searchIds(d, { ids, advancedSearch: { keyword: keyword.toUpperCase(), fields: [key] } })).toEqual([first.id]);
    const others = searchFieldsOf(d).filter((other) => other !== key);
    if (others.length) expect(await searchIds(d, { ids, advancedSearch: { keyword, fields: others } })).toEqual([]);
  });

  it.each(resourceCases((d) => searchFieldsOf(d).length > 0))(
    '$name: a keyword limited to a field it does not search is refused (400, api.searchFieldNotAllowed)',
    async ({ d }) => {
      const unsearched = fieldEntries(d).find(([, f]) => !f.search)?.[0];
      for (const field of ['noSuchField', ...(unsearched ? [unsearched] : [])]) {
        const answer = await api('POST', `${pathOf(d)}/search`, { advancedSearch: { keyword: 'x', fields: [searchFieldsOf(d)[0], field] } });
        expectEnvelope(answer, 400);
        expect(
          answer.body.errors?.map((e) => e.field),
          answer.text,
        ).toEqual(['advancedSearch.fields[1]']);
        expect(answer.body.message.startsWith(english('api.searchFieldNotAllowed', { allowed: '' })), answer.text).toBe(true);
        for (const allowed of searchFieldsOf(d)) expect(answer.body.message).toContain(allowed);
      }
    },
  );
});

/** The CSV's lines, without the byte order mark and the last line break. */
const csvLines = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n$/, '')
    .split('\r\n');

describe('declared resources: export', () => {
  it.each(resourceCases((d) => servesAction(d, 'Export')))('$name: GET /export has id and the exported fields, a row each', async ({ d }) => {
    const pair = await pairOf(d);
    const query = pair.map((row) => `ids=${row.id}`).join('&');
    const answer = await api('GET', `${pathOf(d)}/export?${query}&orderBy=createdAt%20asc`);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(answer.headers.get('content-disposition')).toContain(`filename="${d.name}.csv"`);
    const [header, ...lines] = csvLines(answer.text);
    const exported = exportedFieldsOf(d);
    expect(header.startsWith(['id', ...exported].join(',') + ','), header).toBe(true);
    expect(lines).toHaveLength(2);
    pair.forEach((row: Dto, i) => {
      const cells = ['id', ...exported].map((key) => csvCell(row[key]));
      expect(lines[i].startsWith(`${cells.join(',')},`), lines[i]).toBe(true);
    });
  });

  const referenceCases = RESOURCES.filter((d) => servesAction(d, 'Export')).flatMap((d) =>
    fieldEntries(d)
      .filter(([key, f]) => f.type === 'reference' && exportedFieldsOf(d).includes(key) && declaredResourceNamed(f.reference!)?.titleField)
      .map(([key, f]) => ({ name: d.name, key, d, target: declaredResourceNamed(f.reference!)! })),
  );
  it.each(referenceCases)('$name: the export names the $key record as the screen does (its title), beside its id', async ({ d, key, target }) => {
    const pair = (await pairOf(d)) as Dto[];
    const answer = await api('GET', `${pathOf(d)}/export?${pair.map((r) => `ids=${r.id}`).join('&')}&orderBy=createdAt%20asc`);
    expect(answer.status, answer.text).toBe(200);
    const [header, ...lines] = csvLines(answer.text).map((l) => l.split(','));
    const [row] = pair;
    const line = lines.find((cells) => cells[0] === row.id) ?? [];
    const referenced = await api('GET', `${pathOf(target)}/${String(row[key])}`);
    const title = (referenced.body.data as Dto)[target.titleField!];
    expect(line[header.indexOf(`${key.replace(/Id$/, '')}Name`)], header.join(',')).toBe(csvCell(title));
  });
});
