import { and, desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PagedResult } from '../../contract/envelope';
import { MAX_PAGE_SIZE } from '../../contract/http';
import type { PartnerDto } from '../../contract/partners';
import apiEn from '../../i18n/api.en';
import validationEn from '../../i18n/validation.en';
import { csvCell } from '../../server/core/csv';
import { auditTrails, partners } from '../../server/db/schema';
import { DEMO_PARTNERS } from '../../server/modules/partners/partners.demo';
import { expectEnvelope, expectFieldErrors, fieldMessage, refused } from './expectations';
import { unique, useDemoServer, whileAuditRefuses } from './factories';

const { server, make, token, partnerIds, userIds } = useDemoServer();

const admin = () => token('admin@example.com');
const support = () => token('support@example.com');
const PARTNER_SIDE = ['partner.admin@acme.example', 'partner@acme.example'];
const SEEDED_NAMES = DEMO_PARTNERS.map((p) => p.name);
const MISSING = '00000000-0000-4000-8000-000000000000';

const search = (body: unknown, token = admin()) => server.api<PagedResult<PartnerDto>>('POST', '/api/v1/partners/search', { token, body });
const names = async (body: object, token = admin()) => {
  const answer = await search({ pageSize: 100, ...body }, token);
  expectEnvelope(answer, 200);
  return answer.body.data!.items.map((p) => p.name);
};
const create = (body: unknown, token = admin()) => server.api<PartnerDto>('POST', '/api/v1/partners', { token, body });
const update = (id: string, body: unknown, token = admin()) => server.api<PartnerDto>('PUT', `/api/v1/partners/${id}`, { token, body });
const get = (id: string, token = admin()) => server.api<PartnerDto>('GET', `/api/v1/partners/${id}`, { token });
const remove = (id: string, token = admin()) => server.api<PartnerDto>('DELETE', `/api/v1/partners/${id}`, { token });
const exportCsv = (query: string, token = admin()) => server.api('GET', `/api/v1/partners/export${query}`, { token });
const auditOf = (key: string) =>
  server.built.database.db
    .select()
    .from(auditTrails)
    .where(and(eq(auditTrails.tableName, 'partners'), eq(auditTrails.primaryKey, key)))
    .orderBy(desc(auditTrails.dateTime));
/** Creates through the API, with its soft delete queued for after the test. */
const created = async (body: object) => {
  const answer = await create(body);
  expectEnvelope(answer, 201);
  make.onCleanup(() => remove(answer.body.data!.id));
  return answer;
};

/** The CSV's lines, without the byte order mark and the final line break. */
const csvLines = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n$/, '')
    .split('\r\n');

/** A valid partner whose name, email and address carry a tag no other test uses. */
const validPartner = (tag = unique('sm')) => ({
  name: `Sao Mai Logistics ${tag}`,
  email: `contact.${tag}@saomai.example`,
  type: 'Logistics',
  address: '17 Trần Phú, Nha Trang',
  phone: '+84 258 555 0707',
  website: 'https://saomai.example',
  contactPhone: '+84 905 555 070',
});
const valid = validPartner('base');

