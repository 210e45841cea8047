import { useCallback, useEffect, useRef } from 'react';
import type { TicketChatMessage, TicketReadState } from '../../../../contract/tickets';
import { useStateResetOn } from '../../../components/useStateResetOn';
import { isAbortError } from '../../../providers/http/ApiError';
import { useHubEvent, useOnHubConnected } from '../../../realtime/hooks';
import { fetchTicketReads, markTicketRead } from './ticketReadsApi';

type Reads = Pick<TicketReadState, 'mine' | 'staff' | 'partner'>;

const later = (a: string | null, b: string | null) => (a === null ? b : b === null ? a : Date.parse(b) > Date.parse(a) ? b : a);

/** Reads only move forward, whatever order the answers and the hub's TicketRead arrive in. */
const furthest = (current: Reads | null, next: Partial<Reads>): Reads => ({
  mine: later(current?.mine ?? null, next.mine ?? null),
  staff: later(current?.staff ?? null, next.staff ?? null),
  partner: later(current?.partner ?? null, next.partner ?? null),
});

/**
 * How far this ticket's chat was read (GET /tickets/{id}/reads), kept live by TicketRead and read again after a
 * reconnect; `openedMine` is the reader's own read as the page opened, where "New messages" stays while they
 * read on. `markRead` tells the server once per newer message (a failed call is retried by the next one).
 */
export function useTicketReads(ticketId: string) {
  const [reads, setReads] = useStateResetOn<Reads | null>([ticketId], () => null);
  const [opened, setOpened] = useStateResetOn<{ mine: string | null } | null>([ticketId], () => null);
  const sentUpTo = useRef<{ ticketId: string; time: number }>({ ticketId, time: -Infinity });

  const load = useCallback(
    async (signal?: AbortSignal) => {
      try {
        const state = await fetchTicketReads(ticketId, signal);
        setReads((current) => furthest(current, state));
        setOpened((current) => current ?? { mine: state.mine });
      } catch (error) {
        // Without reads the chat works as before: no marker, no "Seen".
        if (!isAbortError(error)) setOpened((current) => current ?? { mine: null });
      }
    },
    [ticketId, setReads, setOpened],
  );

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  useOnHubConnected(() => void load());
  useHubEvent('TicketRead', (read) => {
    if (read.ticketId === ticketId) setReads((current) => furthest(current, { [read.side]: read.readUpTo }));
  });

  const markRead = useCallback(
    (message: Pick<TicketChatMessage, 'id' | 'createdAt'>) => {
      const time = Date.parse(message.createdAt);
      const sent = sentUpTo.current.ticketId === ticketId ? sentUpTo.current.time : -Infinity;
      if (!reads || time <= sent || (reads.mine !== null && time <= Date.parse(reads.mine))) return;
      sentUpTo.current = { ticketId, time };
      markTicketRead(ticketId, message.id).then(
        (state) => setReads((current) => furthest(current, state)),
        () => {
          if (sentUpTo.current.time === time) sentUpTo.current = { ticketId, time: sent };
        },
      );
    },
    [ticketId, reads, setReads],
  );

  return { reads, openedMine: opened ? opened.mine : undefined, loaded: opened !== null, markRead };
}
