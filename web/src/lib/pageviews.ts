/**
 * First-party page views (spec §7: a page view per route change). Each view is the route's
 * template ("/u/:handle", never the handle itself) and, for the first view of a visit, the page the
 * visitor came from; the server keeps only that page's host. Views are batched and sent with
 * navigator.sendBeacon when the page is hidden or a few seconds after the last change.
 */

export type PageViewOut = { path: string; referrer?: string };

const ENDPOINT = '/v1/pageviews';
const BATCH = 20;
const FLUSH_MS = 4_000;

/** The pathname with every route parameter's segment replaced by its name. */
export function templateOf(pathname: string, params: Record<string, string | undefined>): string {
  const segments = pathname.split('/');
  const splat = params['*'];
  let out = segments;
  if (splat) {
    const tail = splat.split('/').length;
    out = [...segments.slice(0, segments.length - tail), '*'];
  }
  const names = new Map<string, string>();
  for (const [name, value] of Object.entries(params)) {
    if (name !== '*' && value) names.set(value, name);
  }
  return (
    out
      .map((segment) => {
        let decoded = segment;
        try {
          decoded = decodeURIComponent(segment);
        } catch {
          decoded = segment;
        }
        const name = names.get(decoded);
        return name ? `:${name}` : segment;
      })
      .join('/') || '/'
  );
}

type Sender = (body: string) => boolean;

const beacon: Sender = (body) => {
  if (typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function') {
    if (navigator.sendBeacon(ENDPOINT, new Blob([body], { type: 'application/json' }))) return true;
  }
  if (typeof fetch !== 'function') return false;
  void fetch(ENDPOINT, {
    method: 'POST',
    body,
    keepalive: true,
    credentials: 'omit',
    headers: { 'Content-Type': 'application/json' },
  }).catch(() => undefined);
  return true;
};

/** A queue of views sent in batches (at most 20 per request). */
export function createPageViewQueue(send: Sender = beacon, delay = FLUSH_MS) {
  let queue: PageViewOut[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  let last = '';

  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    while (queue.length) {
      const views = queue.slice(0, BATCH);
      queue = queue.slice(BATCH);
      send(JSON.stringify({ views }));
    }
  };

  const add = (view: PageViewOut) => {
    // The same route again (a search typed, a filter changed) is not a new page.
    if (view.path === last) return;
    last = view.path;
    queue.push(view);
    if (queue.length >= BATCH) flush();
    else if (!timer) timer = setTimeout(flush, delay);
  };

  return { add, flush };
}
