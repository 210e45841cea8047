import { useEffect, useState, type RefObject } from 'react';
import type { TicketChatMessage } from '../../../../contract/tickets';

const pageVisible = () => typeof document === 'undefined' || document.visibilityState === 'visible';

const canObserve = () => typeof IntersectionObserver !== 'undefined';

/** Whether the tab is shown (not a background tab, not minimised). */
function usePageVisible() {
  const [visible, setVisible] = useState(pageVisible);
  useEffect(() => {
    const onChange = () => setVisible(pageVisible());
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);
  return visible;
}

/**
 * Marks the chat read up to its newest message once that message is on screen in the chat's scroller and the
 * tab is visible: a message scrolled out of sight or arriving in a background tab stays unread.
 */
export function useMarkNewestRead(
  scroller: RefObject<HTMLElement | null>,
  newest: TicketChatMessage | undefined,
  markRead: (message: TicketChatMessage) => void,
) {
  const pageShown = usePageVisible();
  const [onScreen, setOnScreen] = useState<string | null>(null);

  useEffect(() => {
    const root = scroller.current;
    const element = newest && root?.querySelector(`[data-message-id="${newest.id}"]`);
    if (!newest || !root || !element || !canObserve()) return;
    const observer = new IntersectionObserver((entries) => setOnScreen(entries.some((e) => e.isIntersecting) ? newest.id : null), { root });
    observer.observe(element);
    return () => observer.disconnect();
  }, [scroller, newest]);

  // Without IntersectionObserver (old browsers, jsdom) the newest message counts as on screen.
  const shown = canObserve() ? onScreen : newest?.id;
  useEffect(() => {
    if (newest && pageShown && shown === newest.id) markRead(newest);
  }, [newest, pageShown, shown, markRead]);
}
