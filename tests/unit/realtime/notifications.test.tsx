import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotificationMessage } from '../../../contract/realtime';
import { partnerClaims } from '../../../mocks/accounts';
import { notificationStore } from '../../../src/notifications/notificationStore';
import { notificationText } from '../../../src/notifications/notificationText';
import { createI18nProvider } from '../../../src/i18n/i18nProvider';
import { NotificationBell } from '../../../src/realtime/NotificationBell';
import { RealtimeSession } from '../../../src/realtime/RealtimeSession';
import { signInAs } from '../sessionFixtures';
import { renderWithAdmin } from '../tickets/renderTickets';
import { hub } from './fakeSignalr';

vi.mock('@microsoft/signalr', () => import('./fakeSignalr'));

const TICKET = '00000000-0000-4000-c000-000000000001';

function statusNotification(n: number, over: Partial<NotificationMessage> = {}): NotificationMessage {
  return {
    id: `n-${n}`,
    title: 'Ticket status changed',
    message: '"Printer" is now RESOLVED',
    link: `/tickets/${TICKET}/detail`,
    createdAt: '2025-03-01T10:00:00.000Z',
    key: 'tickets.notifications.status',
    values: { subject: 'Printer', status: 'RESOLVED' },
    ...over,
  };
}

beforeEach(() => {
  hub.connection?.reset();
  notificationStore.setUser(null);
});
afterEach(() => notificationStore.setUser(null));

describe('notification texts', () => {
  it('are translated from their key and values, the status by its label', () => {
    const en = createI18nProvider('en');
    const vi = createI18nProvider('vi');
    expect(notificationText(en.translate, statusNotification(1))).toEqual({ title: 'Ticket status changed', message: '"Printer" is now Resolved' });
    expect(notificationText(vi.translate, statusNotification(1))).toEqual({
      title: 'Trạng thái yêu cầu đã thay đổi',
      message: '"Printer" hiện là Đã giải quyết',
    });
  });

  it('fall back to the English texts without a known key', () => {
    const vi = createI18nProvider('vi');
    expect(notificationText(vi.translate, statusNotification(1, { key: 'something.else' }))).toEqual({
      title: 'Ticket status changed',
      message: '"Printer" is now RESOLVED',
    });
    expect(notificationText(vi.translate, statusNotification(1, { key: undefined }))).toEqual({
      title: 'Ticket status changed',
      message: '"Printer" is now RESOLVED',
    });
  });
});

describe('the notification bell', () => {
  async function renderSession(url: string, language: 'en' | 'vi' = 'en') {
    signInAs('partner');
    renderWithAdmin(
      <>
        <RealtimeSession />
        <NotificationBell />
      </>,
      { url, path: url, language },
    );
    await waitFor(() => expect(hub.connection?.state).toBe('Connected'));
  }

  it('toasts a notification in the reader language and counts it unread', async () => {
    await renderSession('/', 'vi');
    act(() => hub.connection!.receive('ReceiveNotification', statusNotification(1)));
    expect(await screen.findByTestId('toast-info')).toHaveTextContent('Trạng thái yêu cầu đã thay đổi: "Printer" hiện là Đã giải quyết');
    expect(screen.getByTestId('notification-bell')).toHaveAttribute('data-unread', '1');
    expect(screen.getByTestId('notification-count')).toHaveTextContent('1');
    act(() => hub.connection!.receive('ReceiveNotification', statusNotification(1)));
    expect(screen.getByTestId('notification-bell')).toHaveAttribute('data-unread', '1');
  });

  it('lists recent notifications with links, and marks them all read', async () => {
    const user = userEvent.setup();
    await renderSession('/');
    act(() => {
      hub.connection!.receive('ReceiveNotification', statusNotification(1));
      hub.connection!.receive(
        'ReceiveNotification',
        statusNotification(2, { key: 'tickets.notifications.message', values: { author: 'Sam Support', subject: 'Printer' } }),
      );
    });
    await user.click(screen.getByTestId('notification-bell'));
    const items = await screen.findAllByTestId('notification-item');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Sam Support wrote on "Printer"'),
      expect.stringContaining('"Printer" is now Resolved'),
    ]);
    await user.click(screen.getByTestId('notification-mark-all-read'));
    expect(screen.getByTestId('notification-bell')).toHaveAttribute('data-unread', '0');
    await user.click(items[0]);
    expect(await screen.findByTestId('current-path')).toHaveTextContent(`/tickets/${TICKET}/detail`);
  });

  it('keeps the list per user across a reload', async () => {
    await renderSession('/');
    act(() => hub.connection!.receive('ReceiveNotification', statusNotification(3)));
    notificationStore.setUser(null);
    notificationStore.setUser(partnerClaims.sub);
    expect(notificationStore.getSnapshot().map((n) => n.id)).toEqual(['n-3']);
    notificationStore.setUser('someone-else');
    expect(notificationStore.getSnapshot()).toEqual([]);
  });

  it('does not toast about the page being read, but lists it as read', async () => {
    await renderSession(`/tickets/${TICKET}/detail`);
    act(() => hub.connection!.receive('ReceiveNotification', statusNotification(4)));
    expect(screen.queryByTestId('toast-info')).toBeNull();
    expect(screen.getByTestId('notification-bell')).toHaveAttribute('data-unread', '0');
    await userEvent.click(screen.getByTestId('notification-bell'));
    expect(within(await screen.findByTestId('notification-item')).getByText('Ticket status changed')).toBeInTheDocument();
  });
});
