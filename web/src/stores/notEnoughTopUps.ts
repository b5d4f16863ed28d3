import { useSyncExternalStore } from 'react';

/**
 * Whether the not-enough-Top-Ups modal is open. A tiny external store so any action (a username's
 * Top-Up, buying a slot, creating a group) can open the one modal the layout hosts.
 */
let open = false;
const listeners = new Set<() => void>();

function set(next: boolean) {
  if (open === next) return;
  open = next;
  for (const listener of listeners) listener();
}

export const openNotEnoughTopUps = () => set(true);
export const closeNotEnoughTopUps = () => set(false);

/** Whether a layout hosting the modal is on screen (the modal is the store's one subscriber). */
export const notEnoughTopUpsHosted = () => listeners.size > 0;

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useNotEnoughTopUpsOpen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => open,
    () => false,
  );
}
