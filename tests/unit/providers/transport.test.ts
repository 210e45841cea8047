import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { failed, ok } from '../../../mocks/envelopes';
import { mockApi } from '../../../mocks/handlers';
import { server } from '../../../mocks/server';
import { claimsOf } from '../../../mocks/tokens';
import { ApiError, apiDownload, apiRequest, apiUpload, fileNameOf } from '../../../src/providers/http';
import { readCredentials } from '../../../src/providers/session/sessionStorage';
import { EXPIRED, signInAs } from '../sessionFixtures';

/** What the test endpoints saw: one line per request, with the token it carried. */
let seen: { path: string; token: string | undefined }[] = [];

/** A 401 unless the request carries an unexpired token, as the API answers. */
function refusedUnlessSignedIn(request: Request): Response | null {
  const token = request.headers.get('authorization')?.replace(/^Bearer /, '');
  seen.push({ path: new URL(request.url).pathname, token });
  const claims = token ? claimsOf(token) : null;
  return claims && claims.exp * 1000 > Date.now() ? null : failed(401, 'Your session has expired');
}

function useTestEndpoints() {
  seen = [];
  server.use(
    http.get('/api/v1/test/json', ({ request }) => refusedUnlessSignedIn(request) ?? ok({ answered: 'json' })),
    http.post('/api/v1/test/upload', async ({ request }) => {
      const refused = refusedUnlessSignedIn(request);
      if (refused) return refused;
      const form = await request.formData();
      return ok({ note: form.get('note'), files: form.getAll('files').length });
    }),
    http.get(
      '/api/v1/test/file',
      ({ request }) =>
        refusedUnlessSignedIn(request) ??
        new HttpResponse('hello', {
          headers: { 'content-type': 'text/plain', 'content-disposition': `attachment; filename="Bao_cao.txt"; filename*=UTF-8''B%C3%A1o%20c%C3%A1o.txt` },
        }),
    ),
  );
}

const formWithFile = () => {
  const form = new FormData();
  form.append('note', 'hello');
  form.append('files', new File(['x'.repeat(2048)], 'notes.txt', { type: 'text/plain' }));
  return form;
};

describe('the browser transport', () => {
  it('shares one refresh among a JSON call, an upload and a download refused together, and retries each once', async () => {
    const stale = signInAs('admin', { accessSeconds: EXPIRED });
    useTestEndpoints();

    const [json, upload, download] = await Promise.all([
      apiRequest<{ answered: string }>('/api/v1/test/json'),
      apiUpload<{ note: string; files: number }>('/api/v1/test/upload', formWithFile()),
      apiDownload('/api/v1/test/file'),
    ]);

    expect(json.data).toEqual({ answered: 'json' });
    expect(upload).toEqual({ note: 'hello', files: 1 });
    expect(download.fileName).toBe('Báo cáo.txt');
    expect(mockApi.refreshCalls).toBe(1);
    const fresh = readCredentials()?.token;
    expect(fresh).not.toBe(stale.token);
    for (const path of ['/api/v1/test/json', '/api/v1/test/upload', '/api/v1/test/file']) {
      expect(seen.filter((request) => request.path === path).map(({ token }) => token)).toEqual([stale.token, fresh]);
    }
  });

  it('reports an upload’s progress up to its whole size', async () => {
    signInAs('admin');
    useTestEndpoints();
    const progress: { loaded: number; total: number }[] = [];
    await apiUpload('/api/v1/test/upload', formWithFile(), { onProgress: (p) => progress.push(p) });
    expect(progress.length).toBeGreaterThan(0);
    const last = progress[progress.length - 1];
    expect(last.total).toBeGreaterThan(2048);
    expect(last.loaded).toBe(last.total);
  });

  it('names a download after Content-Disposition, the UTF-8 name first', async () => {
    signInAs('admin');
    useTestEndpoints();
    const { blob, fileName } = await apiDownload('/api/v1/test/file');
    expect(fileName).toBe('Báo cáo.txt');
    expect(blob.size).toBe(5);
    expect(fileNameOf('attachment; filename="partners.csv"')).toBe('partners.csv');
    expect(fileNameOf('attachment; filename=plain.txt')).toBe('plain.txt');
    expect(fileNameOf(null)).toBeNull();
  });

  it('turns a refusal into ApiError with the envelope’s message and field errors, for calls, uploads and downloads alike', async () => {
    signInAs('admin');
    const refusal = () => failed(400, 'One or more fields are invalid', [{ field: 'subject', message: 'Subject is required' }]);
    server.use(http.post('/api/v1/test/refused', refusal), http.get('/api/v1/test/refused', refusal));
    const attempts = [
      apiRequest('/api/v1/test/refused', { method: 'POST', body: {}, notify: false }),
      apiUpload('/api/v1/test/refused', formWithFile()),
      apiDownload('/api/v1/test/refused'),
    ];
    for (const attempt of attempts) {
      const error: unknown = await attempt.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status: 400, message: 'One or more fields are invalid', body: { errors: { subject: 'Subject is required' } } });
    }
  });

  it('ends the session when the retry after a refresh is refused again', async () => {
    signInAs('admin');
    server.use(http.post('/api/v1/test/upload', () => failed(401, 'Still not allowed')));
    await expect(apiUpload('/api/v1/test/upload', formWithFile())).rejects.toMatchObject({ status: 401, message: 'Still not allowed' });
    expect(mockApi.refreshCalls).toBe(1);
    expect(readCredentials()).toBeNull();
  });
});
