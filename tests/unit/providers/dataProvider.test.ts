import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { failed } from '../../../mocks/envelopes';
import { lastRequestLanguage, mockApi } from '../../../mocks/handlers';
import { server } from '../../../mocks/server';
import { toastStore } from '../../../src/notifications/toastStore';
import { languagePreference } from '../../../src/preferences/language';
import { dataProvider } from '../../../src/providers/data/dataProvider';
import { signInAs } from '../sessionFixtures';

const toasts = () => toastStore.getSnapshot().map(({ severity, message }) => ({ severity, message }));
const listParams = { pagination: { page: 1, perPage: 10 }, sort: { field: 'name', order: 'ASC' as const }, filter: {} };

describe('dataProvider', () => {
  it('searches with a 1-based page, an orderBy list and the keyword of the q filter', async () => {
    signInAs('admin');
    const result = await dataProvider.getList('partners', {
      pagination: { page: 2, perPage: 1 },
      sort: { field: 'name', order: 'DESC' },
      filter: { q: 'globex', type: 'Distributor' },
      meta: { searchFields: ['name'] },
    });
    expect(mockApi.requests.at(-1)?.body).toEqual({
      pageNumber: 2,
      pageSize: 1,
      orderBy: ['name desc'],
      advancedSearch: { keyword: 'globex', fields: ['name'] },
      type: 'Distributor',
    });
    expect(result).toEqual({ data: [], total: 1 });
  });

  it('unwraps the envelope of a page into data and total', async () => {
    signInAs('admin');
    const { data, total } = await dataProvider.getList('partners', listParams);
    expect(total).toBe(3);
    expect(data.map((p) => p.name)).toEqual(['Acme Logistics', 'Globex Trading', 'Initech Supplies']);
  });

  it('reads, updates and deletes one record under /api/v1/{resource}/{id}', async () => {
    signInAs('admin');
    const [first] = mockApi.partners;
    expect((await dataProvider.getOne('partners', { id: first.id })).data).toEqual(first);
    const updated = await dataProvider.update('partners', { id: first.id, data: { ...first, name: 'Acme Renamed' }, previousData: first });
    expect(updated.data.name).toBe('Acme Renamed');
    expect(mockApi.requests.at(-1)).toMatchObject({ method: 'PATCH', path: `/api/v1/partners/${first.id}`, body: { name: 'Acme Renamed' } });
    await dataProvider.delete('partners', { id: first.id, previousData: updated.data });
    expect(mockApi.requests.at(-1)).toMatchObject({ method: 'DELETE', path: `/api/v1/partners/${first.id}` });
    expect(mockApi.partners).toHaveLength(2);
  });

  it('reads many records in one search by ids and searches references by their target', async () => {
    signInAs('admin');
    const ids = mockApi.partners.map((p) => p.id);
    const { data } = await dataProvider.getMany('partners', { ids: [ids[0], ids[1], ids[0]] });
    expect(data.map((p) => p.id)).toEqual([ids[0], ids[1]]);
    await dataProvider.getManyReference('partners', { target: 'ownerId', id: 'u1', ...listParams });
    expect(mockApi.requests.at(-1)?.body).toMatchObject({ ownerId: 'u1', pageNumber: 1 });
  });

  it('sends the chosen language in the client-language header', async () => {
    signInAs('admin');
    languagePreference.set('vi');
    await dataProvider.getList('partners', listParams);
    expect(lastRequestLanguage()).toBe('vi');
  });

  it('turns envelope field errors into react-admin field errors, "Lỗi" when a message is empty', async () => {
    signInAs('admin');
    server.use(
      http.post('/api/v1/partners', () =>
        failed(400, 'Validation failed', [
          { field: 'name', message: 'This field is required' },
          { field: 'phone', message: '' },
        ]),
      ),
    );
    const error = await dataProvider.create('partners', { data: {} }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 400, message: 'Validation failed', body: { errors: { name: 'This field is required', phone: 'Lỗi' } } });
    expect(error?.constructor.name).toBe('HttpError');
    expect(toasts()).toEqual([{ severity: 'error', message: 'Validation failed' }]);
  });

  it.each([404, 500, 502, 503])('raises an API error on HTTP %i, envelope or not', async (status) => {
    signInAs('admin');
    server.use(http.get('/api/v1/partners/:id', () => new HttpResponse('<html>Bad gateway</html>', { status })));
    await expect(dataProvider.getOne('partners', { id: 'x' })).rejects.toMatchObject({ status });
    expect(toasts()).toEqual([{ severity: 'error', message: `The server answered with status ${status}` }]);
  });

  it('shows the envelope message of a 404 as an error toast', async () => {
    signInAs('admin');
    await expect(dataProvider.getOne('partners', { id: 'missing' })).rejects.toMatchObject({ status: 404, message: 'Partner not found' });
    expect(toasts()).toEqual([{ severity: 'error', message: 'Partner not found' }]);
  });

  it('stays silent on 200 and shows 201 and 202 messages as info toasts', async () => {
    signInAs('admin');
    await dataProvider.getList('partners', listParams);
    expect(toasts()).toEqual([]);
    const valid = { name: 'Umbrella', email: 'hello@umbrella.example', type: 'Retail', address: '1 Road', phone: '+84 28 1234 5678' };
    await dataProvider.create('partners', { data: valid });
    server.use(
      http.delete('/api/v1/partners/:id', () =>
        HttpResponse.json({ isSuccess: true, statusCode: 202, message: 'Deletion queued', data: null }, { status: 202 }),
      ),
    );
    await dataProvider.delete('partners', { id: 'p1' });
    expect(toasts()).toEqual([
      { severity: 'info', message: 'Partner created' },
      { severity: 'info', message: 'Deletion queued' },
    ]);
  });

  it('fails a call whose envelope says isSuccess false even with HTTP 200', async () => {
    signInAs('admin');
    server.use(http.get('/api/v1/partners/:id', () => HttpResponse.json({ isSuccess: false, statusCode: 409, message: 'Form not in Editing', data: null })));
    await expect(dataProvider.getOne('partners', { id: 'x' })).rejects.toMatchObject({ status: 409, message: 'Form not in Editing' });
    expect(toasts()).toEqual([{ severity: 'error', message: 'Form not in Editing' }]);
  });

  it('answers "Invalid response" when the body is not an envelope', async () => {
    signInAs('admin');
    server.use(http.get('/api/v1/partners/:id', () => HttpResponse.json({ id: 'x', name: 'raw' })));
    await expect(dataProvider.getOne('partners', { id: 'x' })).rejects.toMatchObject({ message: 'Invalid response' });
    expect(toasts()).toEqual([{ severity: 'error', message: 'Invalid response' }]);
  });

  it('shows "Error when connect to server" with the reason when the network fails', async () => {
    signInAs('admin');
    server.use(http.get('/api/v1/partners/:id', () => HttpResponse.error()));
    await expect(dataProvider.getOne('partners', { id: 'x' })).rejects.toMatchObject({ status: 0 });
    const [toast] = toasts();
    expect(toast.severity).toBe('error');
    expect(toast.message).toMatch(/^Error when connect to server: .+/);
  });

  it('declares abort support and cancels the request when react-admin aborts it', async () => {
    signInAs('admin');
    expect(dataProvider.supportAbortSignal).toBe(true);
    let reached!: () => void;
    const serverReached = new Promise<void>((resolve) => (reached = resolve));
    server.use(
      http.post('/api/v1/partners/search', async () => {
        reached();
        await new Promise((resolve) => setTimeout(resolve, 5_000));
        return HttpResponse.json({ isSuccess: true, statusCode: 200, message: '', data: { items: [], totalCount: 0 } });
      }),
    );
    const controller = new AbortController();
    const pending = dataProvider.getList('partners', { ...listParams, signal: controller.signal });
    await serverReached;
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(toasts()).toEqual([]);
  });
});
