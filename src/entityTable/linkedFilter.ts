import { useEffect, useState } from 'react';
import { useStoreContext } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import type { EntityFilter } from './types';

type Filters = Record<string, unknown>;
/** What of a declared resource says which filters its address may set. */
type Filterable = { filters?: EntityFilter[]; keywordSearch?: boolean };

/**
 * The filters a link put in the address, as react-admin writes them (`?filter={"status":"OPEN"}`): only the
 * table's declared filters (and its keyword), a select filter only with one of its choices. Null when none.
 */
export function linkedFilterOf(search: string, resource: Filterable): Filters | null {
  const text = new URLSearchParams(search).get('filter');
  if (!text) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  const given = parsed as Filters;
  const filters: Filters = {};
  if (resource.keywordSearch && typeof given.q === 'string') filters.q = given.q;
  for (const filter of resource.filters ?? []) {
    const value = given[filter.source];
    if (value === undefined) continue;
    if (filter.kind === 'select') {
      if (filter.choices.some((choice) => (choice.filterValue ?? choice.value) === value)) filters[filter.source] = value;
    } else if (typeof value === 'string' && value) filters[filter.source] = value;
  }
  return Object.keys(filters).length ? filters : null;
}

/** The address without its `filter` parameter. */
const withoutFilter = (search: string) => {
  const params = new URLSearchParams(search);
  params.delete('filter');
  const rest = params.toString();
  return rest ? `?${rest}` : '';
};

/**
 * Opens the table on the filters of its address (a link from Home: the ticket manager on one status): they
 * replace the stored ones before the list controller first reads the store (call this before it), so only
 * matching rows ever load. True when the address set filters.
 */
export function useLinkedFilterSeed(resource: Filterable, storeKey: string) {
  const location = useLocation();
  const store = useStoreContext();
  const [linked] = useState(() => {
    const filters = linkedFilterOf(location.search, resource);
    if (filters) store.setItem(storeKey, { ...store.getItem<object>(storeKey, {}), filter: filters, page: 1 });
    return filters !== null;
  });
  return linked;
}

/**
 * Then the address drops them: the toolbar shows them, and clearing them there is final. A link followed while
 * the table is open applies its filters through `setFilters`.
 */
export function useLinkedFilterApplied(resource: Filterable, setFilters: (filters: Filters) => void) {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (!new URLSearchParams(location.search).has('filter')) return;
    const linked = linkedFilterOf(location.search, resource);
    if (linked) setFilters(linked);
    navigate({ pathname: location.pathname, search: withoutFilter(location.search), hash: location.hash }, { replace: true });
  }, [location, resource, navigate, setFilters]);
}
