import { FILE_LINK_REFUSALS, type FileLinkRefusal, type FileLinkViewDto } from '../../../contract/files';
import { apiPaths } from '../../config/apiPaths';
import { ApiError, apiRequest } from '../../providers/http';

/** GET /file-links/view?token=… with the user's bearer: the file the link opens (its visit counts once). */
export async function fetchFileLinkView(token: string, signal?: AbortSignal): Promise<FileLinkViewDto> {
  const url = `${apiPaths.resource('file-links')}/view?token=${encodeURIComponent(token)}`;
  return (await apiRequest<FileLinkViewDto>(url, { signal, notify: false })).data;
}

const REFUSALS: ReadonlySet<string> = new Set(FILE_LINK_REFUSALS);

/**
 * Why the server refused to open a link (404/410 naming the refusal as its first field error), or null for a failure
 * that is not a refusal (network, 500): those get a retry instead. Any other 404 is a link to nothing.
 */
export function refusalOf(error: unknown): FileLinkRefusal | null {
  if (!(error instanceof ApiError) || (error.status !== 404 && error.status !== 410)) return null;
  const named = error.envelope?.errors?.[0]?.message ?? '';
  if (REFUSALS.has(named)) return named as FileLinkRefusal;
  return error.status === 404 ? 'notFound' : 'expired';
}
