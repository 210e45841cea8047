import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ProfileMenu } from '../../../src/layout/ProfileMenu';
import { notificationStore } from '../../../src/notifications/notificationStore';
import { NotificationBell } from '../../../src/realtime/NotificationBell';
import { signInAs } from '../sessionFixtures';
import { renderWithAdmin } from '../tickets/renderTickets';

const notification = (n: number) => ({ id: `n-${n}`, title: `Notice ${n}`, message: `Message ${n}`, link: null, createdAt: '2025-03-01T10:00:00.000Z' });

afterEach(() => notificationStore.setUser(null));

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
    notificationStore.setUser('bell-reader');
    notificationStore.add(notification(1));
    notificationStore.add(notification(2));
    renderWithAdmin(<NotificationBell />);
    await user.click(screen.getByTestId('notification-bell'));
    const menu = await screen.findByRole('menu', { name: 'Notifications' });
    const items = within(menu).getAllByRole('menuitem');
    expect(items).toHaveLength(2);
    expect(menu).not.toContainElement(screen.getByTestId('notification-mark-all-read'));
    expect(items[0]).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(items[1]).toHaveFocus();
  });

  it('shows the empty bell as a message, not as a menu without items', async () => {
    const user = userEvent.setup();
    signInAs('admin');
    notificationStore.setUser('bell-reader-without-news');
    renderWithAdmin(<NotificationBell />);
    await user.click(screen.getByTestId('notification-bell'));
    expect(await screen.findByTestId('notification-empty')).toBeInTheDocument();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});
