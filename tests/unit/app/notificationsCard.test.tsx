import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { NotificationPreferencesDto } from '../../../contract/notificationPreferences';
import { ok } from '../../../mocks/envelopes';
import { server } from '../../../mocks/server';
import { NotificationsCard } from '../../../src/pages/profile/NotificationsCard';
import { renderWithAdmin } from '../tickets/renderTickets';
import { signInAs } from '../sessionFixtures';

const LOAD = { timeout: 10_000 };
const stored: NotificationPreferencesDto = {
  channels: { ticketReplies: 'mail', partnerForms: 'mail', fileAccess: 'digest' },
  security: ['signInHolds', 'newSignIns', 'secondFactor', 'passwordReset', 'activation'],
  language: null,
  timeZone: 'Asia/Ho_Chi_Minh',
};

describe('the Notifications card', () => {
  it('shows each kind’s channel, security mails fixed, and saves a change', async () => {
    const puts: unknown[] = [];
    server.use(
      http.get('*/api/account/notification-preferences', () => ok(stored)),
      http.put('*/api/account/notification-preferences', async ({ request }) => {
        const body = (await request.json()) as { channels: NotificationPreferencesDto['channels'] };
        puts.push(body);
        return ok({ ...stored, channels: body.channels });
      }),
    );
    const user = userEvent.setup();
    signInAs('partner');
    renderWithAdmin(<NotificationsCard />);
    const card = await screen.findByTestId('notifications-card', {}, LOAD);
    const replies = await within(card).findByRole('combobox', { name: 'Ticket replies' }, LOAD);
    expect(replies).toHaveTextContent('Mail at once');
    expect(within(card).getByRole('combobox', { name: 'File access' })).toHaveTextContent('Daily summary');
    expect(within(card).getByRole('textbox', { name: 'Sign-in holds' })).toBeDisabled();
    expect(within(card).getAllByText('Security mails cannot be turned off')).toHaveLength(5);

    await user.click(replies);
    await user.click(await screen.findByRole('option', { name: 'In the portal only' }));
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(puts).toEqual([
        { channels: { ticketReplies: 'portal', partnerForms: 'mail', fileAccess: 'digest' }, language: null, timeZone: 'Asia/Ho_Chi_Minh' },
      ]),
    );
  });

  it('lets the reader choose the language of their mails and the zone of their times and daily summary', async () => {
    const puts: unknown[] = [];
    server.use(
      http.get('*/api/account/notification-preferences', () => ok(stored)),
      http.put('*/api/account/notification-preferences', async ({ request }) => {
        const body = (await request.json()) as Partial<NotificationPreferencesDto>;
        puts.push(body);
        return ok({ ...stored, ...body });
      }),
    );
    const user = userEvent.setup();
    signInAs('partner');
    renderWithAdmin(<NotificationsCard />);
    const card = await screen.findByTestId('notifications-card', {}, LOAD);
    const language = await within(card).findByRole('combobox', { name: 'Language of your mails and daily summary' }, LOAD);
    expect(language).toHaveTextContent('Every language');
    const zone = within(card).getByRole('combobox', { name: 'Time zone of the daily summary (sent at 08:00)' });
    expect(zone).toHaveValue('Asia/Ho_Chi_Minh');

    await user.click(language);
    await user.click(await screen.findByRole('option', { name: 'Vietnamese' }));
    await user.clear(zone);
    await user.type(zone, 'Europe/Par');
    await user.click(await screen.findByRole('option', { name: 'Europe/Paris' }));
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toEqual([{ channels: stored.channels, language: 'vi', timeZone: 'Europe/Paris' }]));
  });
});
