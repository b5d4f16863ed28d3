/**
 * A first visit's first frame, then the rest of the page in short tasks.
 *
 * On a phone, rendering a whole list page in one go (header, filters, twenty cards, 250 countries)
 * was one task of 300-450 ms at Lighthouse's 4x slowdown: the page could not answer a tap for that
 * long, and that task alone was most of the page's total blocking time. What the first screen
 * does not show is queued here instead and released once the first frame is painted, one callback
 * per task (each renders its part and hands the thread back), in the order they were queued.
 *
 * Once the queue has drained, the first view is settled: everything mounted afterwards (a
 * client-side navigation) renders in full at once, since a reader who is already on the site is
 * better served by a complete page than by a staged one.
 */

type Callback = () => void;

const queue: Callback[] = [];
let settled = false;
let draining = false;

/** True once the first view's deferred work has all run: later mounts render in full. */
export function firstViewSettled(): boolean {
  return settled;
}

/** The next task, not a microtask: the browser may paint or handle input in between. */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

function drain() {
  queue.shift()?.();
  // The next piece, or the finding that none is left, in the next task: what this piece renders
  // mounts in a microtask after it (the page behind the age gate, with its list), and that must
  // still find the first view unsettled, to stage its own pieces instead of drawing them whole.
  setTimeout(() => {
    if (queue.length > 0) {
      drain();
      return;
    }
    draining = false;
    settled = true;
  }, 0);
}

/**
 * Runs `callback` in its own task after the first paint (right away in a task of its own when the
 * first view has settled). Returns a cancel function, for an effect's clean-up.
 */
export function afterFirstPaint(callback: Callback): () => void {
  let cancelled = false;
  const run = () => {
    if (!cancelled) callback();
  };
  if (settled) {
    const id = setTimeout(run, 0);
    return () => clearTimeout(id);
  }
  queue.push(run);
  if (!draining) {
    draining = true;
    // After the frame that shows the first render: a timer set from an animation frame fires
    // once that frame is painted. (Without animation frames, as in tests, a plain timer.)
    if (typeof requestAnimationFrame === 'function') {
      requestAnimationFrame(() => setTimeout(drain, 0));
    } else {
      setTimeout(drain, 0);
    }
  }
  return () => {
    cancelled = true;
  };
}
