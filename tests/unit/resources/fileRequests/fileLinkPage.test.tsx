import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { FILE_LINK_REFUSALS, type FileLinkRefusal, type FileLinkViewDto } from '../../../../contract/files';
import type { Language } from '../../../../contract/http';
import { failed, ok } from '../../../../mocks/envelopes';
import { server } from '../../../../mocks/server';
import FileLinkPage from '../../../../src/resources/fileRequests/FileLinkPage';
import { LOAD } from '../../renderWithRouter';
import { signInAs } from '../../sessionFixtures';
import { renderWithAdmin } from '../../tickets/renderTickets';

const CONTENT = '/api/v1/file-links/content?ticket=t&disposition=inline';
const DOWNLOAD = '/api/v1/file-links/content?ticket=t&disposition=attachment';

const pdf = (overrides: Partial<FileLinkViewDto> = {}): FileLinkViewDto => ({
  fileName: 'tax-form.pdf',
  contentType: 'application/pdf',
  size: 2 * 1024 * 1024,
  inline: true,
  viewOnly: false,
  expiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
  downloadsLeft: 2,
  contentUrl: CONTENT,
  downloadUrl: DOWNLOAD,
  ...overrides,
});

/** GET /file-links/view answering `answer` for token `t1`; records the Authorization header it was sent. */
function mockView(answer: () => Response) {
  const seen = { authorization: [] as (string | null)[], tokens: [] as (string | null)[] };
  server.use(
    http.get('/api/v1/file-links/view', ({ request }) => {
      seen.authorization.push(request.headers.get('Authorization'));
      seen.tokens.push(new URL(request.url).searchParams.get('token'));
      return answer();
    }),
  );
  return seen;
}

const refusalAnswer = (refusal: FileLinkRefusal) => () =>
  failed(refusal === 'notFound' ? 404 : 410, `server text for ${refusal}`, [{ field: 'token', message: refusal }]);

const renderPage = (url = '/file-request/view?token=t1', language: Language = 'en') => {
  signInAs('partner');
  return renderWithAdmin(<FileLinkPage />, { url, path: '/file-request/view', language });
};

describe('the file page', () => {
  it('shows a PDF inline from its content address, with its facts, the time the link has left and a download', async () => {
    const seen = mockView(() => ok(pdf()));
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'tax-form.pdf' }, LOAD)).toBeInTheDocument();
    expect(screen.getByTitle('Preview of tax-form.pdf')).toHaveAttribute('src', CONTENT);
    expect(screen.getByRole('link', { name: 'Download' })).toHaveAttribute('href', DOWNLOAD);
    expect(screen.getByRole('main')).toHaveTextContent('2.0 MB');
    expect(screen.getByTestId('link-countdown')).toHaveTextContent(/This link expires in 1[45]:\d\d/);
    expect(screen.getByRole('link', { name: 'Back to my files' })).toHaveAttribute('href', '/accessible-files');
    expect(seen.tokens).toEqual(['t1']);
    expect(seen.authorization[0]).toMatch(/^Bearer /);
  });

  it('shows an image as an image', async () => {
    mockView(() => ok(pdf({ fileName: 'chart.png', contentType: 'image/png' })));
    renderPage();
    expect(await screen.findByRole('img', { name: 'Preview of chart.png' }, LOAD)).toHaveAttribute('src', CONTENT);
    expect(screen.queryByTitle('Preview of chart.png')).not.toBeInTheDocument();
  });

  it('offers no download for a view-only file', async () => {
    mockView(() => ok(pdf({ viewOnly: true, downloadUrl: null, downloadsLeft: null })));
    renderPage();
    expect(await screen.findByTitle('Preview of tax-form.pdf', undefined, LOAD)).toBeInTheDocument();
    expect(screen.getByText('View only: this file can be viewed here but not downloaded.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Download' })).not.toBeInTheDocument();
  });

  it('shows a view-only text file as text, escaped, in a region a keyboard can scroll, and offers no download', async () => {
    mockView(() => ok(pdf({ fileName: 'onboarding-guide.txt', contentType: 'text/plain', viewOnly: true, downloadUrl: null, downloadsLeft: null })));
    server.use(http.get('/api/v1/file-links/content', () => new Response('Welcome <b>partner</b>\nStep 1', { headers: { 'content-type': 'text/plain' } })));
    renderPage();
    const region = await screen.findByRole('region', { name: 'Preview of onboarding-guide.txt' }, LOAD);
    await waitFor(() => expect(region).toHaveTextContent('Welcome <b>partner</b> Step 1'));
    expect(region.querySelector('b')).toBeNull();
    expect(region).toHaveAttribute('tabindex', '0');
    expect(screen.queryByText(/cannot be shown in the browser/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Download' })).not.toBeInTheDocument();
  });

  it('offers a file it cannot show as a download', async () => {
    const docx = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
    mockView(() => ok(pdf({ fileName: 'contract.docx', contentType: docx, inline: false, contentUrl: null })));
    renderPage();
    expect(await screen.findByRole('link', { name: 'Download' }, LOAD)).toHaveAttribute('href', DOWNLOAD);
    expect(screen.getByText('This type of file cannot be shown in the browser. Download it to open it.')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByTitle('Preview of contract.docx')).not.toBeInTheDocument();
  });

  it('shows the expired page, not the file, once the link has run out of time', async () => {
    mockView(() => ok(pdf({ expiresAt: new Date(Date.now() - 1000).toISOString() })));
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'This link has expired' }, LOAD)).toBeInTheDocument();
    expect(document.querySelector('iframe')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Download' })).not.toBeInTheDocument();
  });

  it('sends a link without a token to the not-found page', async () => {
    const seen = mockView(() => ok(pdf()));
    renderPage('/file-request/view');
    await waitFor(() => expect(screen.getByTestId('current-path')).toHaveTextContent('/404'));
    expect(seen.tokens).toEqual([]);
  });
});

const TITLES: Record<Language, Record<FileLinkRefusal, string>> = {
  en: { expired: 'This link has expired', revoked: 'Access was withdrawn', exhausted: 'No downloads left', notFound: 'File not available' },
  vi: { expired: 'Liên kết đã hết hạn', revoked: 'Quyền truy cập đã bị thu hồi', exhausted: 'Đã hết lượt tải xuống', notFound: 'Không có tệp để mở' },
};
const TO_FILES: Record<Language, string> = { en: 'Go to my files', vi: 'Đến tệp của tôi' };

describe('a refused link', () => {
  for (const language of ['en', 'vi'] as const)
    for (const refusal of FILE_LINK_REFUSALS)
      it(`explains "${refusal}" in ${language} with the way back, and never shows the file`, async () => {
        mockView(refusalAnswer(refusal));
        renderPage('/file-request/view?token=t1', language);
        expect(await screen.findByRole('heading', { level: 1, name: TITLES[language][refusal] }, LOAD)).toBeInTheDocument();
        expect(within(screen.getByRole('main')).getByRole('link', { name: TO_FILES[language] })).toHaveAttribute('href', '/accessible-files');
        expect(screen.queryByRole('img')).not.toBeInTheDocument();
        expect(document.querySelector('iframe')).toBeNull();
        expect(screen.queryByRole('link', { name: /Download|Tải xuống/ })).not.toBeInTheDocument();
      });

  it('offers a retry, not a refusal, when the server cannot be reached', async () => {
    mockView(() => failed(500, 'Internal error'));
    renderPage();
    expect(await screen.findByText('The file could not be opened. Check your connection and try again.', undefined, LOAD)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
