import { useState } from 'react';
import { useGetList, type RaRecord, type SortPayload } from 'react-admin';
import { DEFAULT_PAGE_SIZE } from '../../../../contract/http';
import type { LiveResourceMeta } from '../../../realtime/resourceChanges';

/** No orderBy sent: the server's own order (the accessible-files search takes none). */
export const SERVER_ORDER: SortPayload = { field: '', order: 'ASC' };

/**
 * One page of a list with its pager state; `liveResource` names the hub resource whose changes refetch it
 * (the layout's useRefetchOnResourceChanged follows `meta.liveResource`).
 */
export function usePagedList<T extends RaRecord>(
  resource: string,
  {
    filter = {},
    sort = SERVER_ORDER,
    liveResource,
    perPage: firstPerPage = DEFAULT_PAGE_SIZE,
  }: { filter?: object; sort?: SortPayload; liveResource: string; perPage?: number },
) {
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(firstPerPage);
  const meta: LiveResourceMeta = { liveResource };
  const list = useGetList<T>(resource, { pagination: { page, perPage }, sort, filter, meta }, { placeholderData: (previous) => previous });
  return {
    ...list,
    pager: {
      total: list.total ?? 0,
      page,
      perPage,
      onPage: setPage,
      onPerPage: (next: number) => {
        setPerPage(next);
        setPage(1);
      },
    },
  };
}
