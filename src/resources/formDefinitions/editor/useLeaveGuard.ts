import { useCallback, useContext, useEffect, useRef, useState } from 'react';
import { UNSAFE_NavigationContext, useLocation } from 'react-router-dom';
import { guardPopState } from '../../../routes/popStateGuard';

type Navigate = (...args: unknown[]) => void;
interface HistoryNavigator {
  push: Navigate;
  replace: Navigate;
}

/** The position react-router's history gives each entry it makes (`idx` in the entry's state). */
const entryIndex = (): number | null => {
  const index = (window.history.state as { idx?: unknown } | null)?.idx;
  return typeof index === 'number' ? index : null;
};

/**
 * While `active`, leaving asks first: any in-app navigation (links, the side menu, `navigate()`), the browser's
 * back and forward buttons, reloading and closing the tab. The app runs in a BrowserRouter, not a data router,
 * so react-router's `useBlocker` is not available: the guard holds the router's history calls and the popstate
 * that would move it, and lets them go once the user confirms. `pending` is set while the question is asked.
 */
export function useLeaveGuard(active: boolean) {
  const { navigator } = useContext(UNSAFE_NavigationContext) as unknown as { navigator: HistoryNavigator };
  const location = useLocation();
  const [pending, setPending] = useState<{ proceed: () => void } | null>(null);
  // The history position of the guarded page, kept as the user moves within it.
  const here = useRef<number | null>(null);
  useEffect(() => {
    here.current = entryIndex();
  }, [location.key]);

  useEffect(() => {
    if (!active) return;
    return holdLeaving(navigator, () => here.current, setPending);
  }, [active, navigator]);

  const stay = useCallback(() => setPending(null), []);
  const leave = useCallback(() => {
    pending?.proceed();
    setPending(null);
  }, [pending]);
  return { asking: pending !== null, stay, leave };
}

/**
 * Holds every way out until `ask`'s `proceed` is called: the history's push and replace (patched on the
 * router's own history object, restored by the returned cleanup), popstate (through the app's first
 * listener) and beforeunload.
 */
function holdLeaving(navigator: HistoryNavigator, here: () => number | null, ask: (question: { proceed: () => void }) => void): () => void {
  const { push, replace } = navigator;
  let leaving = false;
  let restoring = false;
  const hold =
    (go: Navigate): Navigate =>
    (...args) => {
      if (leaving) return go.apply(navigator, args);
      ask({
        proceed: () => {
          leaving = true;
          go.apply(navigator, args);
        },
      });
    };
  navigator.push = hold(push);
  navigator.replace = hold(replace);

  // A move back or forward is undone at once (the router does not see it) and asked about; the move back to here is not seen either.
  const releasePopState = guardPopState(() => {
    if (restoring) {
      restoring = false;
      return true;
    }
    const [from, to] = [here(), entryIndex()];
    if (leaving || from === null || to === null || to === from) return false;
    restoring = true;
    window.history.go(from - to);
    ask({
      proceed: () => {
        leaving = true;
        window.history.go(to - from);
      },
    });
    return true;
  });
  const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
  window.addEventListener('beforeunload', onBeforeUnload);
  return () => {
    navigator.push = push;
    navigator.replace = replace;
    releasePopState();
    window.removeEventListener('beforeunload', onBeforeUnload);
  };
}
