import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_HEADER } from '../../../../contract/http';
import { failed } from '../../../../mocks/envelopes';
import { server } from '../../../../mocks/server';
import PartnerFormDetailPage from '../../../../src/resources/partnerForms/PartnerFormDetailPage';
import { renderInAdmin } from '../../entityTable/renderEntityTable';
import { LOAD } from '../../renderWithRouter';
import { signInAs } from '../../sessionFixtures';
import { FORM_ID, mockPartnerForms } from '../ownPartnerForms/partnerFormsMock';
import { renderFiller } from '../ownPartnerForms/renderFiller';
import { partnerFormOf, usePartnerFormsApi } from './partnerFormsApiMock';

const submitted = partnerFormOf({ id: 'p0000000-0000-4000-8000-000000000011', status: 'SUBMITTED', submittedAt: '2025-03-02T09:00:00.000Z' });

let downloads: { name: string; blob: Blob }[] = [];
let pdfRequests: Request[] = [];
beforeEach(() => {
  downloads = [];
  pdfRequests = [];
  let last: Blob | undefined;
  URL.createObjectURL = vi.fn((blob: Blob) => ((last = blob), 'blob:test/pdf'));
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push({ name: this.download, blob: last! });
  });
});
afterEach(() => vi.restoreAllMocks());

/** The server's PDF route: a document named with non-ASCII letters (filename*), or a refusal. */
function usePdfRoute(answer: 'pdf' | 404 = 'pdf') {
  server.use(
    http.get('/api/v1/partner-forms/:id/pdf', ({ request }) => {
      pdfRequests.push(request);
      if (answer === 404) return failed(404, 'Sorry, data not found!');
      return new HttpResponse('%PDF-1.3 test', {
        headers: {
          'content-type': 'application/pdf',
          'content-disposition': `attachment; filename="Bi_u m_u - _ng.pdf"; filename*=UTF-8''${encodeURIComponent('Biểu mẫu - Đông Á.pdf')}`,
        },
      });
    }),
  );
}

describe('Download PDF', { timeout: 30_000 }, () => {
  it("staff download a partner form's PDF from its page, by keyboard, with their session and language, under the server's name", async () => {
    const user = userEvent.setup();
    signInAs('admin');
    usePartnerFormsApi([submitted]);
    usePdfRoute();
    renderInAdmin(<PartnerFormDetailPage />, { url: `/partner-forms/${submitted.id}`, path: '/partner-forms/:id' });
    const button = await screen.findByRole('button', { name: 'Download PDF' }, LOAD);
    button.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(downloads.map((d) => d.name)).toEqual(['Biểu mẫu - Đông Á.pdf']));
    // The keyboard stays where it was (the button is busy while the server makes the PDF, never disabled).
    expect(button).toHaveFocus();
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'false'));
    expect(downloads[0].blob).toMatchObject({ type: 'application/pdf', size: '%PDF-1.3 test'.length });
    expect(new URL(pdfRequests[0].url).pathname).toBe(`/api/v1/partner-forms/${submitted.id}/pdf`);
    expect(pdfRequests[0].headers.get('authorization')).toMatch(/^Bearer /);
    expect(pdfRequests[0].headers.get(LANGUAGE_HEADER)).toBe('en');
  });

  it('the partner downloads the PDF of its own form from the filler; a refusal is told, not downloaded', async () => {
    const user = userEvent.setup();
    mockPartnerForms({ status: 'SUBMITTED' });
    usePdfRoute();
    renderFiller('company');
    await user.click(await screen.findByRole('button', { name: 'Download PDF' }, LOAD));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(new URL(pdfRequests[0].url).pathname).toBe(`/api/v1/partner-forms/${FORM_ID}/pdf`);

    usePdfRoute(404);
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    expect(await screen.findByText('Sorry, data not found!')).toBeInTheDocument();
    expect(downloads).toHaveLength(1);
  });
});
