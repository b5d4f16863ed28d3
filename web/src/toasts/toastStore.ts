import { normalizeToastOptions, type Toast, type ToastOptions } from './toastOptions';

/**
 * A tiny external store, so code outside React (the HTTP error handler) can raise toasts too.
 */
type Listener = () => void;

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<Listener>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function emit() {
  for (const listener of listeners) listener();
}

export function subscribe(listener: Listener) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function getToasts(): Toast[] {
  return toasts;
}

export function dismissToast(id: number) {
  const timer = timers.get(id);
  if (timer) clearTimeout(timer);
  timers.delete(id);
  const before = toasts.length;
  toasts = toasts.filter((t) => t.id !== id);
  if (toasts.length !== before) emit();
}

/** A toast saying the same as one on screen: the same words, the same kind, no question asked. */
function sameAs(toast: Toast) {
  return toasts.find(
    (t) =>
      !t.confirm &&
      !toast.confirm &&
      t.type === toast.type &&
      t.message === toast.message &&
      t.title === toast.title,
  );
}

export function showToast(options: ToastOptions): number {
  const toast = normalizeToastOptions(options, nextId++);
  // One error shows once: the same message again (a key applied twice, a retried request) keeps
  // the toast already shown, for its full time again, instead of stacking a copy under it.
  const shown = sameAs(toast);
  if (shown) {
    const timer = timers.get(shown.id);
    if (timer) clearTimeout(timer);
    if (shown.timeout > 0)
      timers.set(
        shown.id,
        setTimeout(() => dismissToast(shown.id), shown.timeout),
      );
    return shown.id;
  }
  toasts = [...toasts, toast];
  if (toast.timeout > 0) {
    timers.set(
      toast.id,
      setTimeout(() => dismissToast(toast.id), toast.timeout),
    );
  }
  emit();
  return toast.id;
}

export function clearToasts() {
  for (const timer of timers.values()) clearTimeout(timer);
  timers.clear();
  toasts = [];
  emit();
}

/** Shorthands used across features. */
export const toast = {
  show: showToast,
  success: (message: string, title?: string) => showToast({ message, title, type: 'success' }),
  info: (message: string, title?: string) => showToast({ message, title, type: 'info' }),
  warning: (message: string, title?: string) => showToast({ message, title, type: 'warning' }),
  danger: (message: string, title?: string) => showToast({ message, title, type: 'danger' }),
  confirm: (message: string, onConfirm: () => void, title?: string) =>
    showToast({ message, title, type: 'warning', confirm: { onConfirm } }),
  dismiss: dismissToast,
  clear: clearToasts,
};
