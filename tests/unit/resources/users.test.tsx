import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adminMock } from '../../../mocks/adminApi';
import { mockApi } from '../../../mocks/handlers';
import users from '../../../src/resources/users/userTable';
import { renderEntityScreen, rowOf, rows } from '../entityTable/renderEntityTable';
import { LOAD } from '../renderWithRouter';
import { signInAs } from '../sessionFixtures';

async function chooseAction(name: string, action: string) {
  const user = userEvent.setup();
  await user.click(within(rowOf(name)).getByTestId('row-actions'));
  await user.click(await screen.findByRole('menuitem', { name: action }));
}

const renderUsers = () => renderEntityScreen(users, { basePath: '/user-management' });

describe('users screen', () => {
  it('activates an inactive user from the row', async () => {
    signInAs('admin');
    renderUsers();
    await waitFor(() => expect(rows()).toHaveLength(2), LOAD);
    expect(within(rowOf('Bình Trần')).getByTestId('user-status')).toHaveTextContent('Inactive');
    await chooseAction('Bình Trần', 'Activate');
    await waitFor(() => expect(within(rowOf('Bình Trần')).getByTestId('user-status')).toHaveTextContent('Active'));
    expect(await screen.findByText('The user is active')).toBeInTheDocument();
  });

  it('sets the roles of a user with a switch per role', async () => {
    const user = userEvent.setup();
    signInAs('admin');
    renderUsers();
    await waitFor(() => expect(rows()).toHaveLength(2), LOAD);
    await chooseAction('Alice Nguyễn', 'Roles');
    const dialog = within(await screen.findByTestId('user-roles-dialog'));
    expect(dialog.getByRole('heading')).toHaveTextContent('Roles of Alice Nguyễn');
    await waitFor(() => expect(dialog.getByRole('switch', { name: 'PartnerAdmin' })).toBeChecked());
    expect(dialog.getByRole('switch', { name: 'Support' })).not.toBeChecked();
    await user.click(dialog.getByRole('switch', { name: 'Support' }));
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByTestId('user-roles-dialog')).not.toBeInTheDocument());
    const alice = adminMock.users[0].id;
    expect(
      adminMock.userRoles
        .get(alice)
        ?.map((id) => adminMock.roles.find((r) => r.id === id)?.name)
        .sort(),
    ).toEqual(['PartnerAdmin', 'Support']);
  });

  it('shows the audit trail as a timeline with the values before and after', async () => {
    signInAs('admin');
    renderUsers();
    await waitFor(() => expect(rows()).toHaveLength(2), LOAD);
    await chooseAction('Alice Nguyễn', 'Audit trail');
    const dialog = within(await screen.findByTestId('user-audit-dialog'));
    const entries = await dialog.findAllByTestId('audit-entry');
    expect(entries).toHaveLength(2);
    expect(entries[0]).toHaveTextContent('Updated');
    expect(entries[0]).toHaveTextContent('User account');
    expect(entries[0]).toHaveTextContent('by another user');
    const firstName = within(entries[0]).getByRole('row', { name: /firstName/ });
    expect(
      within(firstName)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['firstName', 'Alice', 'Alicia']);
    const phone = within(entries[0]).getByRole('row', { name: /phoneNumber/ });
    expect(
      within(phone)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['phoneNumber', '—', '+84 90 111 2222']);
    expect(entries[1]).toHaveTextContent('Created');
    expect(entries[1]).toHaveTextContent('Ticket');
    expect(entries[1]).toHaveTextContent('by this user');
  });

  it('registers a user with POST /users/register, picking a partner where deleted ones cannot be chosen', async () => {
    const user = userEvent.setup();
    signInAs('admin');
    mockApi.partners = [...mockApi.partners, { ...mockApi.partners[0], id: '00000000-0000-4000-9000-000000000009', name: 'Old Partner', deleted: true }];
    renderUsers();
    await waitFor(() => expect(rows()).toHaveLength(2), LOAD);
    await user.click(screen.getByTestId('entity-add'));
    const dialog = within(await screen.findByTestId('entity-form-dialog'));
    expect(dialog.getByRole('heading', { name: 'Create user' })).toBeInTheDocument();
    for (const [label, value] of [
      ['First name', 'Chi'],
      ['Last name', 'Phạm'],
      ['Email', 'chi@acme.example'],
    ]) {
      await user.click(dialog.getByRole('textbox', { name: label }));
      await user.paste(value);
    }
    await user.click(dialog.getByTestId('partner-picker'));
    const options = await screen.findAllByTestId('partner-option');
    const partnerSearch = mockApi.requests.filter((r) => r.path === '/api/v1/partners/search').at(-1);
    expect(partnerSearch?.body).toMatchObject({ pageNumber: 1, pageSize: 100, includeDeleted: true });
    expect(options.find((o) => o.textContent === 'Old Partner (deleted)')).toHaveAttribute('aria-disabled', 'true');
    await user.click(options.find((o) => o.textContent === 'Acme Logistics')!);

    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByTestId('entity-form-dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(within(rowOf('Chi Phạm')).getByTestId('user-status')).toHaveTextContent('Awaiting activation');
    expect(await screen.findByText('The user has been registered and an activation mail sent')).toBeInTheDocument();
  });
});