describe('POST /api/v1/partners/search', () => {
  it('pages with pageNumber and pageSize, totalCount counting every page, sorted by name by default', async () => {
    const seen: string[] = [];
    for (const pageNumber of [1, 2]) {
      const answer = await search({ pageNumber, pageSize: 3 });
      expectEnvelope(answer, 200);
      expect(answer.body.data).toMatchObject({ totalCount: 4, currentPage: pageNumber, pageSize: 3 });
      expect(answer.body.data!.items.length).toBe(pageNumber === 1 ? 3 : 1);
      seen.push(...answer.body.data!.items.map((p) => p.name));
    }
    expect(seen).toEqual(['Acme Logistics', 'Công ty Đông Dương', 'Globex Trading', 'Initech Software']);
    const past = await search({ pageNumber: 3, pageSize: 3 });
    expect(past.body.data).toMatchObject({ items: [], totalCount: 4, currentPage: 3 });
    const first = (await search({})).body.data!;
    expect(first).toMatchObject({ totalCount: 4, currentPage: 1, pageSize: 10 });
    expect(first.items.find((p) => p.name === 'Globex Trading')).toMatchObject({
      id: partnerIds['Globex Trading'],
      email: 'hello@globex.example',
      phone: '+84 28 555 0202',
      deleted: false,
    });
  });

  it('answers under /api too, and with no body', async () => {
    const answer = await server.api<PagedResult<PartnerDto>>('POST', '/api/partners/search', { token: admin() });
    expectEnvelope(answer, 200);
    expect(answer.body.data!.totalCount).toBe(4);
  });

  it('filters by name and by phone, as the partner picker sends them', async () => {
    expect(await names({ name: 'globex' })).toEqual(['Globex Trading']);
    expect(await names({ name: 'ĐÔNG dương' })).toEqual(['Công ty Đông Dương']);
    expect(await names({ name: 'dong duong' })).toEqual(['Công ty Đông Dương']);
    expect(await names({ name: 'Harbour' })).toEqual([]);
    expect(await names({ phone: '0303' })).toEqual(['Công ty Đông Dương']);
    expect(await names({ phone: '555 0' })).toEqual(SEEDED_NAMES.slice().sort());
    expect(await names({ name: 'acme', phone: '0202' })).toEqual([]);
  });

  it('finds by keyword ignoring Vietnamese diacritics and case, in any searched field', async () => {
    expect(await names({ keyword: 'nguyen' })).toEqual(['Globex Trading']);
    expect(await names({ keyword: 'NGUYỄN HUỆ' })).toEqual(['Globex Trading']);
    expect(await names({ keyword: 'duong' })).toEqual(['Công ty Đông Dương']);
    expect(await names({ keyword: 'DONG DUONG' })).toEqual(['Công ty Đông Dương']);
    expect(await names({ keyword: 'duong lang' })).toEqual(['Công ty Đông Dương']);
    expect(await names({ advancedSearch: { keyword: 'da nang', fields: ['address'] } })).toEqual(['Initech Software']);
    expect(await names({ keyword: 'hello@globex' })).toEqual(['Globex Trading']);
    expect(await names({ keyword: '%' })).toEqual([]);
    expect(await names({ keyword: '_' })).toEqual([]);
    expect(await names({ keyword: '   ' })).toEqual(SEEDED_NAMES.slice().sort());
  });

  it('sorts by orderBy', async () => {
    expect(await names({ orderBy: ['name desc'] })).toEqual(SEEDED_NAMES.slice().sort().reverse());
    expect(await names({ orderBy: ['phone asc'] })).toEqual(['Acme Logistics', 'Initech Software', 'Công ty Đông Dương', 'Globex Trading']);
    expect(await names({ orderBy: ['type desc'] })).toEqual(['Globex Trading', 'Initech Software', 'Công ty Đông Dương', 'Acme Logistics']);
  });

  it('a bad orderBy, bad paging or an overlong filter answers 400 on the field at fault and changes nothing', async () => {
    const cases: [object, string[]][] = [
      [{ orderBy: ['password asc'] }, ['orderBy']],
      [{ orderBy: ['searchText asc'] }, ['orderBy']],
      [{ orderBy: ['name; drop table partners'] }, ['orderBy[0]']],
      [{ orderBy: 'name asc' }, ['orderBy']],
      [{ pageNumber: 0 }, ['pageNumber']],
      [{ pageSize: MAX_PAGE_SIZE + 1 }, ['pageSize']],
      [{ name: 'n'.repeat(256) }, ['name']],
      [{ phone: '1'.repeat(51) }, ['phone']],
      [{ keyword: 'k'.repeat(256) }, ['keyword']],
      [{ includeDeleted: 'yes' }, ['includeDeleted']],
    ];
    for (const [body, fields] of cases) expectFieldErrors(await refused(server, () => search(body)), fields);
    const bad = await search({ orderBy: ['password asc'] });
    expect(fieldMessage(bad, 'orderBy')).toMatch(new RegExp(`^${apiEn.api.unknownSortField.split('%{')[0]}`));
    // A null where a filter expects text is worded from the catalogue, never in yup's own English.
    const nulled = expectFieldErrors(await refused(server, () => search({ name: null, phone: null })), ['name', 'phone']);
    expect(fieldMessage(nulled, 'name')).toBe(validationEn.validation.typeError);
  });

  it('Support may search; PartnerAdmin and Partner get 403; no token gets 401', async () => {
    expect(await names({}, support())).toEqual(SEEDED_NAMES.slice().sort());
    for (const email of PARTNER_SIDE) expectEnvelope(await refused(server, () => search({}, token(email))), 403, apiEn.api.forbidden);
    expectEnvelope(await refused(server, () => server.api('POST', '/api/v1/partners/search', { body: {} })), 401);
  });
});

