import { describe, expect, it, vi } from 'vitest';
import { messageRow } from '../../../mocks/tickets';
import { ApiError } from '../../../src/providers/http/ApiError';
import { mergeMessages } from '../../../src/resources/tickets/chat/chatMessages';
import { createOutbox, type OutgoingMessage } from '../../../src/resources/tickets/chat/outbox';

const TICKET = 'ticket-1';
const offlineError = () => new ApiError('Error when connect to server: Failed to fetch', 0, { kind: 'network' });

/** An outbox whose server answers from `answers`, in turn; records what was posted. */
function outboxWith(answers: ((message: OutgoingMessage) => Promise<unknown>)[], online = { value: true }) {
  const posted: string[] = [];
  let ids = 0;
  const outbox = createOutbox({
    post: async (message) => {
      posted.push(message.clientId);
      const answer = answers.shift();
      if (!answer) throw new Error('no answer left');
      return (await answer(message)) as never;
    },
    isOnline: () => online.value,
    newId: () => `client-${++ids}`,
  });
  return { outbox, posted };
}

describe('the chat outbox', () => {
  it('gives each message a client id and sends it at once when the server is reachable', async () => {
    const sent = messageRow(7, TICKET, { body: 'Hello' });
    const { outbox, posted } = outboxWith([async () => sent]);
    const onSent = vi.fn();
    outbox.onSent(onSent);
    const clientId = outbox.enqueue(TICKET, 'Hello');
    expect(clientId).toBe('client-1');
    expect(outbox.getSnapshot()).toMatchObject([{ clientId, ticketId: TICKET, body: 'Hello', state: 'sending' }]);
    await outbox.flush();
    expect(posted).toEqual(['client-1']);
    expect(onSent).toHaveBeenCalledWith(sent, 'client-1');
    expect(outbox.getSnapshot()).toEqual([]);
  });

  it('keeps messages written offline, in order, and sends each once when the connection is back', async () => {
    const online = { value: false };
    const first = messageRow(1, TICKET, { body: 'one' });
    const second = messageRow(2, TICKET, { body: 'two' });
    const { outbox, posted } = outboxWith([async () => first, async () => second], online);
    const onSent = vi.fn();
    outbox.onSent(onSent);
    outbox.enqueue(TICKET, 'one');
    outbox.enqueue(TICKET, 'two');
    await outbox.flush();
    expect(posted).toEqual([]);
    expect(outbox.getSnapshot().map((m) => [m.body, m.state])).toEqual([
      ['one', 'queued'],
      ['two', 'queued'],
    ]);

    online.value = true;
    // The hub's reconnect and the browser's online event both ask for a flush.
    await Promise.all([outbox.flush(), outbox.flush()]);
    expect(posted).toEqual(['client-1', 'client-2']);
    expect(onSent.mock.calls.map(([message]) => message.body)).toEqual(['one', 'two']);
    expect(outbox.getSnapshot()).toEqual([]);
  });

  it('queues a message the server could not be reached for, and the ones after it', async () => {
    const sent = messageRow(3, TICKET);
    const { outbox, posted } = outboxWith([async () => Promise.reject(offlineError()), async () => sent, async () => sent]);
    outbox.enqueue(TICKET, 'lost on the way');
    await outbox.flush();
    expect(outbox.getSnapshot().map((m) => m.state)).toEqual(['queued']);
    outbox.enqueue(TICKET, 'written after');
    await outbox.flush();
    expect(posted).toEqual(['client-1', 'client-1', 'client-2']);
    expect(outbox.getSnapshot()).toEqual([]);
  });

  it('stops at an unreachable server instead of trying the next message', async () => {
    const { outbox, posted } = outboxWith([async () => Promise.reject(offlineError())]);
    outbox.enqueue(TICKET, 'a');
    outbox.enqueue(TICKET, 'b');
    await outbox.flush();
    expect(posted).toEqual(['client-1']);
    expect(outbox.getSnapshot().map((m) => m.state)).toEqual(['queued', 'queued']);
  });

  it('marks a refused message failed with the reason, for a retry or a discard', async () => {
    const { outbox } = outboxWith([async () => Promise.reject(new ApiError('This ticket is closed: it accepts no new messages', 409))]);
    outbox.enqueue(TICKET, 'too late');
    await outbox.flush();
    expect(outbox.getSnapshot()).toMatchObject([{ state: 'failed', error: 'This ticket is closed: it accepts no new messages' }]);
    outbox.discard('client-1');
    expect(outbox.getSnapshot()).toEqual([]);
  });
});

describe('the chat messages', () => {
  it('show a message once when it comes back both from the POST answer and from the hub', () => {
    const earlier = messageRow(1, TICKET);
    const mine = messageRow(2, TICKET, { body: 'mine' });
    const fromPost = mergeMessages([earlier], [mine]);
    const fromHub = mergeMessages(fromPost, [{ ...mine }]);
    expect(fromHub.map((m) => m.id)).toEqual([earlier.id, mine.id]);
  });

  it('are kept oldest first whatever order they arrive in, and a reload adds only what was missed', () => {
    const [a, b, c] = [1, 2, 3].map((n) => messageRow(n, TICKET));
    const live = mergeMessages([], [c, a]);
    expect(live.map((m) => m.id)).toEqual([a.id, c.id]);
    const reloaded = mergeMessages(live, [a, b, c]);
    expect(reloaded.map((m) => m.id)).toEqual([a.id, b.id, c.id]);
    expect(mergeMessages(reloaded, [])).toBe(reloaded);
  });
});
