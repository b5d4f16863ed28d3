import { useSyncExternalStore } from 'react';
import { isAgeConfirmed } from './ageGate';
import { useUser } from './session';

/**
 * Whether this viewer has passed the age gate: signed-in members skip it, visitors need the cookie.
 * The gate sets its cookie in a click handler; re-reading after clicks and key presses (bubbling to
 * the document, so after the handler ran) picks it up without coupling to the gate's component.
 */
function subscribe(onChange: () => void) {
  document.addEventListener('click', onChange);
  document.addEventListener('keydown', onChange);
  return () => {
    document.removeEventListener('click', onChange);
    document.removeEventListener('keydown', onChange);
  };
}

export function useAgeConfirmed(): boolean {
  const { user } = useUser();
  const confirmed = useSyncExternalStore(subscribe, isAgeConfirmed, () => false);
  return !!user || confirmed;
}
