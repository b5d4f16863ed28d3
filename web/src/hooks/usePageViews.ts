import { useEffect, useRef } from 'react';
import { useLocation, useMatches } from 'react-router';
import { createPageViewQueue, templateOf } from '@/lib/pageviews';

/** Reports a page view per route change (the route's template), flushed when the page hides. */
export function usePageViews() {
  const { pathname } = useLocation();
  const matches = useMatches();
  const params = matches[matches.length - 1]?.params ?? {};
  const queue = useRef<ReturnType<typeof createPageViewQueue> | null>(null);
  const first = useRef(true);

  useEffect(() => {
    const q = createPageViewQueue();
    queue.current = q;
    const hide = () => {
      if (document.visibilityState === 'hidden') q.flush();
    };
    document.addEventListener('visibilitychange', hide);
    window.addEventListener('pagehide', q.flush);
    return () => {
      document.removeEventListener('visibilitychange', hide);
      window.removeEventListener('pagehide', q.flush);
      q.flush();
    };
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: one view per pathname, not per params object
  useEffect(() => {
    const referrer = first.current ? document.referrer || undefined : undefined;
    first.current = false;
    queue.current?.add({ path: templateOf(pathname, params), referrer });
  }, [pathname]);
}
