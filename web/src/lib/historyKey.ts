/**
 * Gives a history entry the app was loaded into (opened by URL, a link from elsewhere, a new tab)
 * a key of its own before the router reads it. React Router calls every such entry "default", and
 * ScrollRestoration keeps one position per key in sessionStorage: every page opened by URL got the
 * position the previous one was left at. With a key per entry, a page opened afresh starts at the
 * top, while a reload and back/forward find their entry's own position again.
 */
export function keyThisEntry(history: History = window.history) {
  const state = history.state as { key?: string } | null;
  if (state?.key) return;
  const key = Math.random().toString(36).slice(2, 10);
  history.replaceState({ usr: null, idx: 0, ...(state ?? {}), key }, '');
}
