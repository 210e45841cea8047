import { answerFailure, isFailedAnswer, tokenRefusalOfAnswer, toEnvelopeAnswer, unreachable, type EnvelopeAnswer } from './envelopeFetch';
import { requestHeaders, sendWithSession, type SessionOptions } from './sessionRetry';

export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface ApiUploadOptions extends Pick<SessionOptions, 'headers'> {
  /** The bytes sent so far, as the browser reports them. */
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  method?: 'POST' | 'PUT';
}

/**
 * A multipart request to /api that answers the envelope's data, reporting its upload progress (which fetch
 * cannot, hence XMLHttpRequest). Silent: the screen that uploads shows the outcome.
 */
export async function apiUpload<T>(url: string, form: FormData, options: ApiUploadOptions = {}): Promise<T> {
  const answer = await sendWithSession((token) => xhrSend<T>(url, form, token, options), tokenRefusalOfAnswer, options);
  if (isFailedAnswer(answer)) throw answerFailure(answer);
  return answer.envelope.data as T;
}

function xhrSend<T>(url: string, form: FormData, token: string | undefined, options: ApiUploadOptions): Promise<EnvelopeAnswer<T>> {
  const { method = 'POST', onProgress, signal } = options;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError());
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    for (const [name, value] of Object.entries(requestHeaders(options, token, 'application/json'))) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.({ loaded: event.loaded, total: event.total });
    };
    xhr.onload = () => {
      signal?.removeEventListener('abort', abort);
      try {
        resolve(toEnvelopeAnswer<T>(xhr.status, parseJson(xhr.responseText), xhr.getResponseHeader('www-authenticate')));
      } catch (error) {
        reject(error);
      }
    };
    xhr.onerror = () => reject(unreachable(new Error('upload failed')));
    xhr.onabort = () => reject(abortError());
    const abort = () => xhr.abort();
    signal?.addEventListener('abort', abort, { once: true });
    xhr.send(form);
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const abortError = () => new DOMException('The upload was cancelled', 'AbortError');
