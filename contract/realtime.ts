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
/** `withAutomaticReconnect(HUB_RECONNECT_DELAYS_MS)`: four tries, then the connection stays closed. */
/** The hub's Close error for a connection whose sign-in was ended: the browser signs out and says why. */
export const HUB_SIGN_IN_ENDED_CLOSE = 'Unauthorized: this sign-in has ended.';
export const HUB_RECONNECT_DELAYS_MS = [0, 2_000, 10_000, 30_000];

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
