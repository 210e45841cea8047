import { HttpError, type DataProvider, type Identifier, type RaRecord } from 'react-admin';
import type { PagedResult } from '../../../contract/envelope';
import { apiPaths } from '../../config/apiPaths';
import { ApiError } from '../http/ApiError';
import { apiRequest, type ApiRequestOptions } from '../http/httpClient';
import { toApiResource } from './apiResources';
import { toSearchRequest } from './searchRequest';

/** Calls the API and turns its failures into react-admin's HttpError (body.errors keyed by field). */
async function call<T>(url: string, options: ApiRequestOptions = {}): Promise<T> {
  try {
    return (await apiRequest<T>(url, options)).data;
  } catch (error) {
    if (error instanceof ApiError) throw new HttpError(error.message, error.status, error.body);
    throw error;
  }
}

/** A create or update that answers only the id (or nothing) still gives react-admin a record. */
function asRecord<R extends RaRecord>(answer: unknown, sent: object, id?: Identifier): R {
  if (answer && typeof answer === 'object') return answer as R;
  const answeredId = typeof answer === 'string' || typeof answer === 'number' ? answer : id;
  return { ...sent, id: answeredId } as R;
}

async function search<R extends RaRecord>(resource: string, params: Parameters<DataProvider['getList']>[1]) {
  const page = await call<PagedResult<R>>(apiPaths.resourceSearch(toApiResource(resource)), {
    method: 'POST',
    body: toSearchRequest(params),
    signal: params.signal,
  });
  return { data: page?.items ?? [], total: page?.totalCount ?? 0 };
}

/**
 * react-admin's methods onto the API of DESIGN.md: POST {res}/search, GET/PUT/DELETE {res}/{id}, POST {res}.
 * `supportAbortSignal` lets react-admin cancel queries it no longer needs.
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

  async getMany<R extends RaRecord>(resource: string, { ids, signal }: Parameters<DataProvider['getMany']>[1]) {
    const unique = [...new Set(ids)];
    const data = await Promise.all(unique.map((id) => call<R>(apiPaths.resourceItem(toApiResource(resource), id), { signal })));
    return { data };
  },

  async create<_R, Result extends RaRecord>(resource: string, { data }: Parameters<DataProvider['create']>[1]) {
    const answer = await call<unknown>(apiPaths.resource(toApiResource(resource)), { method: 'POST', body: data });
    return { data: asRecord<Result>(answer, data) };
  },

  async update<R extends RaRecord>(resource: string, { id, data }: Parameters<DataProvider['update']>[1]) {
    const answer = await call<unknown>(apiPaths.resourceItem(toApiResource(resource), id), { method: 'PUT', body: data });
    return { data: asRecord<R>(answer, data, id) };
  },

  async updateMany(resource, { ids, data }) {
    await Promise.all(
      ids.map((id) => call(apiPaths.resourceItem(toApiResource(resource), id), { method: 'PUT', body: data })),
    );
    return { data: ids };
  },

  async delete<R extends RaRecord>(resource: string, { id, previousData }: Parameters<DataProvider['delete']>[1]) {
    await call(apiPaths.resourceItem(toApiResource(resource), id), { method: 'DELETE' });
    return { data: (previousData ?? { id }) as R };
  },

  async deleteMany(resource, { ids }) {
    await Promise.all(ids.map((id) => call(apiPaths.resourceItem(toApiResource(resource), id), { method: 'DELETE' })));
    return { data: ids };
  },
};
