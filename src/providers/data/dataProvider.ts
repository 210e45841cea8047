import { HttpError, type DataProvider, type Identifier, type RaRecord } from 'react-admin';
import { apiResourceOf } from '../../../contract/apiResources';
import type { PagedResult } from '../../../contract/envelope';
import { MAX_PAGE_SIZE } from '../../../contract/http';
import { apiPaths } from '../../config/apiPaths';
import { ApiError } from '../http/ApiError';
import { apiRequest, type ApiRequestOptions } from '../http/httpClient';
import { toApiResource } from './apiResources';
import { changedFields, ifMatchHeader, newIdempotencyKey } from './recordChanges';
import { toSearchRequest } from './searchRequest';

/**
 * Calls the API and turns its failures into react-admin's HttpError (body.errors keyed by field). A 412
 * (the record changed since it was read) carries the current record as `body.current`.
 */
async function call<T>(url: string, options: ApiRequestOptions = {}): Promise<T> {
  try {
    return (await apiRequest<T>(url, options)).data;
  } catch (error) {
    if (error instanceof ApiError) throw new HttpError(error.message, error.status, error.status === 412 ? { ...error.body, current: error.envelope?.data } : error.body);
    throw error;
  }
}

/** A create or update that answers only the id (or nothing) still gives react-admin a record. */
function asRecord<R extends RaRecord>(answer: unknown, sent: object, id?: Identifier): R {
  if (answer && typeof answer === 'object') return answer as R;
  const answeredId = typeof answer === 'string' || typeof answer === 'number' ? answer : id;
  return { ...sent, id: answeredId } as R;
}

/**
 * A stock column is sortable unless told otherwise: a field the API declares unsortable (contract/apiResources.ts,
 * e.g. a ticket's `sla`) lists in the API's default order instead of a 400.
 */
const sortableOnly = (apiName: string, sort: Parameters<DataProvider['getList']>[1]['sort']) =>
  sort && apiResourceOf(apiName)?.unsortable.includes(sort.field) ? undefined : sort;

async function search<R extends RaRecord>(resource: string, params: Parameters<DataProvider['getList']>[1]) {
  const apiName = toApiResource(resource);
  const page = await call<PagedResult<R>>(apiPaths.resourceSearch(apiName), {
    method: 'POST',
    body: toSearchRequest({ ...params, sort: sortableOnly(apiName, params.sort) }),
    signal: params.signal,
  });
  return { data: page?.items ?? [], total: page?.totalCount ?? 0 };
}

/** A resource the API changes by PUT only (contract/apiResources.ts lists `replace`, not `update`) gets the whole record. */
const replacedOnly = (apiName: string) => {
  const methods = apiResourceOf(apiName)?.methods ?? [];
  return methods.includes('replace') && !methods.includes('update');
};

/** The record as a PUT body: everything but what travels in the path and If-Match. */
const withoutIdAndVersion = (data: Record<string, unknown>) => Object.fromEntries(Object.entries(data).filter(([key]) => key !== 'id' && key !== 'version'));

const chunks = <T>(items: T[], size: number) => Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/**
 * react-admin's methods onto the API of DESIGN.md: POST {res}/search (getMany with `ids`), GET {res}/{id},
 * POST {res}, PATCH {res}/{id} with the changed fields and If-Match, DELETE {res}/{id} with If-Match,
 * PATCH {res} and POST {res}/delete for several rows at once. `supportAbortSignal` lets react-admin cancel
 * queries it no longer needs.
 */
export const dataProvider: DataProvider = {
  supportAbortSignal: true,

  getList: <R extends RaRecord>(resource: string, params: Parameters<DataProvider['getList']>[1]) => search<R>(resource, params),

  getManyReference: <R extends RaRecord>(resource: string, { target, id, filter, ...params }: Parameters<DataProvider['getManyReference']>[1]) =>
    search<R>(resource, { ...params, filter: { ...filter, [target]: id } }),

  async getOne<R extends RaRecord>(resource: string, { id, signal }: Parameters<DataProvider['getOne']>[1]) {
    const data = await call<R>(apiPaths.resourceItem(toApiResource(resource), id), { signal });
    return { data };
  },

  /** One search by `ids` (a page holds at most MAX_PAGE_SIZE): missing ids are left out, deleted rows come marked `deleted`. */
  async getMany<R extends RaRecord>(resource: string, { ids, signal }: Parameters<DataProvider['getMany']>[1]) {
    const unique = [...new Set(ids.map(String))];
    const pages = await Promise.all(
      chunks(unique, MAX_PAGE_SIZE).map((part) =>
        call<PagedResult<R>>(apiPaths.resourceSearch(toApiResource(resource)), { method: 'POST', body: { ids: part, pageNumber: 1, pageSize: part.length }, signal }),
      ),
    );
    const byId = new Map(pages.flatMap((page) => page?.items ?? []).map((row) => [String(row.id), row]));
    return { data: unique.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])) };
  },

  /** Sends an Idempotency-Key, so a create retried after a lost answer (or a refresh) is made once. */
  async create<_R, Result extends RaRecord>(resource: string, { data }: Parameters<DataProvider['create']>[1]) {
    const answer = await call<unknown>(apiPaths.resource(toApiResource(resource)), { method: 'POST', body: data, headers: { 'Idempotency-Key': newIdempotencyKey() } });
    return { data: asRecord<Result>(answer, data) };
  },

  /**
   * Only the fields changed since `previousData` were read, refused (412) if the record changed meanwhile; a
   * resource served by PUT only gets the whole record, with the same If-Match.
   */
  async update<R extends RaRecord>(resource: string, { id, data, previousData }: Parameters<DataProvider['update']>[1]) {
    const apiName = toApiResource(resource);
    const url = apiPaths.resourceItem(apiName, id);
    if (!previousData) return { data: asRecord<R>(await call<unknown>(url, { method: 'PUT', body: data }), data, id) };
    if (replacedOnly(apiName)) {
      const answer = await call<unknown>(url, { method: 'PUT', body: withoutIdAndVersion(data as Record<string, unknown>), headers: ifMatchHeader(previousData) });
      return { data: asRecord<R>(answer, { ...previousData, ...data }, id) };
    }
    const changes = changedFields(data as Record<string, unknown>, previousData);
    if (!Object.keys(changes).length) return { data: { ...previousData, ...data, id } as R };
    const answer = await call<unknown>(url, { method: 'PATCH', body: changes, headers: ifMatchHeader(previousData) });
    return { data: asRecord<R>(answer, { ...previousData, ...data }, id) };
  },

  async updateMany(resource, { ids, data }) {
    const updated = await call<Identifier[]>(apiPaths.resource(toApiResource(resource)), { method: 'PATCH', body: { ids, data } });
    return { data: updated ?? ids };
  },

  async delete<R extends RaRecord>(resource: string, { id, previousData }: Parameters<DataProvider['delete']>[1]) {
    await call(apiPaths.resourceItem(toApiResource(resource), id), { method: 'DELETE', headers: ifMatchHeader(previousData) });
    return { data: (previousData ?? { id }) as R };
  },

  async deleteMany(resource, { ids }) {
    const deleted = await call<Identifier[]>(`${apiPaths.resource(toApiResource(resource))}/delete`, { method: 'POST', body: { ids } });
    return { data: deleted ?? ids };
  },
};