describe('GET /api/v1/partners/{id}', () => {
  it('Admin and Support read one partner, under /api and /api/v1', async () => {
    for (const token of [admin(), support()]) {
      for (const prefix of ['/api', '/api/v1']) {
        const answer = await server.api<PartnerDto>('GET', `${prefix}/partners/${partnerIds['Công ty Đông Dương']}`, { token });
        expectEnvelope(answer, 200);
        expect(answer.body.data).toMatchObject({
          name: 'Công ty Đông Dương',
          address: '5 Đường Láng, Đống Đa, Hà Nội',
          website: 'https://dongduong.example',
          contactPhone: null,
          deleted: false,
        });
        expect(answer.body.data).not.toHaveProperty('searchText');
      }
    }
  });

  it('an unknown uuid and ids that are not uuids answer 404', async () => {
    for (const id of [MISSING, 'abc', '1', "1' or '1'='1", `${partnerIds['Acme Logistics']}x`]) {
      expectEnvelope(await refused(server, () => get(encodeURIComponent(id))), 404, apiEn.api.notFound);
    }
  });

  it('PartnerAdmin and Partner get 403, even for their own partner', async () => {
    for (const email of PARTNER_SIDE) expectEnvelope(await refused(server, () => get(partnerIds['Acme Logistics'], token(email))), 403);
  });
});

