import { permission } from '../../contract/permissions';
import type { Principal } from '../core/guard';
import type { ServerMessages, ServerMethod } from '../../contract/realtime';
import type { HubAudience } from './audience';
import { hubGroups } from './groups';
import type { HubUser } from './connection';

/**
 * A refusal the caller may read: the completion carries "HubException: <message>", as ASP.NET sends for a
 * HubException. Any other exception is reported without its text.
 */
export class HubError extends Error {}

/** What a hub method may see and do about the connection that called it. */
export interface HubCall {
  connectionId: string;
  user: HubUser;
  /** The caller's principal as it is now (permissions may have changed since the connection started). */
  loadPrincipal(): Promise<Principal | null>;
  joinGroup(group: string): void;
  leaveGroup(group: string): void;
  inGroup(group: string): boolean;
  /** Sends to a group's connections on every instance, the caller's own connection left out. */
  sendToOthersInGroup<M extends ServerMethod>(group: string, method: M, payload: ServerMessages[M], audience?: HubAudience): void;
}

export interface HubMethod {
  /** How many arguments the method takes; a call with another count gets an error completion. */
  arity: number;
  /** The completion's result; undefined sends a completion without one. */
  invoke(call: HubCall, args: unknown[]): unknown;
}

/**
 * Whether a principal may follow a ticket's chat; the tickets module provides it. Its answer may depend only on
 * the principal's partner and permissions and on the ticket: the hub keeps yes answers per partner and permissions
 * (joinVerdicts.ts) until the ticket changes.
 */
export type JoinTicketCheck = (principal: Principal, ticketId: string) => Promise<boolean>;

/** Until the tickets module provides a check, no ticket exists. */
export const noTicketsYet: JoinTicketCheck = async () => false;

const MAX_TICKET_ID_LENGTH = 100;

/** Typing is chat activity: joining checked the ticket's partner, and each listener must still read the chat. */
const CHAT_READERS: HubAudience = { scope: 'anyone', readers: [{ all: [permission('TicketConversations', 'View')] }] };

function ticketIdOf(value: unknown): string {
  if (typeof value !== 'string' || !value || value.length > MAX_TICKET_ID_LENGTH) throw new HubError('ticketId must be a non-empty string');
  return value;
}

/** JoinTicket, LeaveTicket and Typing; `joinCheck` is read on every call so the tickets module can set it late. */
export function ticketMethods(joinCheck: () => JoinTicketCheck): Record<string, HubMethod> {
  return {
    JoinTicket: {
      arity: 1,
      async invoke(call, [rawTicketId]) {
        const ticketId = ticketIdOf(rawTicketId);
        const principal = await call.loadPrincipal();
        // Unknown and forbidden answer alike, so ticket ids cannot be probed.
        if (!principal || !(await joinCheck()(principal, ticketId))) return false;
        call.joinGroup(hubGroups.ticket(ticketId));
        return true;
      },
    },
    LeaveTicket: {
      arity: 1,
      invoke(call, [rawTicketId]) {
        call.leaveGroup(hubGroups.ticket(ticketIdOf(rawTicketId)));
      },
    },
    Typing: {
      arity: 1,
      invoke(call, [rawTicketId]) {
        const ticketId = ticketIdOf(rawTicketId);
        const group = hubGroups.ticket(ticketId);
        if (!call.inGroup(group)) return;
        call.sendToOthersInGroup(group, 'UserTyping', { ticketId, userId: call.user.id, fullName: call.user.fullName }, CHAT_READERS);
      },
    },
  };
}
