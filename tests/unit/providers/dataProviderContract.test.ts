import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../mocks/handlers';
import { server } from '../../../mocks/server';
import { dataProvider } from '../../../src/providers/data/dataProvider';
import { EXPIRED, signInAs } from '../sessionFixtures';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const writes = () => mockApi.requests.filter((r) => r.method !== 'GET' && !r.path.startsWith('/api/token'));

describe('dataProvider: what stock react-admin components send', () => {
  it('sorts by id when a <List> or reference field asks for its default sort', async () => {
    signInAs('admin');
    await dataProvider.getList('partners', { pagination: { page: 1, perPage: 25 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
    expect(mockApi.requests.at(-1)?.body).toMatchObject({ orderBy: ['id asc'], pageNumber: 1, pageSize: 25 });
  });

  it("a stock column on a field the API declares unsortable (a ticket's attachments) lists in the default order instead of a 400", async () => {
    signInAs('admin');
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/v1/tickets/search', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ isSuccess: true, statusCode: 200, message: '', data: { items: [], totalCount: 0, currentPage: 1, pageSize: 25 } });
      }),
    );
    await dataProvider.getList('tickets', { pagination: { page: 1, perPage: 25 }, sort: { field: 'attachments', order: 'ASC' }, filter: {} });
    await dataProvider.getList('tickets', { pagination: { page: 1, perPage: 25 }, sort: { field: 'rating', order: 'DESC' }, filter: {} });
    expect(bodies).toEqual([
      { pageNumber: 1, pageSize: 25 },
      { pageNumber: 1, pageSize: 25, orderBy: ['rating desc'] },
    ]);
  });

  it('getMany is one search with the ids, each once; a missing id is left out', async () => {
    signInAs('admin');
    const [a, b] = mockApi.partners.map((p) => p.id);
    const missing = '00000000-0000-4000-9000-000000000099';
    const { data } = await dataProvider.getMany('partners', { ids: [a, b, a, missing] });
    expect(mockApi.requests).toHaveLength(1);
    expect(mockApi.requests[0]).toMatchObject({ method: 'POST', path: '/api/v1/partners/search', body: { ids: [a, b, missing], pageNumber: 1, pageSize: 3 } });
    expect(data.map((p) => p.id)).toEqual([a, b]);
  });

  it("getOne passes react-admin's AbortSignal on: an aborted query sends nothing and rejects", async () => {
    signInAs('admin');
    const cancelled = new AbortController();
    cancelled.abort();
    await expect(dataProvider.getOne('partners', { id: mockApi.partners[0].id, signal: cancelled.signal })).rejects.toMatchObject({ name: 'AbortError' });
    expect(mockApi.requests).toHaveLength(0);
  });

  it('getMany and getList pass the AbortSignal on too', async () => {
    signInAs('admin');
    const cancelled = new AbortController();
    cancelled.abort();
    await expect(dataProvider.getMany('partners', { ids: [mockApi.partners[0].id], signal: cancelled.signal })).rejects.toMatchObject({ name: 'AbortError' });
    await expect(
      dataProvider.getList('partners', { pagination: { page: 1, perPage: 5 }, sort: { field: 'id', order: 'ASC' }, filter: {}, signal: cancelled.signal }),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(mockApi.requests).toHaveLength(0);
  });

  it('update sends only the fields that differ from previousData, by PATCH, with If-Match from its version', async () => {
    signInAs('admin');
    const previous = mockApi.partners[0];
    const answer = await dataProvider.update('partners', { id: previous.id, data: { ...previous, name: 'Acme Renamed', website: '' }, previousData: previous });
    expect(writes()).toEqual([expect.objectContaining({ method: 'PATCH', path: `/api/v1/partners/${previous.id}`, body: { name: 'Acme Renamed' } })]);
    expect(writes()[0].headers.get('if-match')).toBe(`"${previous.version}"`);
    expect(answer.data).toMatchObject({ id: previous.id, name: 'Acme Renamed', address: previous.address });
  });

  it.each([
    ['tickets', { subject: 'Printer jams', status: 'Open' }, { status: 'Closed' }],
    ['next-partner-forms', { trigger: 'Approved', dueDays: 7 }, { dueDays: 14 }],
  ])('update of %s, which the API replaces by PUT only, PUTs the whole record with If-Match (a stock <Edit>)', async (resource, record, change) => {
    signInAs('admin');
    const id = '00000000-0000-4000-9000-000000000001';
    const previous = { id, version: 'v1', ...record };
    const sent: { method: string; body: unknown; ifMatch: string | null }[] = [];
    server.use(
      http.all(`/api/v1/${resource}/:id`, async ({ request }) => {
        const body = await request.json();
        sent.push({ method: request.method, body, ifMatch: request.headers.get('if-match') });
        return HttpResponse.json({ isSuccess: true, statusCode: 200, message: '', data: { ...previous, ...(body as object), version: 'v2' } });
      }),
    );
    const answer = await dataProvider.update(resource, { id, data: { ...previous, ...change }, previousData: previous });
    expect(sent).toEqual([{ method: 'PUT', body: { ...record, ...change }, ifMatch: '"v1"' }]);
    expect(answer.data).toMatchObject({ id, ...change, version: 'v2' });
  });

  it('update of a record someone else changed rejects with 412 and the current record, and saves nothing', async () => {
    signInAs('admin');
    const opened = { ...mockApi.partners[1] };
    await dataProvider.update('partners', { id: opened.id, data: { ...opened, address: 'Their address' }, previousData: opened });
    const error = await dataProvider.update('partners', { id: opened.id, data: { ...opened, name: 'My name' }, previousData: opened }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 412, body: { current: { id: opened.id, address: 'Their address', name: opened.name } } });
    expect(mockApi.partners[1].name).toBe(opened.name);
  });

  it('delete sends If-Match from previousData, so a changed record is not deleted unseen', async () => {
    signInAs('admin');
    const previous = { ...mockApi.partners[2], version: 'stale' };
    await expect(dataProvider.delete('partners', { id: previous.id, previousData: previous })).rejects.toMatchObject({ status: 412 });
    expect(writes()[0].headers.get('if-match')).toBe('"stale"');
    expect(mockApi.partners.map((p) => p.id)).toContain(previous.id);
  });

  it('updateMany and deleteMany are one request each', async () => {
    signInAs('admin');
    const ids = mockApi.partners.slice(0, 2).map((p) => p.id);
    expect((await dataProvider.updateMany('partners', { ids, data: { type: 'Retail' } })).data).toEqual(ids);
    expect((await dataProvider.deleteMany('partners', { ids })).data).toEqual(ids);
    expect(writes().map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      { method: 'PATCH', path: '/api/v1/partners', body: { ids, data: { type: 'Retail' } } },
      { method: 'POST', path: '/api/v1/partners/delete', body: { ids } },
    ]);
  });

  it('create sends a fresh Idempotency-Key per call, the same one when the call is retried after a token refresh', async () => {
    signInAs('admin', { accessSeconds: EXPIRED });
    const valid = { name: 'Umbrella', email: 'hello@umbrella.example', type: 'Retail', address: '1 Road', phone: '+84 28 1234 5678' };
    await dataProvider.create('partners', { data: valid });
    await dataProvider.create('partners', { data: { ...valid, name: 'Umbrella Two' } });
    const keys = writes().map((r) => r.headers.get('idempotency-key'));
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(UUID);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).toMatch(UUID);
    expect(keys[2]).not.toBe(keys[0]);
  });
});