describe('POST, PUT and DELETE /api/v1/partners', () => {
  it('Admin creates a partner (201) and a Create audit row records it', async () => {
    const body = validPartner();
    const answer = await created(body);
    expect(answer.body.data).toMatchObject({ ...body, deleted: false });
    const id = answer.body.data!.id;
    expect((await get(id)).body.data).toMatchObject(body);
    const [row] = await auditOf(id);
    expect(row).toMatchObject({ type: 'Create', userId: userIds['admin@example.com'], tableName: 'partners', primaryKey: id });
    expect(row.newValues).toMatchObject({ name: body.name, email: body.email, phone: body.phone });
    expect(await names({ keyword: body.name.toLowerCase() })).toEqual([body.name]);
  });

  it('trims text and stores an empty website and contact phone as null', async () => {
    const tag = unique('trim');
    const answer = await created({ ...valid, name: `  Trimmed ${tag}  `, email: ` ${tag}@example.com `, website: '', contactPhone: '' });
    expect(answer.body.data).toMatchObject({ name: `Trimmed ${tag}`, email: `${tag}@example.com`, website: null, contactPhone: null });
  });

  it('a partner read back with no website or contact phone (null) saves unchanged, as an edit form sends it', async () => {
    const made = await created({ ...validPartner(), website: null, contactPhone: null });
    expect(made.body.data).toMatchObject({ website: null, contactPhone: null });
    const read = (await get(made.body.data!.id)).body.data!;
    const before = await server.snapshot();
    const answer = await update(read.id, read);
    expectEnvelope(answer, 200);
    expect(answer.body.data).toMatchObject({ name: read.name, website: null, contactPhone: null });
    expect(before).not.toBe(await server.snapshot());
  });

  it('Admin updates a partner; the Update audit row holds the previous and new values of the changed columns only', async () => {
    const body = validPartner();
    const { id } = (await created(body)).body.data!;
    const tag = unique('ds');
    const answer = await update(id, { ...body, name: `Sao Mai Đường Sắt ${tag}`, phone: '+84 258 555 0808' });
    expectEnvelope(answer, 200);
    expect(answer.body.data).toMatchObject({ id, name: `Sao Mai Đường Sắt ${tag}`, phone: '+84 258 555 0808', email: body.email });
    const [row] = await auditOf(id);
    expect(row).toMatchObject({ type: 'Update', userId: userIds['admin@example.com'] });
    expect(row.oldValues).toMatchObject({ name: body.name, phone: body.phone });
    expect(row.newValues).toMatchObject({ name: `Sao Mai Đường Sắt ${tag}`, phone: '+84 258 555 0808' });
    expect(row.affectedColumns).toEqual(expect.arrayContaining(['name', 'phone']));
    expect(row.affectedColumns).not.toContain('email');
    expect(await names({ keyword: `duong sat ${tag}` })).toEqual([`Sao Mai Đường Sắt ${tag}`]);
    expect(await names({ name: `SAO MAI DUONG SAT ${tag.toUpperCase()}` })).toEqual([`Sao Mai Đường Sắt ${tag}`]);
  });

  it('Support may view but gets 403 on create, update and delete; nothing changes', async () => {
    const { id } = await make.partner();
    expectEnvelope(await get(id, support()), 200);
    expectEnvelope(await refused(server, () => create({ ...valid, name: 'By Support' }, support())), 403, apiEn.api.forbidden);
    expectEnvelope(await refused(server, () => update(id, { ...valid, name: 'By Support' }, support())), 403);
    expectEnvelope(await refused(server, () => remove(id, support())), 403);
  });

  it('PartnerAdmin and Partner get 403 on create, update and delete; nothing changes', async () => {
    for (const email of PARTNER_SIDE) {
      expectEnvelope(await refused(server, () => create({ ...valid, name: 'By a partner' }, token(email))), 403);
      expectEnvelope(await refused(server, () => update(partnerIds['Acme Logistics'], { ...valid, name: 'By a partner' }, token(email))), 403);
      expectEnvelope(await refused(server, () => remove(partnerIds['Acme Logistics'], token(email))), 403);
    }
  });

  it('update and delete of an unknown or malformed id answer 404 and change nothing', async () => {
    for (const bad of [MISSING, 'not-a-uuid']) {
      expectEnvelope(await refused(server, () => update(bad, valid)), 404);
      expectEnvelope(await refused(server, () => remove(bad)), 404);
    }
  });

  it('Admin deletes a partner softly: gone from the default search and GET (404), a Delete audit row written', async () => {
    const made = await make.partner();
    const before = (await search({})).body.data!.totalCount;
    expectEnvelope(await remove(made.id), 200);
    expect(await names({ keyword: made.name })).toEqual([]);
    expect((await search({})).body.data!.totalCount).toBe(before - 1);
    expectEnvelope(await refused(server, () => get(made.id)), 404);
    const [row] = await auditOf(made.id);
    expect(row).toMatchObject({ type: 'Delete', userId: userIds['admin@example.com'], primaryKey: made.id });
    expect(row.oldValues).toMatchObject({ name: made.name });
    const [stored] = await server.built.database.db.select().from(partners).where(eq(partners.id, made.id));
    expect(stored.deletedAt).not.toBeNull();
  });

  it('with includeDeleted:true the search shows a deleted partner flagged deleted:true (the partner picker)', async () => {
    const tag = unique('picker');
    const gone = await make.partner({ name: `Gone ${tag}` });
    const kept = await make.partner({ name: `Kept ${tag}` });
    expectEnvelope(await remove(gone.id), 200);
    const answer = await search({ pageNumber: 1, pageSize: 100, name: tag, includeDeleted: true });
    expectEnvelope(answer, 200);
    expect(answer.body.data!.items.map((p) => [p.id, p.deleted])).toEqual([
      [gone.id, true],
      [kept.id, false],
    ]);
    expect(answer.body.data!.totalCount).toBe(2);
    expect((await search({ name: tag, includeDeleted: false })).body.data!.items.map((p) => p.id)).toEqual([kept.id]);
  });

  it('a deleted partner cannot be updated or deleted again (404)', async () => {
    const made = await make.partner();
    expectEnvelope(await remove(made.id), 200);
    expectEnvelope(await refused(server, () => update(made.id, valid)), 404);
    expectEnvelope(await refused(server, () => remove(made.id)), 404);
  });
});

