import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { failed } from '../../../../mocks/envelopes';
import { server } from '../../../../mocks/server';
import { LOAD } from '../../renderWithRouter';
import { FORM_ID, mockPartnerForms } from './partnerFormsMock';
import { renderFiller, storedUnsent, unsentKey } from './renderFiller';

const textbox = (name: string | RegExp) => screen.findByRole('textbox', { name }, LOAD);
const currentPath = () => screen.getByTestId('current-path').textContent;

describe('the section filler', () => {
  it('shows one section with a stepper of every section and its completeness', async () => {
    mockPartnerForms({ answers: { name: 'Acme' } });
    renderFiller('company');
    expect(await screen.findByRole('heading', { name: 'Supplier onboarding' }, LOAD)).toBeInTheDocument();
    const stepper = screen.getByRole('navigation', { name: 'Sections' });
    expect(within(stepper).getByRole('button', { name: /1\. Company 1\/2 answered/ })).toHaveAttribute('aria-current', 'step');
    expect(within(stepper).getByRole('button', { name: /2\. Bank 0\/1 answered/ })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('textbox', { name: /Company name/ })).toHaveValue('Acme');
    expect(screen.queryByRole('textbox', { name: /IBAN/ })).not.toBeInTheDocument();
  });

  it('Save Draft keeps an invalid answer and says so', async () => {
    const user = userEvent.setup();
    const api = mockPartnerForms();
    renderFiller('company');
    await user.type(await textbox(/Company name/), 'Acme');
    await user.type(screen.getByRole('textbox', { name: /Tax number/ }), '123');
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    expect(await screen.findByText(/Draft saved, including 1 answer that does not pass its check yet/)).toBeInTheDocument();
    expect(api.answers).toMatchObject({ name: 'Acme', tax: '123' });
    expect(screen.getByRole('textbox', { name: /Tax number/ })).toHaveValue('123');
    expect(screen.getByRole('textbox', { name: /Tax number/ })).toHaveAccessibleDescription('A tax number has ten digits');
    expect(storedUnsent()).toBeNull();
  });

  it('Submit with an error says so and takes the partner to the first error, focused', async () => {
    const user = userEvent.setup();
    const api = mockPartnerForms({ answers: { name: 'Acme', hasBank: false } });
    renderFiller('bank');
    await screen.findByRole('radio', { name: 'No' }, LOAD);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please fix all validation errors before submitting.')).toBeInTheDocument();
    await waitFor(() => expect(currentPath()).toBe(`/forms/${FORM_ID}/sections/company`));
    const tax = await textbox(/Tax number/);
    await waitFor(() => expect(tax).toHaveFocus());
    expect(tax).toHaveAccessibleDescription('This field is required');
    expect(api.submits).toHaveLength(0);
    expect(within(screen.getByRole('navigation', { name: 'Sections' })).getByRole('button', { name: /Company .*1 error/ })).toBeInTheDocument();
  });

  it("shows the server's refusal of a Submit the same way, beside its question", async () => {
    const user = userEvent.setup();
    const api = mockPartnerForms({ answers: { name: 'Acme', tax: '0312345678', hasBank: true, iban: 'VN12' } });
    server.use(
      http.post('/api/v1/partner-forms/:id/submit', () =>
        failed(400, 'Please fix all validation errors before submitting.', [{ field: 'iban', message: 'This IBAN is unknown' }]),
      ),
    );
    renderFiller('company');
    await textbox(/Company name/);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(currentPath()).toBe(`/forms/${FORM_ID}/sections/bank`));
    const iban = await textbox(/IBAN/);
    await waitFor(() => expect(iban).toHaveFocus());
    expect(iban).toHaveAccessibleDescription('This IBAN is unknown');
    expect(screen.getByText('Please fix all validation errors before submitting.')).toBeInTheDocument();
    expect(api.status).toBe('OPEN');
    await user.type(iban, '34');
    expect(iban).not.toHaveAccessibleDescription('This IBAN is unknown');
  });

  it('is read-only after Submit', async () => {
    const user = userEvent.setup();
    const api = mockPartnerForms({ answers: { name: 'Acme', tax: '0312345678', hasBank: false } });
    renderFiller('company');
    await user.type(await textbox(/Company name/), ' Ltd');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Form submitted. Thank you!')).toBeInTheDocument();
    expect(api.status).toBe('SUBMITTED');
    expect(api.answers.name).toBe('Acme Ltd');
    expect(screen.getByText('This form was submitted and can no longer be changed.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Company name/ })).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Save Draft' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
    expect(storedUnsent()).toBeNull();
  });

  it('keeps answers typed offline on this device and sends them when the connection returns', async () => {
    const user = userEvent.setup();
    const api = mockPartnerForms();
    api.failSaves = 'network';
    renderFiller('company');
    await user.type(await textbox(/Company name/), 'Acme');
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    expect(
      await screen.findByText('You are offline. Your answers are kept on this device and sent when the connection returns.', {}, LOAD),
    ).toBeInTheDocument();
    expect(storedUnsent()).toEqual({ name: 'Acme' });
    expect(api.saves).toHaveLength(0);
    api.failSaves = null;
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(api.saves).toEqual([{ name: 'Acme' }]));
    expect(await screen.findByText('All changes saved')).toBeInTheDocument();
    expect(storedUnsent()).toBeNull();
  });

  it('sends the answers a previous visit left unsent on the next load', async () => {
    const api = mockPartnerForms({ answers: { name: 'Old name' } });
    localStorage.setItem(unsentKey, JSON.stringify({ answers: { name: 'Typed offline', ghost: 'a question this form lacks' } }));
    renderFiller('company');
    expect(await textbox(/Company name/)).toHaveValue('Typed offline');
    await waitFor(() => expect(api.saves).toEqual([{ name: 'Typed offline' }]));
    await waitFor(() => expect(storedUnsent()).toBeNull());
  });

  it('leaves answers typed before staff locked the form stored for when it is reopened', async () => {
    const api = mockPartnerForms({ answers: { name: 'Saved' }, status: 'LOCKED' });
    localStorage.setItem(unsentKey, JSON.stringify({ answers: { name: 'Typed before the lock' } }));
    renderFiller('company');
    expect(await textbox(/Company name/)).toHaveValue('Saved');
    expect(screen.getByText('This form is locked by staff and cannot be changed for now.')).toBeInTheDocument();
    expect(storedUnsent()).toEqual({ name: 'Typed before the lock' });
    expect(api.saves).toHaveLength(0);
  });

  it('says "Failed to update form." when a save fails, and keeps what was typed', async () => {
    const user = userEvent.setup();
    const api = mockPartnerForms();
    api.failSaves = 'error';
    renderFiller('company');
    await user.type(await textbox(/Company name/), 'Acme');
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to update form.');
    expect(screen.getByRole('textbox', { name: /Company name/ })).toHaveValue('Acme');
    expect(storedUnsent()).toEqual({ name: 'Acme' });
  });

  it('saves when the partner moves to another section (shown from its top) and when the page is hidden', async () => {
    const user = userEvent.setup();
    const api = mockPartnerForms();
    renderFiller('company');
    await user.type(await textbox(/Company name/), 'Acme');
    const scrolled = vi.spyOn(window, 'scrollTo');
    await user.click(screen.getByRole('button', { name: 'Next section' }));
    await waitFor(() => expect(api.saves).toEqual([{ name: 'Acme' }]));
    expect(currentPath()).toBe(`/forms/${FORM_ID}/sections/bank`);
    expect(scrolled).toHaveBeenCalledWith(0, 0);
    await user.click(await screen.findByRole('radio', { name: 'Yes' }));
    expect(await textbox(/IBAN/)).toBeInTheDocument();
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    fireEvent(document, new Event('visibilitychange'));
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    await waitFor(() => expect(api.saves).toEqual([{ name: 'Acme' }, { hasBank: true }]));
  });

  it('shows staff comments beside their question', async () => {
    // jsdom lays nothing out: opening at the commented question scrolls to it.
    Element.prototype.scrollIntoView = vi.fn();
    mockPartnerForms({ answers: { name: 'Acme' }, comments: { tax: 'The tax number is missing a digit' } });
    renderFiller('company');
    const comment = await screen.findByText(/The tax number is missing a digit/, { selector: '[data-question-key="tax"] [role="note"] *' }, LOAD);
    expect(comment).toBeInTheDocument();
  });

  it('says "Sorry, data not found!" for a missing or foreign partner form', async () => {
    mockPartnerForms();
    renderFiller('company', '00000000-0000-4000-a000-00000000dead');
    expect(await screen.findByRole('heading', { name: 'Sorry, data not found!' }, LOAD)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All forms' })).toHaveAttribute('href', '/forms');
  });
});
