import { LANGUAGE_HEADER } from '../../contract/http';
import { apiPaths } from '../config/apiPaths';
import { translateMessage } from '../i18n/translateMessage';
import { languagePreference } from '../preferences/language';
import { toApiResource } from '../providers/data/apiResources';
import { freshCredentials, refreshCredentials } from '../providers/session/tokenRefresh';

export interface ExportSearch {
  filter: Record<string, unknown>;
  sort?: { field: string; order: 'ASC' | 'DESC' };
}

export interface ExportProgress {
  rows: number;
  /** Rows the server said it would send (x-total-count), when it said. */
  total: number | null;
}

/** GET /{res}/export with the list's search as query: `keyword` for the q box, `orderBy` as "field asc". */
export function exportUrl(resource: string, { filter, sort }: ExportSearch): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined || value === null || value === '') continue;
    const text = String(value).trim();
    if (text) query.set(key === 'q' ? 'keyword' : key, text);
  }
  if (sort?.field) query.set('orderBy', `${sort.field} ${sort.order === 'DESC' ? 'desc' : 'asc'}`);
  const search = query.toString();
  return `${apiPaths.resource(toApiResource(resource))}/export${search ? `?${search}` : ''}`;
}

async function fetchWithSession(url: string, signal: AbortSignal): Promise<Response> {
  const send = (token: string) =>
    fetch(url, { headers: { Accept: 'text/csv', Authorization: `Bearer ${token}`, [LANGUAGE_HEADER]: languagePreference.get() }, signal });
  const sent = (await freshCredentials()).token;
  const response = await send(sent);
  if (response.status !== 401) return response;
  return send((await refreshCredentials()).token);
}

async function failureMessage(response: Response): Promise<string> {
  const body = (await response.json().catch(() => null)) as { message?: string } | null;
  return body?.message || translateMessage('app.http.statusError', { status: response.status });
}

/** The file name the server gave (content-disposition), else `{resource}.csv`. */
function fileNameOf(response: Response, resource: string): string {
  const disposition = response.headers.get('content-disposition') ?? '';
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? `${toApiResource(resource)}.csv`;
}

/**
 * Reads the whole CSV as it streams in, counting row ends against x-total-count for the progress, and
 * answers it as a Blob with its file name. Every page of the search is in it: the server streams them all.
 */
export async function downloadCsv(
  resource: string,
  search: ExportSearch,
  { signal, onProgress }: { signal: AbortSignal; onProgress: (progress: ExportProgress) => void },
): Promise<{ blob: Blob; fileName: string; rows: number }> {
  const response = await fetchWithSession(exportUrl(resource, search), signal);
  if (!response.ok) throw new Error(await failureMessage(response));
  const totalHeader = Number(response.headers.get('x-total-count'));
  const total = Number.isFinite(totalHeader) && response.headers.has('x-total-count') ? totalHeader : null;
  const chunks: BlobPart[] = [];
  let lineEnds = 0;
  onProgress({ rows: 0, total });
  if (response.body) {
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      for (const byte of value) if (byte === 0x0a) lineEnds += 1;
      // The first line is the header; a quoted value with a line break may overcount, so stay within the total.
      const rows = Math.max(0, lineEnds - 1);
      onProgress({ rows: total === null ? rows : Math.min(rows, total), total });
    }
  } else {
    chunks.push(await response.text());
  }
  const rows = Math.max(0, lineEnds - 1);
  return { blob: new Blob(chunks, { type: 'text/csv;charset=utf-8' }), fileName: fileNameOf(response, resource), rows: total ?? rows };
}

/** Hands a file to the browser's download, as a link click would. */
export function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
