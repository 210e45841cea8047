import { describe, expect, it } from 'vitest';
import { API_METHOD_ROUTES, API_METHODS, apiResources, type ApiMethod, type ApiResource } from '../../contract/apiResources';
import type { PagedResult } from '../../contract/envelope';
import { LANGUAGE_HEADER } from '../../contract/http';
import { foldForSearch } from '../../contract/fold';
import apiEn from '../../i18n/api.en';
import apiVi from '../../i18n/api.vi';
import { expectEnvelope } from './expectations';
import { useDemoServer } from './factories';

const { server, token } = useDemoServer();

const admin = () => token('admin@example.com');
const MISSING = '00000000-0000-4000-8000-000000000000';
const PREFIXES = ['/api/v1', '/api'] as const;
const searchable = apiResources.filter((resource) => resource.methods.includes('search'));

type Row = Record<string, unknown> & { id: string };
const search = (resource: ApiResource, body: Record<string, unknown>) =>
  server.api<PagedResult<Row>>('POST', `/api/v1/${resource.name}/search`, { token: admin(), body: { pageNumber: 1, pageSize: 50, ...body } });

/** The fields a 400 lists as allowed ("… Allowed: a, b, c"), sorted. */
const allowedIn = (message: string) =>
  message
    .slice(message.lastIndexOf(': ') + 2)
    .split(', ')
    .sort();

/** A served path of each method, its `:id` an id nobody has. */
const addressOf = (prefix: string, name: string, method: ApiMethod) => `${prefix}/${name}${API_METHOD_ROUTES[method].below.replace(':id', MISSING)}`;

describe('contract/apiResources.ts: the list of every API resource', () => {
  it.each(apiResources)('$name serves exactly the methods the list gives it, under /api/v1 and /api', ({ name, methods }) => {
    for (const prefix of PREFIXES)
      for (const method of API_METHODS) {
        const { verb, below } = API_METHOD_ROUTES[method];
        expect(server.built.app.hasRoute({ method: verb, url: `${prefix}/${name}${below}` }), `${verb} ${prefix}/${name}${below}`).toBe(
          methods.includes(method),
        );
      }
  });

  it('lists every resource the server searches (POST /api/v1/{name}/search)', async () => {
    const paths = (JSON.parse((await server.api('GET', '/api/docs')).text) as { paths: Record<string, Record<string, unknown>> }).paths;
    const searched = Object.entries(paths).flatMap(([path, methods]) => {
      const name = /^\/api\/v1\/([a-z-]+)\/search$/.exec(path)?.[1];
      return name && methods.post ? [name] : [];
    });
    expect(searched.filter((name) => !apiResources.some((resource) => resource.name === name))).toEqual([]);
  });

  it.each(searchable)(
    '$name sorts by every field the list gives, ascending and descending, and names exactly those when refusing another',
    async (resource) => {
      for (const field of resource.sortable)
        for (const direction of ['asc', 'desc']) expectEnvelope(await search(resource, { orderBy: [`${field} ${direction}`] }), 200, undefined);
      const refusal = await search(resource, { orderBy: ['notAField asc'] });
      expectEnvelope(refusal, 400);
      expect(refusal.body.errors?.[0]?.field).toBe('orderBy');
      expect(allowedIn(refusal.body.message)).toEqual([...resource.sortable].sort());
    },
  );
});

describe('every field a DTO shows is sortable or declared unsortable, so no stock column leads to a 400', () => {
  type Schema = { properties?: Record<string, Schema>; items?: Schema };
  /** The fields of a resource's DTO: its search answer's item in the API document, and any a live row shows. */
  const dtoFieldsOf = async (resource: ApiResource) => {
    const doc = JSON.parse((await server.api('GET', '/api/docs')).text) as {
      paths: Record<string, Record<string, { responses: Record<string, { content: Record<string, { schema: Schema }> }> }>>;
    };
    const page = doc.paths[`/api/v1/${resource.name}/search`].post.responses['200'].content['application/json'].schema;
    const documented = Object.keys(page.properties!.data.properties!.items.items!.properties!);
    const shown = (await search(resource, {})).body.data!.items.flatMap((row) => Object.keys(row));
    return [...new Set([...documented, ...shown])].sort();
  };

  it.each(searchable)('$name: each field of its DTO is in `sortable` or `unsortable`, never both', async (resource) => {
    const fields = await dtoFieldsOf(resource);
    const undeclared = fields.filter((field) => !resource.sortable.includes(field) && !resource.unsortable.includes(field));
    expect(undeclared, `${resource.name}: ${undeclared.join(', ')}`).toEqual([]);
    expect(resource.unsortable.filter((field) => resource.sortable.includes(field) || !fields.includes(field))).toEqual([]);
  });
});

