import { useCallback, useEffect, useRef } from 'react';
import { useStateResetOn } from '../../../components/useStateResetOn';
import { useHubEvent } from '../../../realtime/hooks';
import { sendTyping } from '../../../realtime/realtime';

/** How long "is typing" stays after the last Typing heard, and how often we send ours while composing. */
export const TYPING_SHOWN_MS = 4000;
export const TYPING_SEND_EVERY_MS = 2000;

/** The names of the others typing in this ticket's chat now (hub UserTyping); cleared when their message arrives. */
export function useTypingPeople(ticketId: string, myUserId: string | undefined): string[] {
  const [typing, setTyping] = useStateResetOn<Record<string, { name: string; until: number }>>([ticketId], () => ({}));

  useHubEvent('UserTyping', ({ ticketId: id, userId, fullName }) => {
    if (id !== ticketId || userId === myUserId) return;
    setTyping((current) => ({ ...current, [userId]: { name: fullName, until: Date.now() + TYPING_SHOWN_MS } }));
  });
  useHubEvent('TicketMessageCreated', ({ ticketId: id, authorId }) => {
    if (id !== ticketId) return;
    setTyping(({ [authorId]: _gone, ...rest }) => rest);
  });

  const nextExpiry = Math.min(...Object.values(typing).map((t) => t.until));
  useEffect(() => {
    if (!Number.isFinite(nextExpiry)) return;
    const timer = setTimeout(
      () => {
        const now = Date.now();
        setTyping((current) => Object.fromEntries(Object.entries(current).filter(([, t]) => t.until > now)));
      },
      Math.max(0, nextExpiry - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [nextExpiry, setTyping]);

  return Object.values(typing).map((t) => t.name);
}

/** Tells the others we are typing, at most once every TYPING_SEND_EVERY_MS while the text changes. */
export function useTypingSender(ticketId: string): () => void {
  const lastSent = useRef(0);
  return useCallback(() => {
    const now = Date.now();
    if (now - lastSent.current < TYPING_SEND_EVERY_MS) return;
    lastSent.current = now;
    sendTyping(ticketId);
  }, [ticketId]);
}
