import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ticketsMock } from '../../../../../mocks/tickets';
import { conversation, daysAgoAtNoon, minutesAgo, renderChatAs, ticket } from './chatHarness';

vi.mock('@microsoft/signalr', () => import('../../../realtime/fakeSignalr'));

const bubbles = () => screen.getAllByTestId('chat-message');

// "Today", "Yesterday" and "2 minutes ago" at any hour: the clock stands at 15:00 local time (only Date is faked, so
// the screen's own timers run); run just after midnight, "2 minutes ago" was yesterday.
beforeEach(() => {
  const afternoon = new Date();
  afternoon.setHours(15, 0, 0, 0);
  vi.useFakeTimers({ toFake: ['Date'], now: afternoon });
});
afterEach(() => vi.useRealTimers());

describe('the chat seen from each side', () => {
  it("puts every staff author on a staff reader's side, even on another staff member's ticket", async () => {
    conversation({ by: 'partner', at: minutesAgo(30) }, { by: 'support', at: minutesAgo(20) }, { by: 'admin', at: minutesAgo(10) });
    await renderChatAs('admin');
    await screen.findByText('Message 3');
    expect(bubbles().map((b) => b.dataset.own)).toEqual(['false', 'true', 'true']);
    expect(bubbles()[1]).toHaveTextContent('Sam Support');
    expect(bubbles()[1]).not.toHaveTextContent('(support)');
    expect(bubbles()[2]).toHaveTextContent('You');
    expect(within(bubbles()[0]).getByText('PP')).toBeInTheDocument();
  });

  it("puts the partner's users on a partner reader's side and names support on the other", async () => {
    conversation({ by: 'partner', at: minutesAgo(30) }, { by: 'support', at: minutesAgo(20) });
    await renderChatAs('partner');
    await screen.findByText('Message 2');
    expect(bubbles().map((b) => b.dataset.own)).toEqual(['true', 'false']);
    expect(bubbles()[1]).toHaveTextContent('Sam Support (support)');
  });

  it('makes the history a keyboard-scrollable log with a name', async () => {
    conversation({ by: 'partner', at: minutesAgo(3) });
    await renderChatAs('partner');
    const log = await screen.findByRole('log', { name: 'Messages of this ticket' });
    expect(log).toHaveAttribute('tabindex', '0');
  });
});

describe('times and days', () => {
  it('separates the days: a date, "Yesterday", "Today"', async () => {
    const older = daysAgoAtNoon(9);
    conversation(
      { by: 'partner', at: older },
      { by: 'support', at: daysAgoAtNoon(1) },
      { by: 'partner', at: minutesAgo(2) },
      { by: 'support', at: minutesAgo(1) },
    );
    await renderChatAs('partner');
    await screen.findByText('Message 4');
    const label = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(older));
    expect(screen.getAllByTestId('chat-day').map((d) => d.textContent)).toEqual([label, 'Yesterday', 'Today']);
  });

  it('tells a time relatively, with the full date and time in its title and dateTime', async () => {
    const at = minutesAgo(2);
    conversation({ by: 'support', at });
    await renderChatAs('partner');
    await screen.findByText('Message 1');
    const time = screen.getByTestId('chat-time');
    expect(time).toHaveTextContent('2 minutes ago');
    expect(time).toHaveAttribute('dateTime', at);
    expect(time).toHaveAttribute('title', new Intl.DateTimeFormat('en-GB', { dateStyle: 'full', timeStyle: 'short' }).format(new Date(at)));
    expect(screen.getByTestId('chat-day')).toHaveTextContent('Today');
  });

  it('speaks Vietnamese: relative times, days, the unread marker', async () => {
    conversation({ by: 'support', at: daysAgoAtNoon(1) }, { by: 'support', at: minutesAgo(5) });
    await renderChatAs('partner', 'vi');
    await screen.findByText('Message 2');
    expect(screen.getAllByTestId('chat-time').map((t) => t.textContent)).toEqual(['Hôm qua', '5 phút trước']);
    expect(screen.getAllByTestId('chat-day').map((d) => d.textContent)).toEqual(['Hôm qua', 'Hôm nay']);
    expect(await screen.findByTestId('chat-unread')).toHaveTextContent('Tin nhắn mới');
    expect(screen.getByRole('log', { name: 'Tin nhắn của yêu cầu này' })).toBeInTheDocument();
  });
});

describe('unread', () => {
  it('marks "New messages" above the first message of the other side after where the reader stopped', async () => {
    const messages = conversation(
      { by: 'support', at: minutesAgo(40) },
      { by: 'partner', at: minutesAgo(30) },
      { by: 'partner', at: minutesAgo(25) },
      { by: 'support', at: minutesAgo(20) },
      { by: 'support', at: minutesAgo(10) },
    );
    ticketsMock.reads[ticket().id] = { mine: messages[1].createdAt, staff: null, partner: messages[1].createdAt };
    await renderChatAs('partner');
    const marker = await screen.findByTestId('chat-unread');
    expect(marker).toHaveTextContent('New messages');
    expect(screen.getAllByTestId('chat-unread')).toHaveLength(1);
    // The marker sits right before message 4: our own message 3 is not news to us.
    expect(marker.nextElementSibling).toHaveTextContent('Message 4');
  });

  it('shows no marker when the reader has read everything', async () => {
    const messages = conversation({ by: 'support', at: minutesAgo(10) });
    ticketsMock.reads[ticket().id] = { mine: messages[0].createdAt, staff: null, partner: messages[0].createdAt };
    await renderChatAs('partner');
    await screen.findByText('Message 1');
    await screen.findByTestId('chat-day');
    expect(screen.queryByTestId('chat-unread')).toBeNull();
  });
});
