import type { NotificationMessage } from '../../contract/realtime';

/** A notification of the bell's list; `read` once the user opened it or marked all read. */
export interface StoredNotification extends NotificationMessage {
  read: boolean;
}

/** The bell keeps the most recent ones only. */
export const MAX_NOTIFICATIONS = 50;
const STORAGE_PREFIX = 'portal.notifications.';

let userId: string | null = null;
let items: StoredNotification[] = [];
const listeners = new Set<() => void>();

function publish(next: StoredNotification[]) {
  items = next;
  if (userId) {
    try {
      localStorage.setItem(STORAGE_PREFIX + userId, JSON.stringify(items));
    } catch {
      // A full or blocked storage keeps the list in memory only.
    }
  }
  listeners.forEach((listener) => listener());
}

function load(id: string): StoredNotification[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(STORAGE_PREFIX + id) ?? '[]');
    return Array.isArray(value) ? value.filter((n): n is StoredNotification => typeof n?.id === 'string' && typeof n?.title === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * The signed-in user's notifications (hub `ReceiveNotification`), newest first, kept in memory and in
 * localStorage per user so a reload keeps the list.
 */
export const notificationStore = {
  /** Switches to `id`'s list (null when signed out). */
  setUser(id: string | null) {
    if (id === userId) return;
    userId = id;
    items = id ? load(id) : [];
    listeners.forEach((listener) => listener());
  },

  /** Adds a notification once (the same id twice is one); answers whether it was new. */
  add(notification: NotificationMessage, { read = false } = {}): boolean {
    if (items.some((n) => n.id === notification.id)) return false;
    publish([{ ...notification, read }, ...items].slice(0, MAX_NOTIFICATIONS));
    return true;
  },

  markRead(id: string) {
    if (items.some((n) => n.id === id && !n.read)) publish(items.map((n) => (n.id === id ? { ...n, read: true } : n)));
  },

  markAllRead() {
    if (items.some((n) => !n.read)) publish(items.map((n) => ({ ...n, read: true })));
  },

  getSnapshot: () => items,

  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

export const unreadCount = (list: readonly StoredNotification[]) => list.filter((n) => !n.read).length;
