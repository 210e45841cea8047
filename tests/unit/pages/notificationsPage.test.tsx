import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { NOTIFICATIONS_PAGE_SIZE, type NotificationDto } from '../../../contract/notifications';
import { partnerClaims } from '../../../mocks/accounts';
import { inboxMock } from '../../../mocks/inbox';
import NotificationsPage from '../../../src/pages/notifications/NotificationsPage';
import { signInAs } from '../sessionFixtures';
import { renderWithAdmin } from '../tickets/renderTickets';

const LOAD = { timeout: 10_000 };

/** The n-th notification, older as n grows; the even ones already read. */
const stored = (n: number): NotificationDto => ({
  id: `00000000-0000-4000-d000-${String(n).padStart(12, '0')}`,
  kind: 'granted',
  resource: 'file-grants',
  recordId: `g-${n}`,
  key: 'filesApi.notifications.granted',
  values: { file: `file-${n}.pdf`, to: '2026-12-03 17:00 UTC' },
  title: 'File shared',
  message: `file-${n}.pdf`,
  link: '/accessible-files',
  createdAt: new Date(Date.UTC(2026, 10, 1) - n * 60_000).toISOString(),
  readAt: n % 2 === 0 ? '2026-11-01T00:00:00.000Z' : null,
});

function fill(count: number) {
  // The mock keeps the newest first: add the oldest first.
  for (let n = count; n >= 1; n -= 1) inboxMock.add(partnerClaims.sub, stored(n));
}

const rows = () => screen.findAllByTestId('notifications-page-item', {}, LOAD);
/** What the page's polite status says (the empty state is a status of its own). */
const announced = () => screen.getByTestId('polite-status').textContent;

describe('the notifications page', () => {
  it('pages through the inbox newest first, and filters the unread', async () => {
    const user = userEvent.setup();
    fill(NOTIFICATIONS_PAGE_SIZE + 5);
    signInAs('partner');
    renderWithAdmin(<NotificationsPage />);
    expect(await rows()).toHaveLength(NOTIFICATIONS_PAGE_SIZE);
    expect((await rows())[0]).toHaveTextContent('file-1.pdf');
    await user.click(within(screen.getByTestId('notifications-page-pagination')).getByRole('button', { name: 'Go to page 2' }));
    await waitFor(() => expect(screen.getAllByTestId('notifications-page-item')).toHaveLength(5), LOAD);
    expect(screen.getAllByTestId('notifications-page-item')[0]).toHaveTextContent(`file-${NOTIFICATIONS_PAGE_SIZE + 1}.pdf`);

    await user.click(screen.getByTestId('notifications-page-unread'));
    await waitFor(() => expect(screen.getAllByTestId('notifications-page-item')).toHaveLength(13), LOAD);
    expect(screen.getAllByTestId('notifications-page-item').every((row) => row.dataset.read === 'false')).toBe(true);
    expect(screen.getByTestId('notifications-page-unread-count')).toHaveTextContent('13 unread');
  });

  it('marks one read, then all, on the server', async () => {
    const user = userEvent.setup();
    fill(3);
    signInAs('partner');
    renderWithAdmin(<NotificationsPage />);
    const [first] = await rows();
    expect(first).toHaveAttribute('data-read', 'false');
    await user.click(within(first).getByRole('button', { name: 'Mark read' }));
    await waitFor(() => expect(screen.getAllByTestId('notifications-page-item')[0]).toHaveAttribute('data-read', 'true'), LOAD);
    expect(inboxMock.of(partnerClaims.sub).filter((n) => !n.readAt)).toHaveLength(1);
    await user.click(screen.getByTestId('notifications-page-mark-all-read'));
    await waitFor(() => expect(screen.getByTestId('notifications-page-mark-all-read')).toBeDisabled(), LOAD);
    expect(inboxMock.of(partnerClaims.sub).every((n) => n.readAt)).toBe(true);
  });

  it('after "Mark read", focus moves to the next unread one’s "Mark read" (then to the list) and each marking is announced', async () => {
    const user = userEvent.setup();
    fill(3);
    signInAs('partner');
    renderWithAdmin(<NotificationsPage />);
    const [first] = await rows();
    await user.click(within(first).getByRole('button', { name: 'Mark read' }));
    await waitFor(() => expect(screen.getAllByTestId('notifications-page-item')[0]).toHaveAttribute('data-read', 'true'), LOAD);
    const third = screen.getAllByTestId('notifications-page-item')[2];
    await waitFor(() => expect(document.activeElement).toBe(within(third).getByRole('button', { name: 'Mark read' })));
    expect(document.activeElement).toHaveAccessibleDescription('A file was shared with you');
    await waitFor(() => expect(announced()).toBe('Marked read: A file was shared with you.'));

    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getAllByTestId('notifications-page-item')[2]).toHaveAttribute('data-read', 'true'), LOAD);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('list', { name: 'Notifications' })));
    expect(inboxMock.of(partnerClaims.sub).every((n) => n.readAt)).toBe(true);
  });

  it('after "Mark all read", focus moves to the list and the marking is announced', async () => {
    const user = userEvent.setup();
    fill(3);
    signInAs('partner');
    renderWithAdmin(<NotificationsPage />);
    await rows();
    await user.click(screen.getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(screen.getByTestId('notifications-page-mark-all-read')).toBeDisabled(), LOAD);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('list', { name: 'Notifications' })));
    await waitFor(() => expect(announced()).toBe('All notifications marked read.'));
  });

  it('says so when there is nothing, in Vietnamese too', async () => {
    signInAs('partner');
    renderWithAdmin(<NotificationsPage />, { language: 'vi' });
    expect(await screen.findByText('Chưa có thông báo nào.', {}, LOAD)).toBeInTheDocument();
  });
});
