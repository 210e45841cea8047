import { useSyncExternalStore } from 'react';

/**
 * A value kept in localStorage that components can subscribe to, without react-admin, so the sign-in
 * pages and the admin read the same preference.
 */
export interface StoredPreference<T> {
  get(): T;
  set(value: T): void;
  /** Writes the value to its cookie, for values stored before the cookie existed (called once at start). */
  mirrorToCookie(): void;
  subscribe(listener: () => void): () => void;
  useValue(): T;
}

const COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** A year-long first-party cookie the server reads to prerender the page in this preference (values are plain words). */
function writeCookie(name: string, value: string) {
  if (typeof document === 'undefined') return;
  document.cookie = `${name}=${value}; path=/; max-age=${COOKIE_MAX_AGE}; SameSite=Lax`;
}

export function storedPreference<T extends string>(key: string, allowed: readonly T[], fallback: T, cookie?: string): StoredPreference<T> {
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
  const mirrorToCookie = () => {
    if (cookie) writeCookie(cookie, read());
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
        // Storage refused (private mode, quota; no storage at all when prerendering in Node): the choice still applies until the page reloads.
        memory = value;
      }
      mirrorToCookie();
      listeners.forEach((listener) => listener());
    },
    mirrorToCookie,
    subscribe,
    // The server snapshot reads too: the build prerenders the sign-in page in each language and theme (src/auth/prerender).
    useValue: () => useSyncExternalStore(subscribe, read, read),
  };
}
