import { useContext, useLayoutEffect, useRef } from 'react';
import { UNSAFE_DataRouterStateContext } from 'react-router';

/** How long a page coming back may take to grow tall enough to return to its position. */
const PATIENCE_MS = 3000;

/**
 * Back and forward: React Router's ScrollRestoration scrolls to the position the reader left the
 * page at as soon as it renders, but a list comes back shorter than it was (its cards draw a
 * moment later), the browser clamps the scroll, and the reader lands near the top. This keeps
 * returning to that position while the page grows, until it is reached, the reader scrolls or
 * touches anything, or a few seconds have passed.
 */
export function useScrollRestoreOnGrow() {
  const state = useContext(UNSAFE_DataRouterStateContext);
  // Read when the location changes: the router forgets the position at its next state update
  // (a fetcher, a revalidation), while the page is still growing.
  const restore = useRef(state?.restoreScrollPosition);
  restore.current = state?.restoreScrollPosition;
  const key = state?.location.key;
  useLayoutEffect(() => {
    const target = restore.current;
    if (typeof target !== 'number' || target <= 0 || key === undefined) return;
    const reached = () => Math.abs(window.scrollY - target) < 2;
    let done = false;
    const stop = () => {
      done = true;
      observer.disconnect();
      window.clearTimeout(timer);
      for (const kind of INPUTS) window.removeEventListener(kind, stop, true);
    };
    const again = () => {
      if (done) return;
      if (!reached()) window.scrollTo(0, target);
      const max = document.documentElement.scrollHeight - window.innerHeight;
      if (reached() && max >= target) stop();
    };
    const observer = new ResizeObserver(again);
    observer.observe(document.body);
    const timer = window.setTimeout(stop, PATIENCE_MS);
    for (const kind of INPUTS)
      window.addEventListener(kind, stop, { capture: true, passive: true });
    again();
    return stop;
  }, [key]);
}

const INPUTS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
