/**
 * The app's first popstate listener: main.tsx imports this module before the router mounts, so it runs before
 * react-router's own listener and can keep it from seeing a back or forward move (React renders a popstate's
 * update at once, so a listener added later, by the page that would be left, comes too late). One guard at a time.
 */
type PopStateGuard = (event: PopStateEvent) => boolean;

let current: PopStateGuard | null = null;

window.addEventListener('popstate', (event) => {
  if (current?.(event)) event.stopImmediatePropagation();
});

/** While set, `guard` sees each popstate first; answering true keeps it from the router. Returns the release. */
export function guardPopState(guard: PopStateGuard): () => void {
  current = guard;
  return () => {
    if (current === guard) current = null;
  };
}
