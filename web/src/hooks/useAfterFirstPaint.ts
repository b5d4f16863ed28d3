import { useEffect, useState } from 'react';
import { afterFirstPaint, firstViewSettled } from '@/lib/later';

/**
 * False on the first render, true once the page has been painted and the browser had a moment.
 * For work a visitor does not need in the first frame: done in its own task, it no longer
 * lengthens the first render's, which holds up the first paint and blocks input on a slow phone.
 * Once a visit's first view is complete (lib/later), a component mounted later (a client-side
 * navigation) is ready at once: there is no first paint left to protect.
 */
export function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(firstViewSettled);
  // Once, after the first commit: the state only ever goes from false to true.
  useEffect(() => {
    if (ready) return;
    return afterFirstPaint(() => setReady(true));
  }, [ready]);
  return ready;
}

/**
 * How many of `total` items to render: `first` in the first frame, then `step` more in each task
 * after the first paint (each its own short task, so that none blocks input on a phone), all at
 * once when `all` turns true (the reader reached the control) or when the first view has settled.
 */
export function useRevealed(total: number, first: number, step: number, all = false): number {
  const [shown, setShown] = useState(() => (firstViewSettled() ? Infinity : first));
  const done = all || shown >= total;
  // One step per task: the next is asked for once this one has rendered.
  useEffect(() => {
    if (done) return;
    return afterFirstPaint(() => setShown(shown + step));
  }, [done, shown, step]);
  return done ? total : shown;
}
