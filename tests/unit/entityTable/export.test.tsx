import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { permission } from '../../../contract/permissions';
import { mockApi } from '../../../mocks/handlers';
import { server } from '../../../mocks/server';
import { savePermissions } from '../../../src/providers/session/sessionStorage';
import partners from '../../../src/resources/partners/partnerTable';
import { LOAD } from '../renderWithRouter';
import { signInAs } from '../sessionFixtures';
import { manyPartners, renderEntityScreen, rows } from './renderEntityTable';

/** What the browser was asked to download: jsdom has no object URLs, so the test keeps the blobs. */
let downloads: { fileName: string; blob: Blob }[] = [];
const blobs = new Map<string, Blob>();

beforeEach(() => {
  downloads = [];
  URL.createObjectURL = vi.fn((blob: Blob) => {
    const url = `blob:test/${blobs.size}`;
    blobs.set(url, blob);
    return url;
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push({ fileName: this.download, blob: blobs.get(this.href) as Blob });
  });
});
afterEach(() => vi.restoreAllMocks());

/** jsdom's Blob cannot read itself back (no text()). */
const textOf = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

let lastExport: { url: URL; authorization: string | null } | null = null;
const seeExport = ({ request }: { request: Request }) => {
  if (request.url.includes('/export')) lastExport = { url: new URL(request.url), authorization: request.headers.get('authorization') };
};
beforeAll(() => server.events.on('request:start', seeExport));
afterAll(() => server.events.removeListener('request:start', seeExport));

describe('entity table export', () => {
  it('downloads every row of the current search and sort as CSV, with the bearer token', async () => {
    const user = userEvent.setup();
    const credentials = signInAs('admin');
    mockApi.partners = manyPartners(12);
    renderEntityScreen(partners);
    await waitFor(() => expect(rows()).toHaveLength(10), LOAD);
    await user.type(screen.getByTestId('entity-keyword'), 'partner 1{Enter}');
    await waitFor(() => expect(rows()).toHaveLength(3));

    await user.click(screen.getByTestId('entity-export'));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(lastExport?.url.pathname).toBe('/api/v1/partners/export');
    expect(Object.fromEntries(lastExport!.url.searchParams)).toEqual({ keyword: 'partner 1', orderBy: 'name asc' });
    expect(lastExport?.authorization).toBe(`Bearer ${credentials.token}`);
    expect(downloads[0].fileName).toBe('partners.csv');
    const csv = await textOf(downloads[0].blob);
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('id,name,email,type,address,phone');
    // Every matching row, not only the page on screen.
    expect(lines.slice(1).map((l) => l.split(',')[1])).toEqual(['Partner 10', 'Partner 11', 'Partner 12']);
    expect(await screen.findByText('Exported 3 rows')).toBeInTheDocument();
  });

  it('is not offered without the Export permission', async () => {
    signInAs('admin');
    savePermissions([permission('Partners', 'Search'), permission('Partners', 'Create')]);
    renderEntityScreen(partners);
    await waitFor(() => expect(rows()).toHaveLength(3), LOAD);
    expect(screen.queryByRole('button', { name: 'Export' })).not.toBeInTheDocument();
  });

  it('shows the progress of a long export against the announced row count', async () => {
    const user = userEvent.setup();
    let finish: () => void = () => undefined;
    server.use(
      http.get('/api/v1/partners/export', () => {
        const encoder = new TextEncoder();
        const stream = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(encoder.encode('id,name\r\n1,One\r\n'));
            finish = () => {
              controller.enqueue(encoder.encode('2,Two\r\n3,Three\r\n4,Four\r\n'));
              controller.close();
            };
          },
        });
        return new HttpResponse(stream, { headers: { 'content-type': 'text/csv', 'x-total-count': '4' } });
      }),
    );
    signInAs('admin');
    renderEntityScreen(partners);
    await waitFor(() => expect(rows()).toHaveLength(3), LOAD);
    await user.click(screen.getByTestId('entity-export'));
    const progress = await screen.findByTestId('export-progress', {}, { timeout: 3000 });
    expect(within(progress).getByText('1 of 4 rows (25%)')).toBeInTheDocument();
    finish();
    await waitFor(() => expect(downloads).toHaveLength(1));
    await waitFor(() => expect(screen.queryByTestId('export-progress')).not.toBeInTheDocument());
    expect((await textOf(downloads[0].blob)).trim().split('\r\n')).toHaveLength(5);
  });
});
