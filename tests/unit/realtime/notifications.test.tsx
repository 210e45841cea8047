import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotificationDto } from '../../../contract/notifications';
import { partnerClaims } from '../../../mocks/accounts';
import { inboxMock } from '../../../mocks/inbox';
import { notificationText } from '../../../src/notifications/notificationText';
import { createI18nProvider } from '../../../src/i18n/i18nProvider';
import { bellLabel, NotificationBell } from '../../../src/realtime/NotificationBell';
import { RealtimeSession } from '../../../src/realtime/RealtimeSession';
import { signInAs } from '../sessionFixtures';
import { renderWithAdmin } from '../tickets/renderTickets';
import { hub } from './fakeSignalr';

vi.mock('@microsoft/signalr', () => import('./fakeSignalr'));

const TICKET = '00000000-0000-4000-c000-000000000001';

function statusNotification(n: number, over: Partial<NotificationDto> = {}): NotificationDto {
  return {
    id: `00000000-0000-4000-d000-00000000000${n}`,
    kind: 'status',
    resource: 'tickets',
    recordId: TICKET,
    title: 'Ticket status changed',
    message: '"Printer" is now RESOLVED',
    link: `/tickets/${TICKET}/detail`,
    createdAt: `2025-03-01T10:0${n}:00.000Z`,
    key: 'tickets.notifications.status',
    values: { subject: 'Printer', status: 'RESOLVED' },
    readAt: null,
    ...over,
  };
}

/** As the server does: stored for the reader first, then delivered by the hub. */
function arrives(notification: NotificationDto) {
  inboxMock.add(partnerClaims.sub, notification);
  act(() => hub.connection!.receive('ReceiveNotification', notification));
}

/** Whether the server's copy (the mock's) of this notification is read. */
const readOnServer = (n: number) => !!inboxMock.of(partnerClaims.sub).find((stored) => stored.id === statusNotification(n).id)?.readAt;

beforeEach(() => {
  hub.connection?.reset();
});

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
  });
});

describe("the bell's accessible name", () => {
  it('names the unread count for 1 as for any other number, in English and Vietnamese', () => {
    const en = createI18nProvider('en');
    const vi = createI18nProvider('vi');
    expect([0, 1, 2, 42, 120].map((n) => bellLabel(en.translate, n))).toEqual([
      'Notifications, 0 unread',
      'Notifications, 1 unread',
      'Notifications, 2 unread',
      'Notifications, 42 unread',
      // The badge shows 99+: the name says what is seen (axe's label-content-name-mismatch).
      'Notifications, 99+ unread',
    ]);
    expect([0, 1, 2].map((n) => bellLabel(vi.translate, n))).toEqual(['Thông báo, 0 chưa đọc', 'Thông báo, 1 chưa đọc', 'Thông báo, 2 chưa đọc']);
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

  it("shows the server's unread count, named with its number", async () => {
    inboxMock.add(partnerClaims.sub, statusNotification(1));
    await renderSession('/');
    await waitFor(() => expect(screen.getByTestId('notification-bell')).toHaveAttribute('data-unread', '1'));
    expect(screen.getByTestId('notification-bell')).toHaveAccessibleName('Notifications, 1 unread');
    expect(screen.getByTestId('notification-count')).toHaveTextContent('1');
  });

  it('a notification from the hub toasts in the reader language and the count follows the server', async () => {
    await renderSession('/', 'vi');
    await waitFor(() => expect(screen.getByTestId('notification-bell')).toHaveAttribute('data-unread', '0'));
    arrives(statusNotification(1));
    expect(await screen.findByTestId('toast-info')).toHaveTextContent('Trạng thái yêu cầu đã thay đổi: "Printer" hiện là Đã giải quyết');
    await waitFor(() => expect(screen.getByTestId('notification-bell')).toHaveAttribute('data-unread', '1'));
    expect(screen.getByTestId('notification-bell')).toHaveAccessibleName('Thông báo, 1 chưa đọc');
  });

  it('a Resync refetches the count (what was stored while messages were lost)', async () => {
    await renderSession('/');
    await waitFor(() => expect(screen.getByTestId('notification-bell')).toHaveAttribute('data-unread', '0'));
    inboxMock.add(partnerClaims.sub, statusNotification(2));
    inboxMock.add(partnerClaims.sub, statusNotification(3));
    act(() => hub.connection!.receive('Resync', undefined));
    await waitFor(() => expect(screen.getByTestId('notification-bell')).toHaveAttribute('data-unread', '2'));
  });

  it('lists the newest with links; opening one marks it read on the server, and "mark all read" clears the count', async () => {
    const user = userEvent.setup();
    inboxMock.add(partnerClaims.sub, statusNotification(1));
    inboxMock.add(partnerClaims.sub, statusNotification(2, { key: 'tickets.notifications.message', values: { author: 'Sam Support', subject: 'Printer' } }));
    await renderSession('/');
    await waitFor(() => expect(screen.getByTestId('notification-bell')).toHaveAttribute('data-unread', '2'));
    await user.click(screen.getByTestId('notification-bell'));
    const items = await screen.findAllByTestId('notification-item');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Sam Support wrote on "Printer"'),
      expect.stringContaining('"Printer" is now Resolved'),
    ]);
    await user.click(screen.getByTestId('notification-mark-all-read'));
    await waitFor(() => expect(screen.getByTestId('notification-bell')).toHaveAttribute('data-unread', '0'));
    expect([readOnServer(1), readOnServer(2)]).toEqual([true, true]);
    await user.click(screen.getAllByTestId('notification-item')[0]);
    expect(await screen.findByTestId('current-path')).toHaveTextContent(`/tickets/${TICKET}/detail`);
  });

  it('after "mark all read", focus moves to the first notification of the menu and the marking is announced', async () => {
    const user = userEvent.setup();
    inboxMock.add(partnerClaims.sub, statusNotification(6));
    inboxMock.add(partnerClaims.sub, statusNotification(7));
    await renderSession('/');
    await waitFor(() => expect(screen.getByTestId('notification-bell')).toHaveAttribute('data-unread', '2'));
    await user.click(screen.getByTestId('notification-bell'));
    await screen.findAllByTestId('notification-item');
    await user.click(screen.getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(screen.getByTestId('notification-bell')).toHaveAttribute('data-unread', '0'));
    await waitFor(() => expect(document.activeElement).toBe(screen.getAllByRole('menuitem')[0]));
    expect(document.activeElement).toHaveAccessibleName(expect.stringContaining('"Printer" is now Resolved'));
    await waitFor(() => expect(screen.getByTestId('polite-status')).toHaveTextContent('All notifications marked read.'));
  });

  it('opening an unread one marks that one read', async () => {
    const user = userEvent.setup();
    inboxMock.add(partnerClaims.sub, statusNotification(4));
    await renderSession('/');
    await waitFor(() => expect(screen.getByTestId('notification-bell')).toHaveAttribute('data-unread', '1'));
    await user.click(screen.getByTestId('notification-bell'));
    await user.click(await screen.findByTestId('notification-item'));
    expect(await screen.findByTestId('current-path')).toHaveTextContent(`/tickets/${TICKET}/detail`);
    await waitFor(() => expect(readOnServer(4)).toBe(true));
  });

  it('does not toast about the page being read, and marks it read', async () => {
    await renderSession(`/tickets/${TICKET}/detail`);
    arrives(statusNotification(5));
    await waitFor(() => expect(readOnServer(5)).toBe(true));
    expect(screen.queryByTestId('toast-info')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('notification-bell')).toHaveAttribute('data-unread', '0'));
  });
});
