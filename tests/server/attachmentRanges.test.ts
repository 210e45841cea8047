import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TicketDto } from '../../contract/tickets';
import apiEn from '../../i18n/api.en';
import { ticketAttachments } from '../../server/db/schema';
import { createLocalFileStore } from '../../server/files/localFileStore';
import { attachmentStore } from '../../server/modules/tickets/ticketFiles';
import { expectEnvelope } from './expectations';
import { useDemoServer } from './factories';

/** An attachment is downloaded whole or by the one byte range a client asks for (resuming, seeking in a PDF). */
const { server, token } = useDemoServer();

const ACME = 'partner@acme.example';
const TEXT = 'The quick brown fox jumps over the lazy dog.\n';

/** A ticket of Acme with one text file; the file's download address. */
async function attachmentUrl() {
  const form = new FormData();
  form.append('subject', 'Ranges');
  form.append('files', new Blob([TEXT], { type: 'text/plain' }), 'fox.txt');
  const response = await fetch(`${server.url}/api/v1/tickets`, { method: 'POST', headers: { authorization: `Bearer ${token(ACME)}` }, body: form });
  const ticket = ((await response.json()) as { data: TicketDto }).data;
  return `${server.url}/api/v1/tickets/${ticket.id}/attachments/${ticket.attachments[0].id}`;
}

const download = (url: string, headers: Record<string, string> = {}) => fetch(url, { headers: { authorization: `Bearer ${token(ACME)}`, ...headers } });

/** The headers that keep a download out of the page, on every answer that carries bytes. */
function expectDownloadHeaders(headers: Headers) {
  expect(headers.get('content-disposition')).toBe(`attachment; filename="fox.txt"; filename*=UTF-8''fox.txt`);
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
  expect(headers.get('cache-control')).toBe('private, no-store');
  expect(headers.get('content-type')).toBe('text/plain; charset=utf-8');
}

describe('attachment downloads by byte range', () => {
  it('a download without Range is the whole file (200) and says ranges are accepted', async () => {
    const whole = await download(await attachmentUrl());
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('content-length')).toBe(String(TEXT.length));
    expectDownloadHeaders(whole.headers);
    expect(await whole.text()).toBe(TEXT);
  });

  it('a range answers 206 with those bytes, Content-Range and the download headers', async () => {
    const url = await attachmentUrl();
    const part = await download(url, { range: 'bytes=4-8' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 4-8/${TEXT.length}`);
    expect(part.headers.get('content-length')).toBe('5');
    expectDownloadHeaders(part.headers);
    expect(await part.text()).toBe('quick');
  });

  it('an open range reads to the end, a suffix range the last bytes, an end past the file stops at its end', async () => {
    const url = await attachmentUrl();
    const size = TEXT.length;
    const open = await download(url, { range: 'bytes=40-' });
    expect([open.status, open.headers.get('content-range'), await open.text()]).toEqual([206, `bytes 40-${size - 1}/${size}`, TEXT.slice(40)]);
    const suffix = await download(url, { range: 'bytes=-5' });
    expect([suffix.status, suffix.headers.get('content-range'), await suffix.text()]).toEqual([206, `bytes ${size - 5}-${size - 1}/${size}`, TEXT.slice(-5)]);
    const past = await download(url, { range: `bytes=10-${size + 100}` });
    expect([past.status, past.headers.get('content-range'), await past.text()]).toEqual([206, `bytes 10-${size - 1}/${size}`, TEXT.slice(10)]);
  });

  it('a range starting past the end answers 416 with the size in Content-Range and an envelope', async () => {
    const url = await attachmentUrl();
    for (const range of [`bytes=${TEXT.length}-`, `bytes=${TEXT.length + 10}-${TEXT.length + 20}`, 'bytes=-0']) {
      const refused = await download(url, { range });
      expect(refused.status, range).toBe(416);
      expect(refused.headers.get('content-range'), range).toBe(`bytes */${TEXT.length}`);
      const body = (await refused.json()) as { isSuccess: boolean; message: string };
      expect(body, range).toMatchObject({ isSuccess: false, message: apiEn.api.rangeNotSatisfiable });
    }
  });

  it('a malformed range, several ranges or an If-Range get the whole file', async () => {
    const url = await attachmentUrl();
    const ignored: Record<string, string>[] = [
      { range: 'bytes=abc' },
      { range: 'items=0-4' },
      { range: 'bytes=5-2' },
      { range: 'bytes=0-1,4-5' },
      { range: 'bytes=0-4', 'if-range': '"some-etag"' },
    ];
    for (const headers of ignored) {
      const whole = await download(url, headers);
      expect(whole.status, JSON.stringify(headers)).toBe(200);
      expect(await whole.text()).toBe(TEXT);
    }
  });

  it('a range of an attachment out of reach is still a 404 envelope', async () => {
    const url = await attachmentUrl();
    const globex = await fetch(url, { headers: { authorization: `Bearer ${token('partner@globex.example')}`, range: 'bytes=0-4' } });
    const body = (await globex.json()) as { isSuccess: boolean; statusCode: number };
    expect(globex.status).toBe(404);
    expect(body).toMatchObject({ isSuccess: false, statusCode: 404 });
  });
});

describe('an attachment whose bytes are gone', () => {
  it('answers a 404 envelope, whole or by range', async () => {
    const url = await attachmentUrl();
    const [row] = await server.built.database.db
      .select()
      .from(ticketAttachments)
      .where(eq(ticketAttachments.id, url.split('/').pop()!));
    await attachmentStore(createLocalFileStore(path.join(server.config.dataDir, 'files'))).delete(row.storageName);
    for (const headers of [{}, { range: 'bytes=0-4' }] as Record<string, string>[]) {
      const answer = await server.api('GET', url.slice(server.url.length), { token: token(ACME), headers });
      expectEnvelope(answer, 404, apiEn.tickets.attachmentNotFound);
    }
  });
});
