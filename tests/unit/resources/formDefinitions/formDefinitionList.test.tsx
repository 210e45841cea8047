import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import FormDefinitionListPage from '../../../../src/resources/formDefinitions/FormDefinitionListPage';
import { signInAs } from '../../sessionFixtures';
import { renderWithAdmin } from '../../tickets/renderTickets';
import { formRow, mockFormsApi } from './formsApiMock';

const names = () => screen.queryAllByTestId('form-row-name').map((name) => name.textContent);

describe('the form configuration list', () => {
  it('shows each state with its count and lists only the versions in the chosen state', async () => {
    const user = userEvent.setup();
    signInAs('admin');
    const api = mockFormsApi({
      forms: [
        formRow(1, { name: 'Company profile', status: 'Ready', versionNumber: 2 }),
        formRow(2, { name: 'Company profile', status: 'Editing', versionNumber: 3 }),
        formRow(3, { name: 'Bank details', status: 'Ready' }),
        formRow(4, { name: 'Company profile', status: 'Outdate' }),
      ],
    });
    renderWithAdmin(<FormDefinitionListPage />);
    await waitFor(() => expect(names()).toHaveLength(4));
    expect(await screen.findByTestId('form-status-tab-all')).toHaveTextContent('All (4)');
    expect(screen.getByTestId('form-status-tab-Editing')).toHaveTextContent('Editing (1)');
    expect(screen.getByTestId('form-status-tab-Ready')).toHaveTextContent('Ready (2)');
    expect(screen.getByTestId('form-status-tab-Outdate')).toHaveTextContent('Outdate (1)');

    await user.click(screen.getByTestId('form-status-tab-Ready'));
    await waitFor(() => expect(names()).toEqual(['Company profile', 'Bank details']));
    expect(api.searches.at(-1)).toMatchObject({ status: 'Ready' });
    expect(screen.getAllByTestId('form-status').map((chip) => chip.getAttribute('data-status'))).toEqual(['Ready', 'Ready']);
    const first = screen.getAllByTestId('form-row')[0];
    expect(within(first).getByText('Version 2')).toBeInTheDocument();
    expect(within(first).getByTestId('form-row-fields')).toHaveTextContent('3 fields, 1 required');
    expect(first).toHaveAttribute('href', '/form-config/00000000-0000-4000-f000-000000000001');
  });

  it('searches by keyword within the chosen state', async () => {
    const user = userEvent.setup();
    signInAs('admin');
    const api = mockFormsApi({ forms: [formRow(1, { name: 'Company profile' }), formRow(2, { name: 'Bank details' })] });
    renderWithAdmin(<FormDefinitionListPage />);
    await waitFor(() => expect(names()).toHaveLength(2));
    await user.type(screen.getByTestId('form-search'), 'bank');
    await waitFor(() => expect(names()).toEqual(['Bank details']));
    expect(api.searches.at(-1)).toMatchObject({ advancedSearch: { keyword: 'bank' } });
    await user.clear(screen.getByTestId('form-search'));
    await user.type(screen.getByTestId('form-search'), 'nothing like it');
    expect(await screen.findByTestId('form-list-empty')).toHaveTextContent('No form matches this search.');
  });

  it('creates a form from its name, description, type and note and opens it in the editor', async () => {
    const user = userEvent.setup();
    signInAs('admin');
    const api = mockFormsApi({ forms: [formRow(1, { name: 'Company profile' })] });
    renderWithAdmin(<FormDefinitionListPage />, { path: '/form-config', url: '/form-config' });
    await user.click(await screen.findByTestId('form-new'));
    await user.click(screen.getByTestId('form-create-submit'));
    expect(screen.getByTestId('form-name')).toHaveAttribute('aria-invalid', 'true');
    expect(api.writes).toEqual([]);
    await user.type(screen.getByTestId('form-name'), 'Company profile');
    await user.type(screen.getByTestId('form-type'), 'KYC');
    await user.click(screen.getByTestId('form-create-submit'));
    expect(await screen.findByText('This name is taken')).toBeInTheDocument();
    await user.type(screen.getByTestId('form-name'), ' 2');
    await user.click(screen.getByTestId('form-create-submit'));
    await waitFor(() => expect(screen.getByTestId('current-path')).toHaveTextContent('/form-config/00000000-0000-4000-f000-000000000002'));
    expect(api.writes.at(-1)?.body).toEqual({ name: 'Company profile 2', description: '', type: 'KYC', note: '' });
  });
});
