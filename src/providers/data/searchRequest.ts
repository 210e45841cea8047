import type { GetListParams } from 'react-admin';
import type { SearchRequest } from '../../../contract/envelope';
import { DEFAULT_PAGE_SIZE } from '../../../contract/http';

/** react-admin's list parameters as the API's search body (DESIGN.md "Paged data"). */
export function toSearchRequest({ pagination, sort, filter = {}, meta }: GetListParams): SearchRequest {
  const { q, ...filters } = filter as Record<string, unknown>;
  const request: SearchRequest = {
    ...filters,
    pageNumber: pagination?.page ?? 1,
    pageSize: pagination?.perPage ?? DEFAULT_PAGE_SIZE,
  };
  if (sort?.field) request.orderBy = [`${sort.field} ${sort.order === 'DESC' ? 'desc' : 'asc'}`];
  if (typeof q === 'string' && q.trim()) {
    const fields: string[] | undefined = meta?.searchFields;
    request.advancedSearch = fields ? { keyword: q.trim(), fields } : { keyword: q.trim() };
  }
  return request;
}
