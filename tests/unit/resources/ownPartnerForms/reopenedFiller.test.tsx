import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Language } from '../../../../contract/http';
import { LOAD } from '../../renderWithRouter';
import { FORM_ID, mockPartnerForms } from './partnerFormsMock';
import { renderFiller } from './renderFiller';

const currentPath = () => screen.getByTestId('current-path').textContent;
const focusedQuestion = () => document.activeElement?.closest('[data-question-key]')?.getAttribute('data-question-key');

let scrolledTo: (string | null | undefined)[];
// jsdom lays nothing out: record which question the filler scrolls to.
beforeEach(() => {
  scrolledTo = [];
  Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
    scrolledTo.push(this.getAttribute('data-question-key'));
  });
});

/** Reopened by staff with a note and a comment on the IBAN (section Bank), not a per-question review. */
const reopened = () =>
  mockPartnerForms({
    answers: { name: 'Acme', tax: '012345678', hasBank: true, iban: 'VN00' },
    comments: { iban: 'The bank code is missing' },
    note: 'Please check your IBAN',
  });

const NOTE_TITLE: Record<Language, string> = { en: 'Note from staff', vi: 'Ghi chú từ nhân viên' };

describe('the filler of a form reopened with a note', () => {
  for (const language of ['en', 'vi'] as const)
    it(`shows the note at the top and opens at the commented question, in ${language}`, async () => {
      reopened();
      renderFiller('company', FORM_ID, language);
      await waitFor(() => expect(currentPath()).toBe(`/forms/${FORM_ID}/sections/bank`), LOAD);
      await waitFor(() => expect(focusedQuestion()).toBe('iban'), LOAD);
      expect(scrolledTo).toEqual(['iban']);
      const note = screen.getByTestId('filler-note');
      expect(note).toHaveTextContent(`${NOTE_TITLE[language]}Please check your IBAN`);
      expect(screen.getByRole('textbox', { name: /IBAN/ })).not.toHaveAttribute('readonly');
      expect(screen.queryByTestId('review-banner')).not.toBeInTheDocument();
    });

  it('a form without comments opens where asked, its note still at the top', async () => {
    mockPartnerForms({ answers: { name: 'Acme' } });
    renderFiller('company');
    expect(await screen.findByTestId('filler-note', {}, LOAD)).toHaveTextContent('Please complete by Friday');
    expect(currentPath()).toBe(`/forms/${FORM_ID}/sections/company`);
    expect(scrolledTo).toEqual([]);
  });
});
