import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import FormDefinitionListPage from '../../../../src/resources/formDefinitions/FormDefinitionListPage';
import { LOAD } from '../../renderWithRouter';
import { savePermissions } from '../../../../src/providers/session/sessionStorage';
import { signInAs } from '../../sessionFixtures';
import { renderWithAdmin } from '../../tickets/renderTickets';
import { mockFormsApi } from './formsApiMock';

describe('the form configuration list without forms', () => {
  it('says what comes next and offers the button that creates a form', async () => {
    const user = userEvent.setup();
    signInAs('admin');
    mockFormsApi({ forms: [] });
    renderWithAdmin(<FormDefinitionListPage />, { path: '/form-config', url: '/form-config' });
    const empty = await screen.findByTestId('form-list-empty', {}, LOAD);
    expect(empty).toHaveTextContent('No forms yet');
    await user.click(within(empty).getByRole('button', { name: 'New form' }));
    expect(await screen.findByTestId('form-create-submit')).toBeInTheDocument();
  });

  it('has no button for a reader who may not create forms', async () => {
    signInAs('admin');
    savePermissions(['Permissions.Form.View', 'Permissions.Form.Search']);
    mockFormsApi({ forms: [] });
    renderWithAdmin(<FormDefinitionListPage />, { path: '/form-config', url: '/form-config' });
    const empty = await screen.findByTestId('form-list-empty', {}, LOAD);
    expect(within(empty).queryByRole('button')).toBeNull();
  });
});
