import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER } from '../../../contract/http';
import type { TicketChatMessage, TicketDto } from '../../../contract/tickets';
import { created, failed } from '../../../mocks/envelopes';
import { server } from '../../../mocks/server';
import { messageRow, ticketRow } from '../../../mocks/tickets';
import { mergeMessages } from '../../../src/resources/tickets/chat/chatMessages';
import { createOutbox } from '../../../src/resources/tickets/chat/outbox';
import { postOutgoingMessage } from '../../../src/resources/tickets/ticketApi';
import { TicketCreateDialog } from '../../../src/resources/tickets/TicketCreateDialog';
import { signInAs } from '../sessionFixtures';
import { renderWithAdmin } from './renderTickets';

const TICKET = 'ticket-1';

/**
 * A POST endpoint that keeps its first answer per Idempotency-Key, as the server does; `loseAnswers` answers
 * that many requests with a dropped connection after storing them (the answer lost on the way back).
 */
function idempotentEndpoint<T>(path: string, make: (n: number) => T, options: { loseAnswers?: number } = {}) {
  let lose = options.loseAnswers ?? 0;
  const stored: T[] = [];
  const byKey = new Map<string, T>();
  const keys: (string | null)[] = [];
  server.use(
    http.post(path, ({ request }) => {
      const key = request.headers.get(IDEMPOTENCY_KEY_HEADER);
      keys.push(key);
      let row = key ? byKey.get(key) : undefined;
      if (!row) {
        row = make(stored.length + 1);
        stored.push(row);
        if (key) byKey.set(key, row);
      }
      if (lose > 0) {
        lose -= 1;
        return HttpResponse.error();
      }
      return created(row, 'Created');
    }),
  );
  return { stored, keys };
}

const onlyMessage = (n: number) => messageRow(100 + n, TICKET, { body: `stored ${n}` });

describe('the chat outbox and Idempotency-Key', () => {
  it('re-sends a message whose answer was lost with the same key: the server stores it once and the chat shows it once', async () => {
    const endpoint = idempotentEndpoint(`/api/v1/tickets/${TICKET}/messages`, onlyMessage, { loseAnswers: 1 });
    signInAs('partner');
    const outbox = createOutbox({ post: postOutgoingMessage });
    let chat: TicketChatMessage[] = [];
    outbox.onSent((message) => (chat = mergeMessages(chat, [message])));

    const clientId = outbox.enqueue(TICKET, 'Hello');
    await outbox.flush();
    expect(outbox.getSnapshot()).toMatchObject([{ clientId, state: 'queued' }]);
    // Meanwhile the hub (or the reload after reconnecting) brings the message the server stored.
    chat = mergeMessages(chat, endpoint.stored);

    await outbox.flush();
    expect(endpoint.keys).toEqual([clientId, clientId]);
    expect(endpoint.stored).toHaveLength(1);
    expect(outbox.getSnapshot()).toEqual([]);
    expect(chat.map((m) => m.id)).toEqual([endpoint.stored[0].id]);
  });

  it('a message with files goes as multipart with the same key on its re-send', async () => {
    const endpoint = idempotentEndpoint(`/api/v1/tickets/${TICKET}/messages`, onlyMessage, { loseAnswers: 1 });
    signInAs('partner');
    const outbox = createOutbox({ post: postOutgoingMessage });
    const sent = vi.fn();
    outbox.onSent(sent);
    const clientId = outbox.enqueue(TICKET, 'See the log', [new File(['trace'], 'trace.txt', { type: 'text/plain' })]);
    await outbox.flush();
    await outbox.flush();
    expect(endpoint.keys).toEqual([clientId, clientId]);
    expect(endpoint.stored).toHaveLength(1);
    expect(sent).toHaveBeenCalledTimes(1);
  });

  it('while the server still answers the first send (409 on the key), the message stays queued and is sent again later', async () => {
    let calls = 0;
    const answer = onlyMessage(1);
    server.use(
      http.post(`/api/v1/tickets/${TICKET}/messages`, () => {
        calls += 1;
        if (calls === 1) return failed(409, 'Still being answered', [{ field: IDEMPOTENCY_KEY_HEADER, message: 'Still being answered' }]);
        return created(answer, 'Sent');
      }),
    );
    signInAs('partner');
    const later: (() => void)[] = [];
    const outbox = createOutbox({ post: postOutgoingMessage, retryLater: (again) => later.push(again) });
    outbox.enqueue(TICKET, 'Patience');
    await outbox.flush();
    expect(outbox.getSnapshot()).toMatchObject([{ state: 'queued' }]);
    expect(later).toHaveLength(1);
    later[0]();
    await outbox.flush();
    expect(outbox.getSnapshot()).toEqual([]);
    expect(calls).toBe(2);
  });

  it('a refusal that is not about the key still marks the message failed', async () => {
    server.use(http.post(`/api/v1/tickets/${TICKET}/messages`, () => failed(409, 'This ticket is closed: it accepts no new messages')));
    signInAs('partner');
    const outbox = createOutbox({ post: postOutgoingMessage, retryLater: () => undefined });
    outbox.enqueue(TICKET, 'Too late');
    await outbox.flush();
    expect(outbox.getSnapshot()).toMatchObject([{ state: 'failed', error: 'This ticket is closed: it accepts no new messages' }]);
  });
});

describe('the new ticket dialog and Idempotency-Key', () => {
  async function submitLosingTheAnswer() {
    const endpoint = idempotentEndpoint<TicketDto>('/api/v1/tickets', (n) => ticketRow(50 + n), { loseAnswers: 1 });
    signInAs('partner');
    const onCreated = vi.fn();
    const user = userEvent.setup();
    renderWithAdmin(<TicketCreateDialog needsPartner={false} onClose={() => undefined} onCreated={onCreated} />);
    await user.type(await screen.findByTestId('ticket-subject'), 'Printer offline');
    await user.click(screen.getByTestId('ticket-create-submit'));
    await waitFor(() => expect(endpoint.keys).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('ticket-create-submit')).toBeEnabled());
    expect(onCreated).not.toHaveBeenCalled();
    return { endpoint, onCreated, user };
  }

  it('sending the same form again after a lost answer creates the ticket once', async () => {
    const { endpoint, onCreated, user } = await submitLosingTheAnswer();
    await user.click(screen.getByTestId('ticket-create-submit'));
    await waitFor(() => expect(onCreated).toHaveBeenCalledTimes(1));
    expect(endpoint.keys[1]).toBe(endpoint.keys[0]);
    expect(endpoint.keys[0]).toMatch(/^[\x20-\x7e]{1,255}$/);
    expect(endpoint.stored).toHaveLength(1);
    expect(onCreated).toHaveBeenCalledWith(endpoint.stored[0]);
  });

  it('an edited form after a failure is sent under a new key', async () => {
    const { endpoint, onCreated, user } = await submitLosingTheAnswer();
    await user.type(screen.getByTestId('ticket-subject'), ' again');
    await user.click(screen.getByTestId('ticket-create-submit'));
    await waitFor(() => expect(onCreated).toHaveBeenCalledTimes(1));
    expect(endpoint.keys[1]).not.toBe(endpoint.keys[0]);
    expect(endpoint.stored).toHaveLength(2);
  });
});
