import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PartnerFormReviewRoundDto } from '../../../../contract/forms';
import { ok } from '../../../../mocks/envelopes';
import { server } from '../../../../mocks/server';
import { SkipLink } from '../../../../src/layout/SkipLink';
import PartnerFormDetailPage from '../../../../src/resources/partnerForms/PartnerFormDetailPage';
import { renderInAdmin } from '../../entityTable/renderEntityTable';
import { LOAD } from '../../renderWithRouter';
import { signInAs } from '../../sessionFixtures';
import { bodiesSentTo, GLOBEX, partnerFormOf, partnerFormsMock, signInAsSupport, usePartnerFormsApi } from './partnerFormsApiMock';

const submitted = partnerFormOf({
  id: 'p0000000-0000-4000-8000-000000000010',
  partnerId: GLOBEX,
  status: 'SUBMITTED',
  filledCount: 3,
  submittedAt: '2025-03-02T09:00:00.000Z',
});
const renderDetail = (url = `/partner-forms/${submitted.id}`) => renderInAdmin(<PartnerFormDetailPage />, { url, path: '/partner-forms/:id' });

let downloads: string[] = [];
beforeEach(() => {
  downloads = [];
  URL.createObjectURL = vi.fn(() => 'blob:test/1');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push(this.download);
  });
});
afterEach(() => vi.restoreAllMocks());

/** An admin on the submitted form's page, its reopen dialog open. */
async function openReopenDialog() {
  const user = userEvent.setup();
  signInAs('admin');
  usePartnerFormsApi([submitted]);
  renderDetail();
  await screen.findByTestId('partner-form-reading', {}, LOAD);
  await user.click(screen.getByTestId('partner-form-action-reopen'));
  return { user, dialog: within(await screen.findByTestId('partner-form-reopen-dialog')) };
}

