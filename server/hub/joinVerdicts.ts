import { accessOf, type HubAccess } from './audience';
import type { JoinTicketCheck } from './methods';

/** Past this many tickets the answers start over, so the map cannot grow without bound. */
const MAX_TICKETS = 100_000;

export interface JoinVerdicts {
  check: JoinTicketCheck;
  /** Drops one ticket's answers (null: every ticket's). */
  forget(ticketId: string | null): void;
}

/**
 * JoinTicket's yes answers, per ticket and per access (partner and permissions, which is all the check may read),
 * so the reconnects after a restart ask the database once per ticket and partner role rather than once per
 * connection. A no is never kept: the ticket may exist a moment later. Answers are dropped by event: a ticket's
 * when it changes or goes, all when the check is replaced or events may have been missed. A user whose partner
 * or permissions change has another access, so their answers are never reused.
 */
export function cacheJoinVerdicts(check: () => JoinTicketCheck): JoinVerdicts {
  const allowed = new Map<string, WeakSet<HubAccess>>();
  // A check that started before a forget must not put its answer back after it.
  let generation = 0;
  return {
    async check(principal, ticketId) {
      const access = accessOf(principal);
      if (allowed.get(ticketId)?.has(access)) return true;
      const startedIn = generation;
      const verdict = await check()(principal, ticketId);
      if (verdict && startedIn === generation) {
        if (allowed.size >= MAX_TICKETS) allowed.clear();
        let accesses = allowed.get(ticketId);
        if (!accesses) allowed.set(ticketId, (accesses = new WeakSet()));
        accesses.add(access);
      }
      return verdict;
    },
    forget(ticketId) {
      generation++;
      if (ticketId === null) allowed.clear();
      else allowed.delete(ticketId);
    },
  };
}
