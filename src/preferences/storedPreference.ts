import { useSyncExternalStore } from 'react';

/**
 * A value kept in localStorage that components can subscribe to, without react-admin, so the sign-in
 * pages and the admin read the same preference.
 */
export interface StoredPreference<T> {
  get(): T;
  set(value: T): void;
  subscribe(listener: () => void): () => void;
  useValue(): T;
}

export function storedPreference<T extends string>(key: string, allowed: readonly T[], fallback: T): StoredPreference<T> {
  const listeners = new Set<() => void>();
  let memory: T | null = null;
  const read = (): T => {
    try {
      const value = localStorage.getItem(key) ?? memory;
      return allowed.includes(value as T) ? (value as T) : fallback;
    } catch {
      return memory ?? fallback;
    }
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  return {
    get: read,
    set(value) {
      try {
        localStorage.setItem(key, value);
      } catch {
        // Storage refused (private mode, quota): the choice still applies until the page reloads.
        memory = value;
      }
      listeners.forEach((listener) => listener());
    },
    subscribe,
    useValue: () => useSyncExternalStore(subscribe, read, () => fallback),
  };
}
