import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../mocks/handlers';
import { permission, type Action } from '../../../contract/permissions';
import { savePermissions } from '../../../src/providers/session/sessionStorage';
import partners from '../../../src/resources/partners/partnerTable';
import { signInAs } from '../sessionFixtures';
import { LOAD } from '../renderWithRouter';
import { renderEntityScreen, rows } from './renderEntityTable';

const partnerPermissions = (...actions: Action[]) => actions.map((action) => permission('Partners', action));
const searches = () => mockApi.requests.filter((r) => r.path === '/api/v1/partners/search');

describe('entity table toolbar', () => {
  it('shows the add button only to a user holding Create', async () => {
    signInAs('admin');
    savePermissions(partnerPermissions('View', 'Search', 'Update'));
    const { unmount } = renderEntityScreen(partners);
    await waitFor(() => expect(rows()).toHaveLength(3), LOAD);
    expect(screen.queryByTestId('entity-add')).not.toBeInTheDocument();
    unmount();

    savePermissions(partnerPermissions('View', 'Search', 'Create'));
    renderEntityScreen(partners);
    expect(await screen.findByTestId('entity-add', {}, LOAD)).toHaveTextContent('Add');
  });

  it('shows export only to a user holding Export', async () => {
    signInAs('admin');
    savePermissions(partnerPermissions('Search', 'Create'));
    const { unmount } = renderEntityScreen(partners);
    await waitFor(() => expect(rows()).toHaveLength(3), LOAD);
    expect(screen.queryByTestId('entity-export')).not.toBeInTheDocument();
    unmount();

    savePermissions(partnerPermissions('Search', 'Export'));
    renderEntityScreen(partners);
    expect(await screen.findByTestId('entity-export', {}, LOAD)).toBeInTheDocument();
  });

  it('reloads the list with the reload button', async () => {
    const user = userEvent.setup();
    signInAs('admin');
    renderEntityScreen(partners);
    await waitFor(() => expect(rows()).toHaveLength(3), LOAD);
    const before = searches().length;
    await user.click(screen.getByTestId('entity-reload'));
    await waitFor(() => expect(searches().length).toBe(before + 1));
  });

  it('searches by keyword and by the advanced-search fields', async () => {
    const user = userEvent.setup();
    signInAs('admin');
    renderEntityScreen(partners);
    await waitFor(() => expect(rows()).toHaveLength(3), LOAD);
    await user.type(screen.getByTestId('entity-keyword'), 'globex{Enter}');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(searches().at(-1)?.body).toMatchObject({ pageNumber: 1, pageSize: 10, orderBy: ['name asc'], advancedSearch: { keyword: 'globex' } });

    await user.click(screen.getByTestId('entity-filters-toggle'));
    await user.type(screen.getByRole('textbox', { name: 'Phone' }), '0002');
    await user.click(screen.getByTestId('entity-filters-apply'));
    await waitFor(() => expect(searches().at(-1)?.body).toMatchObject({ phone: '0002', advancedSearch: { keyword: 'globex' } }));
    // The count of filters set is in the toggle's name, its dot shows no number (text the name would have to contain as written).
    const toggle = screen.getByTestId('entity-filters-toggle');
    expect(toggle).toHaveAccessibleName('Advanced search (1 filter set)');
    expect(toggle).toHaveTextContent(/^$/);
    expect(screen.getByTestId('entity-filters-set')).toBeInTheDocument();
  });
});