describe("the audit row is written in the change's transaction", () => {
  it('a create, update or delete whose audit row cannot be written fails (500) and changes nothing', async () => {
    const marker = `AUDIT-REFUSED-${unique()}`;
    const toDelete = await make.partner({ name: `Delete ${marker}` });
    const toUpdate = await make.partner();
    await whileAuditRefuses(server, marker, async () => {
      expectEnvelope(await refused(server, () => create({ ...validPartner(), name: `Create ${marker}` })), 500);
      expectEnvelope(await refused(server, () => update(toUpdate.id, { ...validPartner(), name: `Update ${marker}` })), 500);
      expectEnvelope(await refused(server, () => remove(toDelete.id)), 500);
    });
    expect(await names({ keyword: marker, includeDeleted: true })).toEqual([`Delete ${marker}`]);
    expect((await get(toUpdate.id)).body.data!.name).toBe(toUpdate.name);
  });
});

describe('section 5 rules on create and update', () => {
  const long = (n: number) => 'x'.repeat(n);
  const emailOf = (n: number) => `${'e'.repeat(n - '@example.com'.length)}@example.com`;
  const websiteOf = (n: number) => `https://${'w'.repeat(n - 'https://'.length - '.example'.length)}.example`;
  const phoneOf = (n: number) => `+${'8'.repeat(n - 1)}`;

  it('every field at its limit is accepted: name, email, website 255; type 50; address 500; phone, contact phone 50', async () => {
    const atLimit = {
      name: long(255),
      email: emailOf(255),
      type: long(50),
      address: long(500),
      phone: phoneOf(50),
      website: websiteOf(255),
      contactPhone: phoneOf(50),
    };
    expect(Object.fromEntries(Object.entries(atLimit).map(([k, v]) => [k, v.length]))).toEqual({
      name: 255,
      email: 255,
      type: 50,
      address: 500,
      phone: 50,
      website: 255,
      contactPhone: 50,
    });
    const answer = await created(atLimit);
    expect(answer.body.data).toMatchObject(atLimit);
    const again = await update(answer.body.data!.id, { ...atLimit, name: `${long(254)}y` });
    expectEnvelope(again, 200);
  });

  it('one character over any limit is refused on that field, on create and on update', async () => {
    const cases: [object, string, number][] = [
      [{ name: long(256) }, 'name', 255],
      [{ email: emailOf(256) }, 'email', 255],
      [{ type: long(51) }, 'type', 50],
      [{ address: long(501) }, 'address', 500],
      [{ phone: phoneOf(51) }, 'phone', 50],
      [{ website: websiteOf(256) }, 'website', 255],
      [{ contactPhone: phoneOf(51) }, 'contactPhone', 50],
    ];
    const target = partnerIds['Initech Software'];
    for (const [change, field, max] of cases) {
      const created = expectFieldErrors(await refused(server, () => create({ ...valid, ...change })), [field]);
      expect(created.body.message).toBe(apiEn.api.validationFailed);
      expect(fieldMessage(created, field)).toBe(validationEn.validation.maxLength.replace('%{max}', String(max)));
      expectFieldErrors(await refused(server, () => update(target, { ...valid, ...change })), [field]);
    }
  });

  it('a bad email, phone or website is refused with the format message', async () => {
    const cases: [object, string, string][] = [
      [{ email: 'not-an-email' }, 'email', validationEn.validation.email],
      [{ email: 'two@@example.com' }, 'email', validationEn.validation.email],
      [{ email: 'no-domain@example' }, 'email', validationEn.validation.email],
      [{ email: 'spa ce@example.com' }, 'email', validationEn.validation.email],
      [{ phone: 'call me' }, 'phone', validationEn.validation.phone],
      [{ phone: '12345' }, 'phone', validationEn.validation.phone],
      [{ phone: '+84 90 abc 4567' }, 'phone', validationEn.validation.phone],
      [{ contactPhone: '090-CALL-NOW' }, 'contactPhone', validationEn.validation.phone],
      [{ website: 'saomai.example' }, 'website', validationEn.validation.website],
      [{ website: 'ftp://saomai.example' }, 'website', validationEn.validation.website],
      [{ website: 'https://localhost' }, 'website', validationEn.validation.website],
      [{ website: 'javascript:alert(1)' }, 'website', validationEn.validation.website],
      [{ website: 'https://sao mai.example' }, 'website', validationEn.validation.website],
    ];
    for (const [change, field, message] of cases) {
      const answer = expectFieldErrors(await refused(server, () => create({ ...valid, ...change })), [field]);
      expect(fieldMessage(answer, field), JSON.stringify(change)).toBe(message);
    }
  });

  it('missing, blank and wrong-typed required fields are refused on each field at fault', async () => {
    const required = validationEn.validation.required;
    const missing = expectFieldErrors(await refused(server, () => create({})), ['name', 'email', 'type', 'address', 'phone']);
    for (const field of ['name', 'email', 'type', 'address', 'phone']) expect(fieldMessage(missing, field)).toBe(required);
    expectFieldErrors(await refused(server, () => create({ ...valid, name: '   ', address: '' })), ['name', 'address']);
    expectFieldErrors(await refused(server, () => create({ ...valid, name: null, phone: null })), ['name', 'phone']);
    expectFieldErrors(await refused(server, () => create({ ...valid, name: 42, website: ['https://a.example'] })), ['name', 'website']);
    expectFieldErrors(await refused(server, () => update(partnerIds['Acme Logistics'], { name: 'Only a name' })), ['email', 'type', 'address', 'phone']);
    expectEnvelope(await refused(server, () => create([valid])), 400, apiEn.api.bodyRequired);
    expectEnvelope(
      await refused(server, () =>
        server.api('POST', '/api/v1/partners', { token: admin(), rawBody: '{"name":', headers: { 'content-type': 'application/json' } }),
      ),
      400,
    );
  });
});

