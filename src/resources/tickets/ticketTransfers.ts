import { isEnvelope, type Envelope } from '../../../contract/envelope';
import { API_V1, LANGUAGE_HEADER } from '../../../contract/http';
import { ticketAttachmentPath, type TicketAttachmentRef } from '../../../contract/tickets';
import { translateMessage } from '../../i18n/translateMessage';
import { languagePreference } from '../../preferences/language';
import { ApiError } from '../../providers/http/ApiError';
import { freshCredentials, refreshCredentials } from '../../providers/session/tokenRefresh';
import { saveFile } from '../../entityTable/csvExport';

/**
 * Transfers fetch cannot do as the HTTP client does: a multipart upload that reports its progress
 * (XMLHttpRequest), and an attachment download, which needs the bearer token, so it cannot be a plain link.
 * Both use a fresh token and refresh it once on 401, as the HTTP client does.
 */

export interface UploadProgress {
  loaded: number;
  total: number;
}

interface RawAnswer {
  status: number;
  body: unknown;
}

interface UploadOptions {
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  /** Further headers (`Idempotency-Key`), the same on the retry after a refresh. */
  headers?: Record<string, string>;
}

function xhrPost(url: string, form: FormData, token: string, { onProgress, signal, headers = {} }: UploadOptions): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader(LANGUAGE_HEADER, languagePreference.get());
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.({ loaded: event.loaded, total: event.total });
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => reject(new ApiError(translateMessage('app.http.connectError', { message: 'upload failed' }), 0, { kind: 'network' }));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

const isUnauthorized = ({ status, body }: RawAnswer) => status === 401 || (isEnvelope(body) && body.statusCode === 401);

/** A multipart POST under /api/v1 that answers the envelope's data, with upload progress. */
export async function uploadForm<T>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
  const url = `${API_V1}${path}`;
  let answer = await xhrPost(url, form, (await freshCredentials()).token, options);
  if (isUnauthorized(answer)) answer = await xhrPost(url, form, (await refreshCredentials()).token, options);
  const { status, body } = answer;
  if (!isEnvelope(body)) {
    throw new ApiError(translateMessage(status >= 400 ? 'app.http.statusError' : 'app.http.invalidResponse', { status }), status, { kind: 'invalid-response' });
  }
  const envelope = body as Envelope<T>;
  if (!envelope.isSuccess || status >= 400) {
    throw new ApiError(envelope.message || translateMessage('app.http.statusError', { status }), status >= 400 ? status : envelope.statusCode, {
      envelope,
      fallbackFieldMessage: translateMessage('validation.fallback'),
    });
  }
  return envelope.data as T;
}

async function fetchAttachment(url: string, token: string): Promise<Response> {
  try {
    return await fetch(url, { headers: { Authorization: `Bearer ${token}`, [LANGUAGE_HEADER]: languagePreference.get() } });
  } catch (error) {
    throw new ApiError(translateMessage('app.http.connectError', { message: error instanceof Error ? error.message : String(error) }), 0, { kind: 'network' });
  }
}

/** Downloads an attachment of a ticket (or of its chat) as a blob with the token, then saves it under its name. */
export async function downloadAttachment(ticketId: string, attachment: Pick<TicketAttachmentRef, 'id' | 'fileName'>): Promise<void> {
  const url = `${API_V1}${ticketAttachmentPath(ticketId, attachment.id)}`;
  let response = await fetchAttachment(url, (await freshCredentials()).token);
  if (response.status === 401) response = await fetchAttachment(url, (await refreshCredentials()).token);
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => undefined);
    const message = isEnvelope(body) && body.message ? body.message : translateMessage('app.http.statusError', { status: response.status });
    throw new ApiError(message, response.status);
  }
  saveFile(await response.blob(), attachment.fileName);
}