describe('a reference sorts by the name a person reads in its place', () => {
  it("staff sort tickets by assignee, team and rating; a partner's user, who never sees a ticket's team, cannot sort by it", async () => {
    const tickets = apiResources.find((resource) => resource.name === 'tickets')!;
    for (const field of ['assigneeId', 'teamId', 'teamName', 'rating', 'mergedIntoId'])
      expectEnvelope(await search(tickets, { orderBy: [`${field} desc`] }), 200);
    for (const field of ['teamId', 'teamName']) {
      const answer = await server.api('POST', '/api/v1/tickets/search', { token: token('partner@acme.example'), body: { orderBy: [`${field} asc`] } });
      expectEnvelope(answer, 400);
      expect(answer.body.errors?.[0]?.field).toBe('orderBy');
    }
  });
});

describe('meta.searchFields: advancedSearch.fields limits the keyword, or is refused', () => {
  it.each(searchable)('$name takes each field the list gives and refuses another, listing those it takes', async (resource) => {
    for (const field of resource.searchFields) expectEnvelope(await search(resource, { advancedSearch: { keyword: 'a', fields: [field] } }), 200);
    const refusal = await search(resource, { advancedSearch: { keyword: 'a', fields: [resource.searchFields[0], 'notAField'] } });
    expectEnvelope(refusal, 400);
    expect(refusal.body.message).toContain(apiEn.api.searchFieldNotAllowed.split('%{')[0]);
    expect(refusal.body.errors?.[0]?.field).toBe('advancedSearch.fields[1]');
    expect(allowedIn(refusal.body.message)).toEqual([...resource.searchFields].sort());
    const inVietnamese = await server.api('POST', `/api/v1/${resource.name}/search`, {
      token: admin(),
      headers: { [LANGUAGE_HEADER]: 'vi' },
      body: { advancedSearch: { keyword: 'a', fields: ['notAField'] } },
    });
    expect(inVietnamese.body.message).toContain(apiVi.api.searchFieldNotAllowed.split('%{')[0]);
  });

  /** The text of a field as a person reads it: folded, without markup (a ticket's description is HTML). */
  const textOf = (value: unknown) => foldForSearch(String(value ?? '').replace(/<[^>]*>/g, ' '));
  const longestWord = (text: string) => [...text.split(/[^\p{L}\p{N}]+/u)].sort((a, b) => b.length - a.length)[0]?.slice(0, 8) ?? '';
  // A field that is no DTO field (a grant's target names) cannot be read back: only its answer is checked.
  const honoured = searchable.flatMap((resource) => resource.searchFields.map((field) => ({ name: resource.name, resource, field })));

  it.each(honoured)('$name: a keyword limited to $field finds only rows whose $field holds it', async ({ resource, field }) => {
    const rows = (await search(resource, {})).body.data!.items;
    if (!rows.some((row) => field in row)) return;
    const words = rows.map((row) => longestWord(textOf(row[field])));
    // A word of 3 letters or more; a field too short to hold one (a country's 2-letter code) gives its 2 letters.
    const sample = words.find((word) => word.length >= 3) ?? words.find((word) => word.length >= 2);
    expect(sample, `a ${resource.name} row with a ${field}`).toBeDefined();
    const answer = await search(resource, { advancedSearch: { keyword: sample, fields: [field] } });
    expectEnvelope(answer, 200);
    expect(answer.body.data!.items.length).toBeGreaterThan(0);
    for (const row of answer.body.data!.items) expect(textOf(row[field]), `${resource.name} ${row.id}`).toContain(sample);
    // A word of another searched field, not in this one: the rows holding it there are left out.
    const elsewhere = resource.searchFields
      .filter((other) => other !== field)
      .flatMap((other) => rows.map((row) => ({ row, word: longestWord(textOf(row[other])) })))
      .find(({ row, word }) => word.length >= 3 && !textOf(row[field]).includes(word));
    if (!elsewhere) return;
    const limited = await search(resource, { advancedSearch: { keyword: elsewhere.word, fields: [field] } });
    expectEnvelope(limited, 200);
    expect(limited.body.data!.items.map((row) => row.id)).not.toContain(elsewhere.row.id);
    for (const row of limited.body.data!.items) expect(textOf(row[field]), `${resource.name} ${row.id}`).toContain(elsewhere.word);
  });

  it('a user keyword limited to the email skips the names: example.com is in every demo email and no name', async () => {
    const users = apiResources.find((resource) => resource.name === 'users')!;
    const byEmail = await search(users, { advancedSearch: { keyword: 'example', fields: ['email'] } });
    const byName = await search(users, { advancedSearch: { keyword: 'example', fields: ['firstName', 'lastName'] } });
    const everywhere = await search(users, { advancedSearch: { keyword: 'example' } });
    expect(byEmail.body.data!.totalCount).toBeGreaterThan(0);
    expect(byName.body.data!.totalCount).toBe(0);
    expect(everywhere.body.data!.totalCount).toBe(byEmail.body.data!.totalCount);
  });
});