describe('GET /api/v1/partners/export', () => {
  it('streams every row of the current filter and sort as CSV, with a header line and x-total-count', async () => {
    const answer = await exportCsv('?orderBy=name%20desc');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(answer.headers.get('content-disposition')).toMatch(/attachment; filename="partners\.csv"/);
    expect(answer.headers.get('x-total-count')).toBe('4');
    const lines = csvLines(answer.text);
    expect(lines[0]).toBe('id,name,email,type,address,phone,website,contactPhone,deleted,createdAt');
    expect(lines.slice(1).map((l) => l.split(',')[1])).toEqual(['Initech Software', 'Globex Trading', 'Công ty Đông Dương', 'Acme Logistics']);
    const acme = lines.find((l) => l.includes('Acme Logistics'))!;
    expect(acme).toBe(
      `${partnerIds['Acme Logistics']},Acme Logistics,contact@acme.example,Logistics,"12 Harbour Road, Hai Phong",+84 225 555 0101,https://acme.example,+84 912 555 010,false,${acme.split(',').at(-1)}`,
    );
  });

  it('takes the search filters as query: keyword (diacritics ignored), name, phone and includeDeleted', async () => {
    const rowsOf = async (query: string) => {
      const answer = await exportCsv(query);
      expect(answer.status, answer.text).toBe(200);
      const rows = csvLines(answer.text).slice(1);
      expect(answer.headers.get('x-total-count')).toBe(String(rows.length));
      return rows.map((l) => l.split(','));
    };
    expect((await rowsOf('?keyword=duong')).map((r) => r[1])).toEqual(['Công ty Đông Dương']);
    expect((await rowsOf('?name=GLOBEX')).map((r) => r[1])).toEqual(['Globex Trading']);
    expect((await rowsOf('?phone=0404')).map((r) => r[1])).toEqual(['Initech Software']);
    const tag = unique('exp');
    const gone = await make.partner({ name: `Đường Sắt ${tag}` });
    expectEnvelope(await remove(gone.id), 200);
    expect(await rowsOf(`?keyword=duong%20sat%20${tag}`)).toEqual([]);
    const [row] = await rowsOf(`?keyword=duong%20sat%20${tag}&includeDeleted=true`);
    expect(row.slice(0, 2)).toEqual([gone.id, gone.name]);
    expect(row.at(-2)).toBe('true');
  });

  it('a bad orderBy or filter answers a 400 envelope, not a CSV', async () => {
    expectFieldErrors(await refused(server, () => exportCsv('?orderBy=password%20asc')), ['orderBy']);
    expectFieldErrors(await refused(server, () => exportCsv(`?name=${'n'.repeat(256)}`)), ['name']);
  });

  it('neutralises values a spreadsheet would run as formulas (=, +, -, @, tab, CR), and keeps phone numbers as they are', async () => {
    const tag = unique('formula');
    const formulas = { ...valid, name: '=HYPERLINK("http://evil.example","x")', type: '-2+3+cmd|calc', address: '@SUM(A1:A9)', email: `${tag}@example.com` };
    await created(formulas);
    const answer = await exportCsv(`?keyword=${tag}`);
    const [row] = csvLines(answer.text).slice(1);
    expect(row).toContain(`,"'=HYPERLINK(""http://evil.example"",""x"")",`);
    expect(row).toContain(",'-2+3+cmd|calc,");
    expect(row).toContain(",'@SUM(A1:A9),");
    expect(row).toContain(`,${valid.phone},`);
    expect(row).not.toMatch(/,[=@]/);
  });

  it('the CSV cell guard quotes every formula start (=, +, -, @, tab, CR) and passes plain numbers', () => {
    expect(csvCell('-2+3+cmd|calc')).toBe("'-2+3+cmd|calc");
    expect(csvCell('-cmd|calc')).toBe("'-cmd|calc");
    expect(csvCell('\t=1+1')).toBe("'\t=1+1");
    expect(csvCell('\r=1+1')).toBe('"\'\r=1+1"');
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+1+1')).toBe("'+1+1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('+84 258 555 0707')).toBe('+84 258 555 0707');
    expect(csvCell('-5')).toBe('-5');
    expect(csvCell('-1.5')).toBe('-1.5');
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell('a-b')).toBe('a-b');
  });

  it('Support may export; Partner and PartnerAdmin lack Export (403, JSON) and nothing changes', async () => {
    const bySupport = await exportCsv('', support());
    expect(bySupport.status).toBe(200);
    expect(bySupport.headers.get('x-total-count')).toBe('4');
    for (const email of PARTNER_SIDE) {
      const answer = await refused(server, () => exportCsv('', token(email)));
      expectEnvelope(answer, 403, apiEn.api.forbidden);
    }
    expectEnvelope(await exportCsv('', ''), 401);
  });

  it('exports every row past one batch of 5000, once each, in the order asked (also by createdAt)', async () => {
    const db = server.built.database.db;
    const base = Date.parse('2024-01-01T00:00:00.000Z');
    const bulk = Array.from({ length: 5003 }, (_, i) => {
      const name = `Bulk ${String(i).padStart(5, '0')}`;
      // Microseconds matter: timestamps are finer than a JavaScript Date.
      return {
        name,
        email: `bulk${i}@example.com`,
        type: 'Bulk',
        address: 'Bulk street',
        phone: '+84 90 000 0000',
        searchText: `${name.toLowerCase()} bulk`,
        nameFolded: name.toLowerCase(),
        createdAt: new Date(base + Math.floor(i / 3)),
      };
    });
    await db.insert(partners).values(bulk);
    await db.execute(sql`update partners set created_at = created_at + (random() * interval '0.0009 seconds') where type = 'Bulk'`);
    try {
      for (const orderBy of ['name asc', 'name desc', 'createdAt asc', 'createdAt desc']) {
        const controller = new AbortController();
        const timer = setTimeout(() => controller.abort(), 20_000);
        const response = await fetch(`${server.url}/api/v1/partners/export?keyword=bulk&orderBy=${encodeURIComponent(orderBy)}`, {
          headers: { authorization: `Bearer ${admin()}` },
          signal: controller.signal,
        });
        const text = await response.text();
        clearTimeout(timer);
        expect(response.status, orderBy).toBe(200);
        expect(response.headers.get('x-total-count')).toBe('5003');
        const rows = csvLines(text)
          .slice(1)
          .map((l) => l.split(','));
        expect(rows.length, orderBy).toBe(5003);
        expect(new Set(rows.map((r) => r[0])).size, orderBy).toBe(5003);
        if (orderBy.startsWith('name')) {
          const expected = bulk.map((b) => b.name);
          expect(rows.map((r) => r[1])).toEqual(orderBy.endsWith('desc') ? expected.reverse() : expected);
        } else {
          const times = rows.map((r) => Date.parse(r.at(-1)!));
          const sorted = [...times].sort((a, b) => (orderBy.endsWith('desc') ? b - a : a - b));
          expect(times).toEqual(sorted);
        }
      }
    } finally {
      await db.delete(partners).where(eq(partners.type, 'Bulk'));
    }
  });
});
