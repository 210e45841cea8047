import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adminMock } from '../../../mocks/adminApi';
import users from '../../../src/resources/users/userTable';
import { EntityTableScreen } from '../../../src/entityTable/EntityTableScreen';
import { renderInAdmin, rowOf, rows } from '../entityTable/renderEntityTable';
import { LOAD } from '../renderWithRouter';
import { signInAs } from '../sessionFixtures';

const renderUsers = (language: 'en' | 'vi' = 'en') =>
  renderInAdmin(<EntityTableScreen resource={users} basePath="/user-management" />, { url: '/user-management', path: '/user-management/:id?', language });

async function openEditOf(name: string) {
  await waitFor(() => expect(rows()).toHaveLength(2), LOAD);
  const user = userEvent.setup();
  await user.click(within(rowOf(name)).getByTestId('row-actions'));
  await user.click(await screen.findByRole('menuitem', { name: /^(Edit|Chỉnh sửa)$/ }));
  return { user, dialog: within(await screen.findByTestId('entity-form-dialog')) };
}

describe("a user's bouncing address in the edit dialog", () => {
  it('says mail to the address bounces and since when, and sends mail again with a button', async () => {
    const binh = adminMock.users.find((u) => u.firstName === 'Bình')!;
    binh.mailBouncedAt = new Date(Date.now() - 60_000).toISOString();
    signInAs('admin');
    renderUsers();
    const { user, dialog } = await openEditOf('Bình Trần');
    expect(dialog.getByTestId('user-mail-bounce-notice')).toHaveTextContent(`Mail to ${binh.email} bounces since`);
    await user.click(dialog.getByRole('button', { name: 'Send mail again' }));
    expect(await screen.findByText('Mail to this user will be sent again')).toBeInTheDocument();
    await waitFor(() => expect(dialog.queryByTestId('user-mail-bounce-notice')).not.toBeInTheDocument());
    expect(binh.mailBouncedAt).toBeNull();
  });

  it('says so in Vietnamese', async () => {
    adminMock.users.find((u) => u.firstName === 'Bình')!.mailBouncedAt = new Date().toISOString();
    signInAs('admin');
    renderUsers('vi');
    const { dialog } = await openEditOf('Bình Trần');
    expect(dialog.getByTestId('user-mail-bounce-notice')).toHaveTextContent('bị trả lại từ');
    expect(dialog.getByRole('button', { name: 'Gửi email lại' })).toBeInTheDocument();
  });

  it('says nothing for an address that does not bounce', async () => {
    signInAs('admin');
    renderUsers();
    const { dialog } = await openEditOf('Alice Nguyễn');
    expect(dialog.getByLabelText(/First name/)).toBeInTheDocument();
    expect(dialog.queryByTestId('user-mail-bounce-notice')).not.toBeInTheDocument();
  });
});
