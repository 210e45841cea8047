import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminClaims, partnerClaims } from '../../../../../mocks/accounts';
import { messageRow, ticketsMock } from '../../../../../mocks/tickets';
import { conversation, minutesAgo, renderChatAs, ticket } from './chatHarness';

vi.mock('@microsoft/signalr', () => import('../../../realtime/fakeSignalr'));

/** An IntersectionObserver the test drives: `show(id)` puts that message on screen in the chat's scroller. */
class FakeIntersectionObserver {
  static live = new Set<FakeIntersectionObserver>();
  private readonly targets = new Set<Element>();
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeIntersectionObserver.live.add(this);
  }
  observe(target: Element) {
    this.targets.add(target);
  }
  unobserve(target: Element) {
    this.targets.delete(target);
  }
  disconnect() {
    FakeIntersectionObserver.live.delete(this);
  }
  takeRecords() {
    return [];
  }
  static show(messageId: string) {
    for (const observer of FakeIntersectionObserver.live) {
      const entries = [...observer.targets].map((target) => ({ target, isIntersecting: (target as HTMLElement).dataset.messageId === messageId }));
      if (entries.length) observer.callback(entries as unknown as IntersectionObserverEntry[], observer as unknown as IntersectionObserver);
    }
  }
}

let pageState: DocumentVisibilityState = 'visible';
beforeEach(() => {
  pageState = 'visible';
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => pageState });
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
});
afterEach(() => {
  vi.unstubAllGlobals();
  FakeIntersectionObserver.live.clear();
});

const show = (messageId: string) => act(() => FakeIntersectionObserver.show(messageId));

describe('"Seen"', () => {
  it('appears under our newest message the other side has read, live on TicketRead', async () => {
    const messages = conversation({ by: 'partner', at: minutesAgo(30) }, { by: 'partner', at: minutesAgo(20) }, { by: 'support', at: minutesAgo(10) });
    const { connection } = await renderChatAs('partner');
    await screen.findByText('Message 3');
    expect(screen.queryByTestId('chat-seen')).toBeNull();

    act(() => connection.receive('TicketRead', { ticketId: ticket().id, side: 'staff', userId: adminClaims.sub, readUpTo: messages[0].createdAt }));
    expect(screen.getAllByTestId('chat-seen')).toHaveLength(1);
    expect(screen.getByTestId('chat-seen').closest('[data-testid="chat-message"]')).toHaveTextContent('Message 1');

    act(() => connection.receive('TicketRead', { ticketId: ticket().id, side: 'staff', userId: adminClaims.sub, readUpTo: messages[2].createdAt }));
    expect(screen.getByTestId('chat-seen').closest('[data-testid="chat-message"]')).toHaveTextContent('Message 2');
    expect(screen.getByTestId('chat-seen')).toHaveTextContent('Seen');
  });

  it("ignores our own side's reads and other tickets' reads", async () => {
    const messages = conversation({ by: 'admin', at: minutesAgo(10) });
    const { connection } = await renderChatAs('admin');
    await screen.findByText('Message 1');
    act(() => {
      connection.receive('TicketRead', { ticketId: ticket().id, side: 'staff', userId: 'someone', readUpTo: messages[0].createdAt });
      connection.receive('TicketRead', { ticketId: 'another-ticket', side: 'partner', userId: partnerClaims.sub, readUpTo: messages[0].createdAt });
    });
    expect(screen.queryByTestId('chat-seen')).toBeNull();
    act(() => connection.receive('TicketRead', { ticketId: ticket().id, side: 'partner', userId: partnerClaims.sub, readUpTo: messages[0].createdAt }));
    expect(screen.getByTestId('chat-seen')).toHaveTextContent('Seen');
  });
});

describe('marking read', () => {
  it('sends one PUT per newer message, only once it is on screen in a visible tab', async () => {
    const messages = conversation({ by: 'support', at: minutesAgo(20) }, { by: 'support', at: minutesAgo(10) });
    const { connection } = await renderChatAs('partner');
    await screen.findByText('Message 2');
    await screen.findByTestId('chat-unread');
    const arrives = async (n: number) => {
      const message = messageRow(n, ticket().id, { createdAt: minutesAgo(10 - n) });
      ticketsMock.messages.push(message);
      act(() => connection.receive('TicketMessageCreated', message));
      await screen.findByText(`Message ${n}`);
      return message;
    };

    // An older message on screen, or the newest in a background tab: nothing is read yet.
    show(messages[0].id);
    pageState = 'hidden';
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    show(messages[1].id);
    show(messages[0].id);
    pageState = 'visible';
    act(() => void document.dispatchEvent(new Event('visibilitychange')));

    // The newest on screen, seen twice before the answer came: one PUT.
    const third = await arrives(3);
    show(third.id);
    show(messages[0].id);
    show(third.id);
    const fourth = await arrives(4);
    show(fourth.id);
    await waitFor(() => expect(ticketsMock.readWrites.map((w) => w.messageId)).toContain(fourth.id));
    expect(ticketsMock.readWrites).toEqual([
      { ticketId: ticket().id, messageId: third.id },
      { ticketId: ticket().id, messageId: fourth.id },
    ]);
  });

  it('sends nothing for a message the reader had already read', async () => {
    const messages = conversation({ by: 'support', at: minutesAgo(10) });
    ticketsMock.reads[ticket().id] = { mine: messages[0].createdAt, staff: messages[0].createdAt, partner: messages[0].createdAt };
    const { connection } = await renderChatAs('partner');
    await screen.findByText('Message 1');
    show(messages[0].id);
    const newer = messageRow(2, ticket().id, { createdAt: minutesAgo(1) });
    ticketsMock.messages.push(newer);
    act(() => connection.receive('TicketMessageCreated', newer));
    await screen.findByText('Message 2');
    show(newer.id);
    await waitFor(() => expect(ticketsMock.readWrites).toHaveLength(1));
    expect(ticketsMock.readWrites).toEqual([{ ticketId: ticket().id, messageId: newer.id }]);
  });
});
