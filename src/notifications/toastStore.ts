import type { ReactNode } from 'react';

/** Toasts of specification section 8: bottom-right, coloured, closed after 4000 ms, draggable away. */
export type ToastSeverity = 'success' | 'info' | 'warning' | 'error';

export const TOAST_AUTO_CLOSE_MS = 4000;

export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface Toast {
  id: number;
  severity: ToastSeverity;
  message: ReactNode;
  action?: ToastAction;
  autoCloseMs: number | null;
  onClose?: () => void;
}

export interface ToastOptions {
  action?: ToastAction;
  autoCloseMs?: number | null;
  onClose?: () => void;
}

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function publish(next: Toast[]) {
  toasts = next;
  listeners.forEach((listener) => listener());
}

/**
 * Shows a toast. The same text shown twice at once (the HTTP client and react-admin both reporting one
 * failure) stays one toast.
 */
export function showToast(severity: ToastSeverity, message: ReactNode, options: ToastOptions = {}): number {
  const twin = typeof message === 'string' ? toasts.find((t) => t.message === message && t.severity === severity) : undefined;
  if (twin && !options.action && !options.onClose) return twin.id;
  const toast: Toast = { id: nextId++, severity, message, autoCloseMs: TOAST_AUTO_CLOSE_MS, ...options };
  publish([...toasts, toast]);
  return toast.id;
}

export function dismissToast(id: number) {
  const toast = toasts.find((t) => t.id === id);
  if (!toast) return;
  publish(toasts.filter((t) => t.id !== id));
  toast.onClose?.();
}

export function clearToasts() {
  publish([]);
}

export const toastStore = {
  getSnapshot: () => toasts,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};
