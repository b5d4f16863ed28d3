import { useEffect, useState } from 'react';

/**
 * False on the first render, true once the page has been painted and the browser had a moment
 * (an idle callback, or a timeout where there is none). For work a visitor does not need in the
 * first frame: done in its own task, it no longer lengthens the first render's, which holds up
 * the first paint and blocks input on a slow phone.
 */
export function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(false);
  // Once, after the first commit: the state only ever goes from false to true.
  useEffect(() => {
    const done = () => setReady(true);
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(done, { timeout: 500 });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(done, 50);
    return () => window.clearTimeout(id);
  }, []);
  return ready;
}