describe('a method a resource does not serve answers 405 with Allow', () => {
  const itemOrCollection: ApiMethod[] = ['get', 'update', 'replace', 'delete', 'create', 'updateMany'];
  const unserved = apiResources.flatMap((resource) =>
    itemOrCollection.filter((method) => !resource.methods.includes(method)).map((method) => ({ name: resource.name, resource, method })),
  );

  it.each(unserved)(
    '$name: $method is refused with 405 naming the methods served there (none at all is still 405), under /api/v1 and /api',
    async ({ resource, method }) => {
      const { verb, below } = API_METHOD_ROUTES[method];
      const servedThere = resource.methods.filter((other) => API_METHOD_ROUTES[other].below === below).map((other) => API_METHOD_ROUTES[other].verb);
      for (const prefix of PREFIXES) {
        const answer = await server.api(verb, addressOf(prefix, resource.name, method), {
          token: admin(),
          body: verb === 'GET' || verb === 'DELETE' ? undefined : {},
        });
        expectEnvelope(answer, 405, apiEn.api.methodNotAllowed);
        const allow = answer.headers.get('allow');
        expect(allow, `${verb} ${prefix}/${resource.name}${below}`).not.toBeNull();
        const allowed = allow!.split(', ').filter(Boolean);
        expect(allowed).not.toContain(verb);
        for (const served of servedThere) expect(allowed).toContain(served);
        if (servedThere.includes('GET')) expect(allowed).toContain('HEAD');
      }
    },
  );

  it('a stock <Create> on partner forms and any write on the file access log say 405, Allow naming what the address takes (maybe nothing)', async () => {
    const create = await server.api('POST', '/api/v1/partner-forms', { token: admin(), body: {} });
    expectEnvelope(create, 405, apiEn.api.methodNotAllowed);
    expect(create.headers.get('allow')).toBe('');
    for (const [method, address] of [
      ['POST', '/api/v1/file-access-log'],
      ['PATCH', '/api/v1/file-access-log'],
      ['PUT', `/api/v1/file-access-log/${MISSING}`],
      ['DELETE', `/api/file-access-log/${MISSING}`],
    ] as const) {
      const answer = await server.api(method, address, { token: admin(), body: method === 'DELETE' ? undefined : {} });
      expectEnvelope(answer, 405, apiEn.api.methodNotAllowed);
      expect(answer.headers.get('allow')).toBe('');
    }
    const exportAddress = await server.api('DELETE', '/api/v1/file-access-log/export', { token: admin() });
    expectEnvelope(exportAddress, 405, apiEn.api.methodNotAllowed);
    expect(exportAddress.headers.get('allow')).toBe('GET, HEAD');
  });

  it('editing a partner form or a file request says 405 in either language, with what the address takes', async () => {
    const partnerForm = await server.api('PUT', `/api/v1/partner-forms/${MISSING}`, { token: admin(), body: {} });
    expectEnvelope(partnerForm, 405, apiEn.api.methodNotAllowed);
    expect(partnerForm.headers.get('allow')).toBe('GET, HEAD');
    const fileRequest = await server.api('PATCH', `/api/file-requests/${MISSING}`, { token: admin(), body: {}, headers: { [LANGUAGE_HEADER]: 'vi' } });
    expectEnvelope(fileRequest, 405, apiVi.api.methodNotAllowed);
    expect(fileRequest.headers.get('allow')).toBe('GET, HEAD');
  });

  it('an address nobody serves stays 404, under /api and outside it', async () => {
    for (const [method, address] of [
      ['GET', '/api/v1/no-such-resource'],
      ['POST', '/api/v1/partners/search/more'],
      ['DELETE', '/api/no-such-resource/1'],
    ] as const) {
      const answer = await server.api(method, address, { token: admin() });
      expectEnvelope(answer, 404, apiEn.api.routeNotFound);
      expect(answer.headers.get('allow')).toBeNull();
    }
    const outside = await server.api('DELETE', '/partners', { token: admin() });
    expect(outside.status).toBe(404);
    expect(outside.headers.get('allow')).toBeNull();
  });
});
