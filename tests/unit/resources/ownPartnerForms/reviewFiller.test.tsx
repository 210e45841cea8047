import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { LOAD } from '../../renderWithRouter';
import { FORM_ID, mockPartnerForms } from './partnerFormsMock';
import { renderFiller } from './renderFiller';

const currentPath = () => screen.getByTestId('current-path').textContent;
const focusedQuestion = () => document.activeElement?.closest('[data-question-key]')?.getAttribute('data-question-key');

/** Returned for changes with the tax number (section Company) and the IBAN (section Bank) flagged. */
const returned = () =>
  mockPartnerForms({
    answers: { name: 'Acme', tax: '012345678', hasBank: true, iban: 'VN00' },
    comments: { iban: 'This IBAN is not Vietnamese', tax: 'A digit is missing' },
    review: {
      round: 1,
      state: 'returned',
      note: 'Two answers to fix',
      flags: { iban: { comment: 'This IBAN is not Vietnamese' }, tax: { comment: 'A digit is missing' } },
    },
  });

// jsdom lays nothing out: scrolling to a question is a no-op here.
beforeAll(() => {
  Element.prototype.scrollIntoView = vi.fn();
});

describe('the filler of a form returned for changes', () => {
  it('lands on the first flagged question, shows the note and a marker on each flagged section and question', async () => {
    returned();
    renderFiller('bank');
    await waitFor(() => expect(currentPath()).toBe(`/forms/${FORM_ID}/sections/company`), LOAD);
    await waitFor(() => expect(focusedQuestion()).toBe('tax'), LOAD);
    const banner = screen.getByTestId('review-banner');
    expect(banner).toHaveTextContent('Two answers to fix');
    expect(banner).toHaveTextContent('2 questions are marked for changes: only those can be changed.');
    const stepper = screen.getByRole('navigation', { name: 'Sections' });
    expect(within(stepper).getByRole('button', { name: /1\. Company .*1 to change/ })).toBeInTheDocument();
    expect(within(stepper).getByRole('button', { name: /2\. Bank .*1 to change/ })).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('Marked for changesA digit is missing');
    // Only flagged questions take answers.
    expect(screen.getByRole('textbox', { name: /Company name/ })).toHaveAttribute('readonly');
    expect(screen.getByRole('textbox', { name: /Tax number/ })).not.toHaveAttribute('readonly');
  });

  it('shows an unflagged text answer as read-only (muted text on a grey fill, dashed border) and a flagged one as editable', async () => {
    returned();
    renderFiller('company');
    await waitFor(() => expect(focusedQuestion()).toBe('tax'), LOAD);
    const box = (name: RegExp) => screen.getByRole('textbox', { name }).closest('.MuiInputBase-root')!;
    const locked = box(/Company name/);
    expect(locked).toHaveClass('Mui-readOnly');
    expect(getComputedStyle(locked).color).toBe('rgba(0, 0, 0, 0.6)');
    expect(getComputedStyle(locked).backgroundColor).toBe('rgba(0, 0, 0, 0.04)');
    expect(getComputedStyle(locked.querySelector('fieldset')!).borderStyle).toBe('dashed');
    const open = box(/Tax number/);
    expect(open).not.toHaveClass('Mui-readOnly');
    expect(getComputedStyle(open).backgroundColor).not.toBe('rgba(0, 0, 0, 0.04)');
    expect(getComputedStyle(open.querySelector('fieldset')!).borderStyle).not.toBe('dashed');
  });

  it('steps to the next flagged question in the next section and back, focused', async () => {
    const user = userEvent.setup();
    returned();
    renderFiller('company');
    await waitFor(() => expect(focusedQuestion()).toBe('tax'), LOAD);
    await user.click(screen.getByRole('button', { name: 'Next marked question' }));
    await waitFor(() => expect(currentPath()).toBe(`/forms/${FORM_ID}/sections/bank`));
    await waitFor(() => expect(focusedQuestion()).toBe('iban'));
    expect(screen.getByTestId('review-position')).toHaveTextContent('Marked question 2 of 2');
    await user.click(screen.getByRole('button', { name: 'Previous marked question' }));
    await waitFor(() => expect(currentPath()).toBe(`/forms/${FORM_ID}/sections/company`));
    await waitFor(() => expect(focusedQuestion()).toBe('tax'));
  });

  it('a form without a returned review shows no banner and takes every answer', async () => {
    mockPartnerForms({ answers: { name: 'Acme' }, comments: { tax: 'A digit is missing' } });
    renderFiller('company');
    expect(await screen.findByRole('textbox', { name: /Company name/ }, LOAD)).not.toHaveAttribute('readonly');
    expect(screen.queryByTestId('review-banner')).not.toBeInTheDocument();
  });
});
