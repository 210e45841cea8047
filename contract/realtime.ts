import type { TicketChatMessage, TicketReadMessage, TicketStatusChangedMessage } from './tickets';

export type { TicketAttachmentRef, TicketChatMessage, TicketReadMessage, TicketReadState, TicketStatusChangedMessage } from './tickets';

/**
 * The realtime hub both sides agree on (DESIGN.md "Realtime"): where it is, its method names and what each
 * carries. The server speaks the ASP.NET Core SignalR protocol, so the browser uses `@microsoft/signalr` as is:
 * `connection.on(ServerMethod, payload => …)` and `connection.invoke(ClientMethod, …args)`.
 */

/** The hub's URL path; negotiate is `${HUB_PATH}/negotiate`. */
export const HUB_PATH = '/api/notifications';

/** Client timing of specification section 9. The server pings at most every half of HUB_SERVER_TIMEOUT_MS. */
export const HUB_SERVER_TIMEOUT_MS = 30_000;
export const HUB_KEEP_ALIVE_MS = 15_000;
/** The first waits before a reconnect's tries, specification section 9's, which `withAutomaticReconnect` takes by default. */
export const HUB_RECONNECT_DELAYS_MS = [0, 2_000, 10_000, 30_000];
/** After those the browser goes on trying for ever, each wait drawn between 0 and this ("full jitter"). */
export const HUB_RECONNECT_CAP_MS = 60_000;

/**
 * The wait before the next try after `previousRetryCount` failed ones (the first try has none before it):
 * HUB_RECONNECT_DELAYS_MS, then a random wait under HUB_RECONNECT_CAP_MS, never giving up. The clients of a
 * restarted instance, who all lost it at once, come back spread over the cap instead of all in one instant.
 */
export function hubReconnectDelayMs(previousRetryCount: number, random: () => number = Math.random): number {
  return HUB_RECONNECT_DELAYS_MS[previousRetryCount] ?? Math.floor(random() * HUB_RECONNECT_CAP_MS);
}

/** The hub's Close error to every client when its instance stops (a deploy, a restart): it may reconnect at once. */
export const HUB_SHUTDOWN_CLOSE = 'The server is shutting down.';
/**
 * After that Close the instance is restarting, or another one takes its clients: for this long the tries come every
 * 1 to 2 s (drawn at random) instead of the specification's waits, whose 10 s after the second try would leave a
 * restart of a few seconds waiting for clients; spread over a second, they do not all arrive in one instant.
 */
export const HUB_RESTART_WINDOW_MS = 60_000;
const RESTART_RETRY_MS = 1_000;

/** @microsoft/signalr's IRetryPolicy, by shape: the wait before the next try of a reconnect, null to give up. */
export interface HubRetryPolicy {
  nextRetryDelayInMilliseconds(retryContext: { previousRetryCount: number; elapsedMilliseconds: number; retryReason?: Error }): number | null;
}

/**
 * The browser's reconnect policy, for `withAutomaticReconnect`: hubReconnectDelayMs, or every 1 to 2 s during
 * HUB_RESTART_WINDOW_MS when the reconnect began with the hub's shutdown Close (its first call's reason). Never gives up.
 */
export function hubReconnectPolicy(random: () => number = Math.random): HubRetryPolicy {
  let afterShutdown = false;
  return {
    nextRetryDelayInMilliseconds({ previousRetryCount, elapsedMilliseconds, retryReason }) {
      if (previousRetryCount === 0) afterShutdown = retryReason?.message.includes(HUB_SHUTDOWN_CLOSE) ?? false;
      if (afterShutdown && previousRetryCount > 0 && elapsedMilliseconds < HUB_RESTART_WINDOW_MS)
        return RESTART_RETRY_MS + Math.floor(random() * RESTART_RETRY_MS);
      return hubReconnectDelayMs(previousRetryCount, random);
    },
  };
}

/** The hub's Close error for a connection whose sign-in was ended: the browser signs out and says why. */
export const HUB_SIGN_IN_ENDED_CLOSE = 'Unauthorized: this sign-in has ended.';
/**
 * The hub's Close errors for a connection whose user may no longer have one (never with `allowReconnect`): the
 * browser does not try again with that token.
 */
export const HUB_ACCESS_ENDED_CLOSES = {
  signInEnded: HUB_SIGN_IN_ENDED_CLOSE,
  accountDisabled: 'Unauthorized: the account is no longer active.',
  secondFactorRequired: 'Forbidden: your role requires a second factor; set one up before you go on.',
  impersonationEnded: 'Unauthorized: the impersonation has ended; its impersonator may no longer impersonate.',
} as const;

/** Server → client methods. */
export const SERVER_METHODS = {
  ReceiveNotification: 'ReceiveNotification',
  TicketMessageCreated: 'TicketMessageCreated',
  TicketStatusChanged: 'TicketStatusChanged',
  ResourceChanged: 'ResourceChanged',
  /** Someone else in a ticket's chat is typing (relayed from a client's `Typing`). */
  UserTyping: 'UserTyping',
  /** A reader of a ticket's chat read up to a message: the other side shows "seen" (to the ticket's group). */
  TicketRead: 'TicketRead',
  /**
   * No arguments: messages may have been lost (the server's link to the other instances was down and is back).
   * The client refetches what it shows once: mounted lists, the open record, the open ticket's chat.
   */
  Resync: 'Resync',
} as const;

/** Client → server methods. */
export const CLIENT_METHODS = {
  /** `invoke('JoinTicket', ticketId)` → true when joined; false for a ticket that is unknown or not the caller's. */
  JoinTicket: 'JoinTicket',
  /** `invoke('LeaveTicket', ticketId)` → nothing. */
  LeaveTicket: 'LeaveTicket',
  /** `send('Typing', ticketId)`, no reply: the ticket's other members hear `UserTyping`. Only after JoinTicket. */
  Typing: 'Typing',
} as const;

export type ServerMethod = keyof typeof SERVER_METHODS;
export type ClientMethod = keyof typeof CLIENT_METHODS;

export type ChangeAction = 'created' | 'updated' | 'deleted';

/** A committed change: the client refreshes what shows `resource` (and `id`). */
export interface ResourceChangedMessage {
  resource: string;
  id: string;
  action: ChangeAction;
}

/**
 * A notification for one user, shown as a toast and in the notification list. `ReceiveNotification` carries the
 * one the server has just stored for its reader (contract/notifications.ts NotificationDto: `id` is the inbox's).
 */
export interface NotificationMessage {
  id: string;
  title: string;
  message: string;
  /** An app route to open, e.g. `/tickets/42/detail`. */
  link?: string | null;
  createdAt: string;
  /**
   * The server does not know the reader's language: title and message are English, and `key` names the same
   * texts in the api catalogue (i18n/api.*.ts: `${key}.title` and `${key}.message`, filled with `values`) for
   * the browser to translate.
   */
  key?: string;
  values?: Record<string, string>;
}

export interface UserTypingMessage {
  ticketId: string;
  userId: string;
  fullName: string;
}

/** The one argument each server → client method carries. */
export interface ServerMessages {
  ReceiveNotification: NotificationMessage;
  TicketMessageCreated: TicketChatMessage;
  TicketStatusChanged: TicketStatusChangedMessage;
  ResourceChanged: ResourceChangedMessage;
  UserTyping: UserTypingMessage;
  TicketRead: TicketReadMessage;
  Resync: void;
}
