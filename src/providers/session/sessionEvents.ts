/** Why the server ended a session, when the sign-in page has something to say about it. */
export type SignOutReason = 'signInEnded';

/** Tells the app that the session ended outside react-admin (a refused refresh, an ended sign-in), so it can go to /sign-in. */
const listeners = new Set<(reason?: SignOutReason) => void>();

export function onSessionEnded(listener: (reason?: SignOutReason) => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function emitSessionEnded(reason?: SignOutReason) {
  listeners.forEach((listener) => listener(reason));
}

/** Tells whoever holds a connection made with the access token (the realtime hub) that it changed or went away. */
const tokenListeners = new Set<(token: string | null) => void>();

export function onAccessTokenChanged(listener: (token: string | null) => void): () => void {
  tokenListeners.add(listener);
  return () => {
    tokenListeners.delete(listener);
  };
}

export function emitAccessTokenChanged(token: string | null) {
  tokenListeners.forEach((listener) => listener(token));
}
