import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import type { TicketChatMessage } from '../../../../contract/tickets';
import { useStateResetOn } from '../../../components/useStateResetOn';
import { isAbortError } from '../../../providers/http/ApiError';
import { useHubEvent, useOnHubConnected } from '../../../realtime/hooks';
import { joinTicket, leaveTicket } from '../../../realtime/realtime';
import { fetchTicketMessages } from '../ticketApi';
import { mergeMessages } from './chatMessages';
import { ticketOutbox } from './ticketOutbox';

export type ChatLoadState = 'loading' | 'ready' | 'error';

/**
 * A ticket's chat: the messages loaded once and then kept live (TicketMessageCreated), loaded again after
 * every reconnect to catch up, each server id shown once; the ticket joined on the hub while open; and
 * this ticket's messages still in the outbox.
 */
export function useTicketChat(ticketId: string) {
  const [messages, setMessages] = useStateResetOn<TicketChatMessage[]>([ticketId], () => []);
  const [loadState, setLoadState] = useStateResetOn<ChatLoadState>([ticketId], () => 'loading');
  const outgoing = useSyncExternalStore(ticketOutbox.subscribe, ticketOutbox.getSnapshot, ticketOutbox.getSnapshot);
  const pending = useMemo(() => outgoing.filter((m) => m.ticketId === ticketId), [outgoing, ticketId]);

  const add = useCallback(
    (incoming: TicketChatMessage[]) =>
      setMessages((current) =>
        mergeMessages(
          current,
          incoming.filter((m) => m.ticketId === ticketId),
        ),
      ),
    [ticketId, setMessages],
  );

  const load = useCallback(
    async (signal?: AbortSignal) => {
      try {
        add(await fetchTicketMessages(ticketId, signal));
        setLoadState('ready');
      } catch (error) {
        if (!isAbortError(error)) setLoadState((state) => (state === 'ready' ? state : 'error'));
      }
    },
    [ticketId, add, setLoadState],
  );

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  useEffect(() => {
    void joinTicket(ticketId);
    return () => void leaveTicket(ticketId);
  }, [ticketId]);

  useOnHubConnected(() => void load());
  useHubEvent('TicketMessageCreated', (message) => {
    add([message]);
    // A merge's line: the merged ticket's messages moved here with it; load them.
    if (message.system && message.ticketId === ticketId) void load();
  });
  useEffect(() => ticketOutbox.onSent((message) => add([message])), [add]);

  const send = useCallback((body: string, files: File[] = [], internal = false) => ticketOutbox.enqueue(ticketId, body, files, internal), [ticketId]);

  return { messages, pending, loadState, send, retry: ticketOutbox.retry, discard: ticketOutbox.discard, reload: () => load() };
}
