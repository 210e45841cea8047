import { answerFailure, fetchOrUnreachable, readJsonBody, toEnvelopeAnswer, tokenRefusalOf } from './envelopeFetch';
import { requestHeaders, sendWithSession, type SessionOptions } from './sessionRetry';

export interface ApiDownloadOptions extends Pick<SessionOptions, 'headers'> {
  signal?: AbortSignal;
  /** The Accept header (default any type). */
  accept?: string;
  /** The answer's headers, once they arrive and before its body is read. */
  onStart?: (headers: Headers) => void;
  /** Each piece of the body as it arrives (an export counts its rows in them). */
  onChunk?: (chunk: Uint8Array) => void;
}

export interface ApiDownload {
  blob: Blob;
  /** The name the server gave in Content-Disposition, null when it gave none. */
  fileName: string | null;
  headers: Headers;
}

/**
 * A GET of a file from /api as a Blob with its file name: with the bearer token (so not a plain link) and the
 * same refresh as every call. A refusal raises ApiError with the envelope's message.
 */
export async function apiDownload(url: string, options: ApiDownloadOptions = {}): Promise<ApiDownload> {
  const { signal, accept = '*/*', onStart, onChunk } = options;
  const response = await sendWithSession(
    (token) => fetchOrUnreachable(url, { headers: requestHeaders(options, token, accept), signal }),
    ({ status, headers }) => tokenRefusalOf(status, headers.get('www-authenticate')),
    options,
  );
  if (!response.ok) throw answerFailure(toEnvelopeAnswer(response.status, await readJsonBody(response)));
  onStart?.(response.headers);
  const type = response.headers.get('content-type') ?? '';
  const blob = response.body ? new Blob(await readChunks(response.body, onChunk), { type }) : await response.blob();
  return { blob, fileName: fileNameOf(response.headers.get('content-disposition')), headers: response.headers };
}

async function readChunks(body: NonNullable<Response['body']>, onChunk?: (chunk: Uint8Array) => void): Promise<BlobPart[]> {
  const chunks: BlobPart[] = [];
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return chunks;
    chunks.push(value);
    onChunk?.(value);
  }
}

/** The file name of a Content-Disposition header: `filename*` (RFC 6266, UTF-8) first, then `filename`. */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // A malformed escape: fall back to the plain name.
    }
  }
  return (
    /filename\s*=\s*(?:"([^"]*)"|([^;]+))/i
      .exec(disposition)
      ?.slice(1)
      .find((name) => name?.trim())
      ?.trim() ?? null
  );
}
