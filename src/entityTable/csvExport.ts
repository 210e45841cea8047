import { apiPaths } from '../config/apiPaths';
import { toApiResource } from '../providers/data/apiResources';
import { apiDownload } from '../providers/http';

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

/**
 * Reads the whole CSV as it streams in, counting row ends against x-total-count for the progress, and
 * answers it as a Blob with its file name. Every page of the search is in it: the server streams them all.
 */
export async function downloadCsv(
  resource: string,
  search: ExportSearch,
  { signal, onProgress }: { signal: AbortSignal; onProgress: (progress: ExportProgress) => void },
): Promise<{ blob: Blob; fileName: string; rows: number }> {
  let total: number | null = null;
  let lineEnds = 0;
  const { blob, fileName } = await apiDownload(exportUrl(resource, search), {
    signal,
    accept: 'text/csv',
    onStart: (headers) => {
      const totalHeader = Number(headers.get('x-total-count'));
      total = Number.isFinite(totalHeader) && headers.has('x-total-count') ? totalHeader : null;
      onProgress({ rows: 0, total });
    },
    onChunk: (chunk) => {
      for (const byte of chunk) if (byte === 0x0a) lineEnds += 1;
      // The first line is the header; a quoted value with a line break may overcount, so stay within the total.
      const rows = Math.max(0, lineEnds - 1);
      onProgress({ rows: total === null ? rows : Math.min(rows, total), total });
    },
  });
  const rows = Math.max(0, lineEnds - 1);
  return { blob, fileName: fileName ?? `${toApiResource(resource)}.csv`, rows: total ?? rows };
}
