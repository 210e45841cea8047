import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ProfileMenu } from '../../../src/layout/ProfileMenu';
import { adminClaims } from '../../../mocks/accounts';
import { inboxMock } from '../../../mocks/inbox';
import { NotificationBell } from '../../../src/realtime/NotificationBell';
import { signInAs } from '../sessionFixtures';
import { renderWithAdmin } from '../tickets/renderTickets';

const notification = (n: number) => ({
  id: `00000000-0000-4000-d000-00000000000${n}`,
  kind: 'requested',
  resource: 'file-requests',
  recordId: `r-${n}`,
  key: 'no.such.key',
  values: {},
  title: `Notice ${n}`,
  message: `Message ${n}`,
  link: null,
  createdAt: `2025-03-01T10:0${n}:00.000Z`,
  readAt: null,
});

describe('the top bar menus, by keyboard', { timeout: 30_000 }, () => {
  it('opens the profile menu on its first item, keeps the header out of the menu, and moves with the arrow keys', async () => {
    const user = userEvent.setup();
    signInAs('admin');
    renderWithAdmin(<ProfileMenu />);
    const button = screen.getByTestId('profile-menu');
    button.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu', { name: 'Account menu' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(within(menu).getAllByRole('menuitem')).toHaveLength(4);
    for (const child of Array.from(menu.children)) {
      expect(child.getAttribute('role') === 'menuitem' || child.tagName === 'HR', child.outerHTML.slice(0, 80)).toBe(true);
    }
    expect(menu).not.toContainElement(await screen.findByTestId('profile-menu-name'));
    expect(within(menu).getByTestId('profile-menu-home')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(within(menu).getByTestId('profile-menu-profile')).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(within(menu).getByTestId('logout')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(within(menu).getByTestId('profile-menu-home')).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(within(menu).getByTestId('logout')).toHaveFocus();
  });

  it('opens the bell on its first notification, with "mark all read" outside the menu, and moves with the arrow keys', async () => {
    const user = userEvent.setup();
    signInAs('admin');
    inboxMock.add(adminClaims.sub, notification(1));
    inboxMock.add(adminClaims.sub, notification(2));
    renderWithAdmin(<NotificationBell />);
    await user.click(screen.getByTestId('notification-bell'));
    const menu = await screen.findByRole('menu', { name: 'Notifications' });
    const items = within(menu).getAllByRole('menuitem');
    // The two notifications, then "See all notifications".
    expect(items).toHaveLength(3);
    expect(items[2]).toHaveTextContent('See all notifications');
    expect(menu).not.toContainElement(screen.getByTestId('notification-mark-all-read'));
    expect(items[0]).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(items[1]).toHaveFocus();
  });

  it('shows the empty bell as a message, not as a menu without items', async () => {
    const user = userEvent.setup();
    signInAs('admin');
    renderWithAdmin(<NotificationBell />);
    await user.click(screen.getByTestId('notification-bell'));
    expect(await screen.findByTestId('notification-empty')).toBeInTheDocument();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});