describe('staff reading a partner form', { timeout: 30_000 }, () => {
  it('reads a submission section by section, read-only, and downloads an answered file', async () => {
    const user = userEvent.setup();
    signInAs('admin');
    usePartnerFormsApi([submitted]);
    renderDetail();
    const reading = await screen.findByTestId('partner-form-reading', {}, LOAD);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Company profile (v1)');
    expect(within(screen.getByTestId('partner-form-detail')).getByTestId('partner-form-status')).toHaveTextContent('Submitted');
    const tabs = within(reading).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Company (2/2)', 'Documents (1/1)']);
    const section = within(screen.getByTestId('partner-form-section'));
    expect(section.getByDisplayValue('031234567')).toHaveAttribute('readonly');

    await user.click(tabs[1]);
    await waitFor(() => expect(screen.getByTestId('partner-form-section')).toHaveTextContent('Business licence'));
    await user.click(within(screen.getByTestId('partner-form-section')).getByRole('button', { name: 'licence.pdf' }));
    await waitFor(() => expect(downloads).toEqual(['licence.pdf']));
    expect(partnerFormsMock.sent.some((s) => s.path === `/api/v1/partner-forms/${submitted.id}/files/file-1`)).toBe(true);
  });

  it('opens a file answer from the review: the reviewer downloads the licence where they decide on it', async () => {
    const user = userEvent.setup();
    signInAs('admin');
    usePartnerFormsApi([submitted]);
    renderDetail();
    const review = within(await screen.findByTestId('review-form', {}, LOAD));
    const licence = within(review.getByText('Business licence').closest('li')!);
    await user.click(await licence.findByRole('button', { name: 'licence.pdf' }));
    await waitFor(() => expect(downloads).toEqual(['licence.pdf']));
    expect(partnerFormsMock.sent.some((s) => s.path === `/api/v1/partner-forms/${submitted.id}/files/file-1`)).toBe(true);
  });

  it('after "Return for changes", focus moves to the review history’s heading and the return is announced', async () => {
    const user = userEvent.setup();
    signInAs('admin');
    usePartnerFormsApi([submitted]);
    const rounds: PartnerFormReviewRoundDto[] = [];
    server.use(
      http.get('/api/v1/partner-forms/:id/reviews', () => ok(rounds)),
      http.post('/api/v1/partner-forms/:id/review', async ({ request }) => {
        const body = (await request.json()) as { note: string; flags: Record<string, string> };
        const row = partnerFormsMock.rows[0];
        Object.assign(row, {
          status: 'OPEN',
          updatedAt: '2025-03-03T09:00:00.000Z',
          review: { round: 1, state: 'returned', note: body.note, flags: { taxNumber: { comment: body.flags.taxNumber } } },
        });
        rounds.push({
          round: 1,
          outcome: 'returned',
          formId: row.formId,
          formVersionNumber: 1,
          reviewerName: 'Ada Admin',
          note: body.note,
          decisions: { taxNumber: { decision: 'flagged', comment: body.flags.taxNumber } },
          answers: {},
          createdAt: '2025-03-03T09:00:00.000Z',
          resubmittedAt: null,
          changes: null,
        });
        return ok(row);
      }),
    );
    renderDetail();
    const review = within(await screen.findByTestId('review-form', {}, LOAD));
    const taxNumber = within(review.getByText('Tax number').closest('li')!);
    await user.click(taxNumber.getByRole('button', { name: 'Flag' }));
    await user.type(taxNumber.getByRole('textbox', { name: /What should change/ }), 'Ten digits, please');
    await user.click(review.getByRole('button', { name: 'Return for changes' }));
    await waitFor(() => expect(screen.queryByTestId('review-form')).toBeNull(), LOAD);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Review history' })));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Returned to the partner: 1 flagged question reopened.'));
  });

  it('offers "Skip to the review" at the second Tab, landing on the first question’s Flag', async () => {
    const user = userEvent.setup();
    signInAs('admin');
    usePartnerFormsApi([submitted]);
    renderInAdmin(
      <SkipLink>
        <PartnerFormDetailPage />
      </SkipLink>,
      { url: `/partner-forms/${submitted.id}`, path: '/partner-forms/:id' },
    );
    const review = within(await screen.findByTestId('review-form', {}, LOAD));
    (document.activeElement as HTMLElement | null)?.blur();
    await user.tab();
    expect(document.activeElement).toHaveAccessibleName('Skip to main content');
    await user.tab();
    expect(document.activeElement).toHaveAccessibleName('Skip to the review');
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(within(review.getByText('Company name').closest('li')!).getByRole('button', { name: 'Flag' }));
  });

  it('reopens a submission with a note and a comment on one question, sending exactly those', async () => {
    const { user, dialog } = await openReopenDialog();
    await user.click(dialog.getByTestId('status-note'));
    await user.paste('Please check the tax number');
    await user.click(await dialog.findByTestId('comment-add'));
    await user.click(dialog.getByRole('combobox', { name: 'Question' }));
    await user.click(await screen.findByRole('option', { name: 'Company › Tax number' }));
    await user.click(dialog.getByTestId('comment-text'));
    await user.paste('The tax number is missing a digit');
    await user.click(dialog.getByTestId('status-submit'));

    await waitFor(() => expect(screen.queryByTestId('partner-form-reopen-dialog')).not.toBeInTheDocument());
    expect(bodiesSentTo(`/api/v1/partner-forms/${submitted.id}/reopen`)).toEqual([
      { note: 'Please check the tax number', comments: { taxNumber: 'The tax number is missing a digit' } },
    ]);
    // The comment shows beside its question once the partner form is read again.
    await waitFor(() => expect(screen.getByTestId('partner-form-section')).toHaveTextContent('The tax number is missing a digit'));
  });

  it('refuses to reopen without a note or with a comment that names no question', async () => {
    const { user, dialog } = await openReopenDialog();
    await user.click(await dialog.findByTestId('comment-add'));
    await user.click(dialog.getByTestId('comment-text'));
    await user.paste('Orphan comment');
    await user.click(dialog.getByTestId('status-submit'));
    expect(dialog.getByText('Write a note')).toBeInTheDocument();
    expect(dialog.getByText('Choose the question')).toBeInTheDocument();
    expect(bodiesSentTo(`/api/v1/partner-forms/${submitted.id}/reopen`)).toEqual([]);
  });

  it('shows Support the reading without lock, unlock, reopen or version actions', async () => {
    signInAsSupport();
    usePartnerFormsApi([{ ...submitted, outdated: true }]);
    renderDetail();
    await screen.findByTestId('partner-form-reading', {}, LOAD);
    expect(screen.queryByRole('button', { name: /Lock|Unlock|Reopen|Newer version/ })).not.toBeInTheDocument();
    expect(screen.getByTestId('partner-form-outdated')).toBeInTheDocument();
  });

  it('says so when the partner form does not exist', async () => {
    signInAs('admin');
    usePartnerFormsApi([]);
    renderDetail('/partner-forms/p0000000-0000-4000-8000-000000000099');
    expect(await screen.findByTestId('partner-form-not-found', {}, LOAD)).toHaveTextContent('Sorry, data not found!');
  });
});
