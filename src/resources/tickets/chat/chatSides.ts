import type { TicketChatMessage, TicketReadState } from '../../../../contract/tickets';

/** The reader's side of a ticket: staff are users without a partner, the rest the ticket's partner's users. */
export type ChatSide = 'staff' | 'partner';

export const sideOfReader = (partnerId: string | null | undefined): ChatSide => (partnerId ? 'partner' : 'staff');

export const sideOfMessage = (message: Pick<TicketChatMessage, 'authorIsStaff'>): ChatSide => (message.authorIsStaff ? 'staff' : 'partner');

export const otherSide = (side: ChatSide): ChatSide => (side === 'staff' ? 'partner' : 'staff');

const readAt = (iso: string | null) => (iso === null ? -Infinity : Date.parse(iso));

/**
 * Where "New messages" goes when the page opens: above the first message of the other side written after
 * the reader's own read (every message of theirs, when the reader never read this chat).
 */
export function firstUnreadId(messages: readonly TicketChatMessage[], mine: string | null, side: ChatSide): string | null {
  const since = readAt(mine);
  return messages.find((m) => sideOfMessage(m) !== side && Date.parse(m.createdAt) > since)?.id ?? null;
}

/** Our newest message the other side has read (shows "Seen"), or null. */
export function lastSeenId(messages: readonly TicketChatMessage[], reads: Pick<TicketReadState, 'staff' | 'partner'>, side: ChatSide): string | null {
  const theirs = readAt(reads[otherSide(side)]);
  const seen = messages.filter((m) => sideOfMessage(m) === side && Date.parse(m.createdAt) <= theirs);
  return seen.at(-1)?.id ?? null;
}
