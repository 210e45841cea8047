import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adminMock } from '../../../mocks/adminApi';
import { mockApi } from '../../../mocks/handlers';
import RolePermissionsPage from '../../../src/resources/roles/RolePermissionsPage';
import { MATRIX_ROWS } from '../../../src/resources/roles/permissionMatrix';
import { renderInAdmin } from '../entityTable/renderEntityTable';
import { LOAD } from '../renderWithRouter';
import { signInAs } from '../sessionFixtures';

const partnerRole = () => adminMock.roles.find((r) => r.name === 'Partner')!;
const renderPage = (roleId = partnerRole().id, language: 'en' | 'vi' = 'en') =>
  renderInAdmin(<RolePermissionsPage />, { url: `/roles/${roleId}/permissions`, path: '/roles/:id/permissions', language });
const partnersActions = MATRIX_ROWS.find((row) => row.resource === 'Partners')!.actions.length;
const switchOf = (key: string) => screen.getByTestId(`permission-${key}`).querySelector('input') as HTMLInputElement;

describe('role permission manager', () => {
  it('lists this product’s resources by action, with the role’s permissions on', async () => {
    signInAs('admin');
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Permissions of Partner' }, LOAD)).toBeInTheDocument();
    expect(screen.getAllByTestId(/^permission-row-/)).toHaveLength(MATRIX_ROWS.length);
    // Seven actions and the row's own toggle.
    expect(within(screen.getByTestId('permission-row-Partners')).getAllByRole('checkbox')).toHaveLength(8);
    expect(switchOf('Permissions.Tickets.Create')).toBeChecked();
    expect(switchOf('Permissions.Partners.View')).not.toBeChecked();
  });

  it('narrows the catalogue with the search box', async () => {
    const user = userEvent.setup();
    signInAs('admin');
    renderPage();
    await screen.findByTestId('permission-row-Partners', {}, LOAD);
    await user.type(screen.getByTestId('permission-search'), 'partner users');
    await waitFor(() => expect(screen.getAllByTestId(/^permission-row-/).map((g) => g.dataset.testid)).toEqual(['permission-row-PartnerUsers']));
  });

  it('finds an action by its Vietnamese name typed without accents', async () => {
    const user = userEvent.setup();
    signInAs('admin');
    renderPage(partnerRole().id, 'vi');
    await screen.findByTestId('permission-row-Partners', {}, LOAD);
    await user.type(screen.getByTestId('permission-search'), 'xuat file');
    // No resource is called that: only the Export column ("Xuất file") stays, in the rows that have it.
    await waitFor(() => expect(screen.getAllByRole('columnheader')).toHaveLength(2));
    expect(screen.getAllByTestId(/^permission-row-/)).toHaveLength(MATRIX_ROWS.filter((row) => row.actions.includes('Export')).length);
    expect(within(screen.getByTestId('permission-row-Partners')).getByRole('checkbox', { name: 'Đối tác: Xuất file' })).toBeInTheDocument();
  });

  it('previews the change, shows what it adds and removes and whom it affects, and saves only once confirmed', async () => {
    const user = userEvent.setup();
    signInAs('admin');
    renderPage();
    await screen.findByTestId('permission-row-Partners', {}, LOAD);
    await user.click(within(screen.getByTestId('permission-row-Partners')).getByRole('checkbox', { name: 'Select all permissions of Partners' }));
    expect(switchOf('Permissions.Partners.AdminView')).toBeChecked();
    await user.click(switchOf('Permissions.Tickets.Create'));
    expect(screen.getByTestId('permission-changed-count')).toHaveTextContent(`${partnersActions + 1} changes`);

    await user.click(screen.getByTestId('permission-save'));
    const dialog = within(await screen.findByTestId('permission-change-dialog'));
    expect(dialog.getByTestId('permission-change-added')).toHaveTextContent(`${partnersActions} permissions added`);
    expect(dialog.getByTestId('permission-change-added')).toHaveTextContent('Partners · Admin view');
    expect(dialog.getByTestId('permission-change-removed')).toHaveTextContent('Tickets · Create');
    expect(dialog.getByTestId('permission-change-affected')).toHaveTextContent('2 users hold this role and are affected.');
    expect(mockApi.requests.some((r) => r.method === 'PUT')).toBe(false);

    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Permissions saved')).toBeInTheDocument();
    const saved = adminMock.rolePermissions.get(partnerRole().id)!;
    expect(saved).toContain('Permissions.Partners.AdminView');
    expect(saved).not.toContain('Permissions.Tickets.Create');
    expect(screen.getByTestId('permission-changed-count')).toHaveTextContent('No changes');
  });

  it('says not found for an unknown role', async () => {
    signInAs('admin');
    renderPage('00000000-0000-4000-a000-0000000000ff');
    expect(await screen.findByTestId('not-found', {}, LOAD)).toHaveTextContent('Role not found');
  });
});
