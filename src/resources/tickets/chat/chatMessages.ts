import type { TicketChatMessage } from '../../../../contract/tickets';

const byTime = (a: TicketChatMessage, b: TicketChatMessage) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);

/**
 * The chat's messages with `incoming` added, oldest first, each server id once: a message we sent comes back
 * both in the POST's answer and from the hub, and a reload after a reconnect brings back what we had.
 */
export function mergeMessages(current: readonly TicketChatMessage[], incoming: readonly TicketChatMessage[]): TicketChatMessage[] {
  const known = new Map(current.map((m) => [m.id, m]));
  let changed = false;
  for (const message of incoming) {
    if (known.get(message.id) === message) continue;
    known.set(message.id, message);
    changed = true;
  }
  return changed ? [...known.values()].sort(byTime) : (current as TicketChatMessage[]);
}
