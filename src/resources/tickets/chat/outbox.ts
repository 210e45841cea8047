import { IDEMPOTENCY_KEY_HEADER } from '../../../../contract/http';
import type { TicketChatMessage } from '../../../../contract/tickets';
import { ApiError } from '../../../providers/http/ApiError';

/** A message written in the chat that the server has not acknowledged yet. */
export interface OutgoingMessage {
  /** Ours, made when it was written: its identity until the server gives it an id. */
  clientId: string;
  ticketId: string;
  /** HTML as it will be posted. */
  body: string;
  files: File[];
  /** An internal note (issue 25): staff only, never sent to the partner. */
  internal?: boolean;
  createdAt: string;
  /** queued: waits for the network; sending: posted now; failed: refused, waits for a retry or a discard. */
  state: 'queued' | 'sending' | 'failed';
  /** Upload progress 0…1 while sending with files. */
  progress?: number;
  error?: string;
}

export interface OutboxOptions {
  post: (message: OutgoingMessage, onProgress: (fraction: number) => void) => Promise<TicketChatMessage>;
  /** false when the browser knows it is offline: nothing is tried until it is back. */
  isOnline?: () => boolean;
  newId?: () => string;
  now?: () => Date;
  /** Runs `again` once the server may have finished answering an earlier send of the same message. */
  retryLater?: (again: () => void) => void;
}

/** A failure worth trying again later (the server was not reached) rather than a refusal. */
const isUnreachable = (error: unknown) => error instanceof ApiError && error.kind === 'network';
/** The server is still answering an earlier send of this message (409 naming its Idempotency-Key). */
const isStillBeingAnswered = (error: unknown) => error instanceof ApiError && error.status === 409 && !!error.body.errors?.[IDEMPOTENCY_KEY_HEADER];
const RETRY_AFTER_MS = 1000;

/**
 * The chat's outbox: messages are posted in the order written; one that cannot reach the server stays queued
 * (with the ones after it) until `flush` runs again, which the chat does when the hub reconnects or the
 * browser comes back online. Each is posted by one flush at a time. A message whose answer was lost is
 * posted again with the same client id, which `post` sends as its Idempotency-Key: the server answers the
 * message it stored the first time, so it is stored and shown once. The answer goes to `onSent` listeners,
 * which merge it by its server id.
 */
export function createOutbox({
  post,
  isOnline = () => true,
  newId = () => crypto.randomUUID(),
  now = () => new Date(),
  retryLater = (again) => void setTimeout(again, RETRY_AFTER_MS),
}: OutboxOptions) {
  let items: OutgoingMessage[] = [];
  const listeners = new Set<() => void>();
  const sentListeners = new Set<(message: TicketChatMessage, clientId: string) => void>();
  let flushing: Promise<void> | null = null;
  let flushAgain = false;

  function publish(next: OutgoingMessage[]) {
    items = next;
    listeners.forEach((listener) => listener());
  }

  const update = (clientId: string, change: Partial<OutgoingMessage>) => publish(items.map((m) => (m.clientId === clientId ? { ...m, ...change } : m)));

  /** Posts the queued messages in order; stops at the first that cannot reach the server. */
  async function sendQueued(): Promise<'done' | 'unreachable'> {
    for (;;) {
      if (!isOnline()) return 'unreachable';
      const next = items.find((m) => m.state === 'queued');
      if (!next) return 'done';
      update(next.clientId, { state: 'sending', progress: 0, error: undefined });
      try {
        const message = await post(next, (progress) => update(next.clientId, { progress }));
        publish(items.filter((m) => m.clientId !== next.clientId));
        sentListeners.forEach((listener) => listener(message, next.clientId));
      } catch (error) {
        if (isUnreachable(error) || isStillBeingAnswered(error)) {
          update(next.clientId, { state: 'queued', progress: undefined });
          if (isStillBeingAnswered(error)) retryLater(() => void flush());
          return 'unreachable';
        }
        update(next.clientId, { state: 'failed', progress: undefined, error: error instanceof Error ? error.message : String(error) });
      }
    }
  }

  function flush(): Promise<void> {
    if (flushing) {
      flushAgain = true;
      return flushing;
    }
    flushing = (async () => {
      let outcome: 'done' | 'unreachable';
      do {
        flushAgain = false;
        outcome = await sendQueued();
        // Asked again meanwhile: go on, unless the server is out of reach (the next reconnect asks again).
      } while (flushAgain && outcome === 'done');
    })().finally(() => {
      flushing = null;
    });
    return flushing;
  }

  return {
    /** Queues a message and tries to send it at once; answers its client id. */
    enqueue(ticketId: string, body: string, files: File[] = [], internal = false): string {
      const clientId = newId();
      publish([...items, { clientId, ticketId, body, files, ...(internal ? { internal } : {}), createdAt: now().toISOString(), state: 'queued' }]);
      void flush();
      return clientId;
    },
    flush,
    retry(clientId: string) {
      update(clientId, { state: 'queued', error: undefined });
      void flush();
    },
    discard(clientId: string) {
      publish(items.filter((m) => m.clientId !== clientId || m.state === 'sending'));
    },
    getSnapshot: () => items,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    onSent(listener: (message: TicketChatMessage, clientId: string) => void) {
      sentListeners.add(listener);
      return () => {
        sentListeners.delete(listener);
      };
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
