import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adminMock } from '../../../mocks/adminApi';
import users from '../../../src/resources/users/userTable';
import { EntityTableScreen } from '../../../src/entityTable/EntityTableScreen';
import { renderInAdmin, rowOf, rows } from '../entityTable/renderEntityTable';
import { LOAD } from '../renderWithRouter';
import { signInAs } from '../sessionFixtures';
import { permission } from '../../../contract/permissions';
import { savePermissions } from '../../../src/providers/session/sessionStorage';

const renderUsers = (language: 'en' | 'vi' = 'en') =>
  renderInAdmin(<EntityTableScreen resource={users} basePath="/user-management" />, { url: '/user-management', path: '/user-management/:id?', language });

/** Bình's sign-in held until ten minutes from now. */
function holdBinh() {
  const binh = adminMock.users.find((u) => u.firstName === 'Bình')!;
  binh.heldUntil = new Date(Date.now() + 10 * 60_000).toISOString();
  return binh;
}

describe('sign-in holds on the users screen', () => {
  it('shows a held account in words with until when, and lifts the hold from the row menu by keyboard', async () => {
    const binh = holdBinh();
    signInAs('admin');
    renderUsers();
    await waitFor(() => expect(rows()).toHaveLength(2), LOAD);
    const chip = within(rowOf('Bình Trần')).getByTestId('user-held');
    const until = new Intl.DateTimeFormat('en-GB', { timeStyle: 'short' }).format(new Date(binh.heldUntil!));
    expect(chip).toHaveTextContent(`Sign-in held until ${until}`);
    expect(within(rowOf('Alice Nguyễn')).queryByTestId('user-held')).not.toBeInTheDocument();

    // A user not held has no such action.
    const user = userEvent.setup();
    await user.click(within(rowOf('Alice Nguyễn')).getByTestId('row-actions'));
    expect(await screen.findByRole('menuitem', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Lift sign-in hold' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');

    within(rowOf('Bình Trần')).getByTestId('row-actions').focus();
    await user.keyboard('{Enter}');
    const lift = await screen.findByRole('menuitem', { name: 'Lift sign-in hold' });
    lift.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('The sign-in hold has been lifted')).toBeInTheDocument();
    await waitFor(() => expect(within(rowOf('Bình Trần')).queryByTestId('user-held')).not.toBeInTheDocument());
    expect(binh.heldUntil).toBeNull();
  });

  it('the edit dialog says the sign-in is held and lifts it with a button', async () => {
    const binh = holdBinh();
    signInAs('admin');
    renderUsers();
    await waitFor(() => expect(rows()).toHaveLength(2), LOAD);
    const user = userEvent.setup();
    await user.click(within(rowOf('Bình Trần')).getByTestId('row-actions'));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = within(await screen.findByTestId('entity-form-dialog'));
    expect(dialog.getByTestId('user-held-notice')).toHaveTextContent('Sign-in to this account is held until');
    await user.click(dialog.getByRole('button', { name: 'Lift sign-in hold' }));
    expect(await screen.findByText('The sign-in hold has been lifted')).toBeInTheDocument();
    await waitFor(() => expect(dialog.queryByTestId('user-held-notice')).not.toBeInTheDocument());
    expect(binh.heldUntil).toBeNull();
  });

  it('in Vietnamese too', async () => {
    holdBinh();
    signInAs('admin');
    renderUsers('vi');
    await waitFor(() => expect(rows()).toHaveLength(2), LOAD);
    expect(within(rowOf('Bình Trần')).getByTestId('user-held')).toHaveTextContent('Tạm khóa đăng nhập đến');
    const user = userEvent.setup();
    await user.click(within(rowOf('Bình Trần')).getByTestId('row-actions'));
    expect(await screen.findByRole('menuitem', { name: 'Gỡ tạm khóa đăng nhập' })).toBeInTheDocument();
  });

  it('without the Update permission the hold shows, but nothing lifts it', async () => {
    holdBinh();
    signInAs('admin', undefined, { withPermissions: false });
    savePermissions([permission('Users', 'View'), permission('Users', 'Search'), permission('AuditTrails', 'View')]);
    renderUsers();
    await waitFor(() => expect(rows()).toHaveLength(2), LOAD);
    expect(within(rowOf('Bình Trần')).getByTestId('user-held')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(rowOf('Bình Trần')).getByTestId('row-actions'));
    expect(await screen.findByRole('menuitem', { name: 'Audit trail' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Lift sign-in hold' })).not.toBeInTheDocument();
  });
});
