/** Tells the app that the session ended outside react-admin (a refused refresh), so it can go to /sign-in. */
const listeners = new Set<() => void>();

export function onSessionEnded(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function emitSessionEnded() {
  listeners.forEach((listener) => listener());
}
