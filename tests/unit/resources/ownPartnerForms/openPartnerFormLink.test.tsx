import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import OpenPartnerFormPage from '../../../../src/resources/ownPartnerForms/OpenPartnerFormPage';
import { LOAD } from '../../renderWithRouter';
import { signInAs } from '../../sessionFixtures';
import { renderWithAdmin } from '../../tickets/renderTickets';
import { FORM_ID, mockPartnerForms } from './partnerFormsMock';

describe("a partner form's link (/forms/{id})", { timeout: 20_000 }, () => {
  it('opens the form at its first unfinished section', async () => {
    mockPartnerForms({ answers: { name: 'Acme', tax: '0312345678' } });
    signInAs('partner');
    renderWithAdmin(<OpenPartnerFormPage />, { url: `/forms/${FORM_ID}`, path: '/forms/:partnerFormId' });
    await waitFor(() => expect(screen.getByTestId('current-path')).toHaveTextContent(`/forms/${FORM_ID}/sections/bank`), LOAD);
  });

  it('says the form could not be opened and leads to the list of forms when it is not there', async () => {
    mockPartnerForms();
    signInAs('partner');
    renderWithAdmin(<OpenPartnerFormPage />, { url: '/forms/00000000-0000-4000-a000-00000000dead', path: '/forms/:partnerFormId' });
    expect(await screen.findByText('This form could not be opened. Try again.', {}, LOAD)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forms' })).toHaveAttribute('href', '/forms');
  });
});
