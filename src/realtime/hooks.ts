import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { ServerMessages, ServerMethod } from '../../contract/realtime';
import { realtime } from './realtime';
import type { ConnectionState } from './realtimeClient';

/** The hub connection's state, re-rendering on each change. */
export function useConnectionState(): ConnectionState {
  return useSyncExternalStore(realtime.subscribeState, realtime.getState, realtime.getState);
}

/** Calls `handler` with each `method` message of the hub while the component is mounted (the latest handler). */
export function useHubEvent<M extends ServerMethod>(method: M, handler: (payload: ServerMessages[M]) => void) {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => realtime.on(method, (payload) => latest.current(payload)), [method]);
}

/** Calls `listener` after every start and reconnect (to catch up on what was missed meanwhile). */
export function useOnHubConnected(listener: () => void) {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => realtime.onConnected(() => latest.current()), []);
}
