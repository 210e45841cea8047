import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import OwnPartnerFormListPage from '../../../../src/resources/ownPartnerForms/OwnPartnerFormListPage';
import { LOAD } from '../../renderWithRouter';
import { signInAs } from '../../sessionFixtures';
import { renderWithAdmin } from '../../tickets/renderTickets';
import { FORM_ID, mockPartnerForms } from './partnerFormsMock';

const renderList = () => {
  signInAs('partner');
  return renderWithAdmin(<OwnPartnerFormListPage />, { url: '/forms', path: '/forms' });
};

describe("the partner's forms list", () => {
  it('lists each partner form with its progress, required count, note and status, filtered by status', async () => {
    const user = userEvent.setup();
    mockPartnerForms({ answers: { name: 'Acme' } });
    renderList();
    // The row is the list item; its button covers it and is named after the form alone.
    const row = (await screen.findByRole('button', { name: 'Open Supplier onboarding' }, LOAD)).closest('li')!;
    expect(row).toHaveTextContent('1 of 3 answered');
    expect(row).toHaveTextContent('3 required');
    expect(row).toHaveTextContent('Please complete by Friday');
    expect(row).toHaveTextContent('Version 2');
    expect(within(row).getByText('Open')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Submitted' }));
    expect(await screen.findByText('Nothing matches')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Open' }));
    expect(await screen.findByRole('button', { name: 'Open Supplier onboarding' })).toBeInTheDocument();
  });

  it('opens a partner form at its first unfinished section', async () => {
    const user = userEvent.setup();
    mockPartnerForms({ answers: { name: 'Acme', tax: '0312345678' } });
    renderList();
    await user.click(await screen.findByRole('button', { name: 'Open Supplier onboarding' }, LOAD));
    await waitFor(() => expect(screen.getByTestId('current-path')).toHaveTextContent(`/forms/${FORM_ID}/sections/bank`));
  });
});
