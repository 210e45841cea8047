import type { CannedResponseDto } from '../../../contract/cannedResponses';
import type { PagedResult } from '../../../contract/envelope';
import { apiPaths } from '../../config/apiPaths';
import { apiRequest } from '../../providers/http';

/** Canned responses (issue 25): the shared ones and the reader's own (server/modules/cannedResponses). */
const RESOURCE = 'canned-responses';
/** The composer's picker and the manager read them all at once: a desk keeps dozens, not thousands. */
const ALL = 100;

export async function fetchCannedResponses(signal?: AbortSignal): Promise<CannedResponseDto[]> {
  const { data } = await apiRequest<PagedResult<CannedResponseDto>>(apiPaths.resourceSearch(RESOURCE), {
    method: 'POST',
    body: { pageNumber: 1, pageSize: ALL, orderBy: ['title asc'] },
    signal,
    notify: false,
  });
  return data?.items ?? [];
}
