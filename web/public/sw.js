/* AddMe's service worker: makes the home-screen app start fast and survive a flaky connection.
   Only the app's own hashed assets are cached (cache-first: their names change with each build);
   pages are network-first with the offline page as the fallback (the app cannot do anything useful
   without the API); the API is never cached, so nobody ever sees someone else's or a stale private
   answer. */
const CACHE = 'addme-shell-v3';
const OFFLINE = '/offline.html';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) =>
        cache.addAll([OFFLINE, '/offline.js', '/manifest.webmanifest', '/icons/icon-192.png']),
      )
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/v1/')) return;

  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(
      caches.match(request).then(
        (hit) =>
          hit ||
          fetch(request).then((response) => {
            if (response.ok) {
              const copy = response.clone();
              caches.open(CACHE).then((cache) => cache.put(request, copy));
            }
            return response;
          }),
      ),
    );
    return;
  }

  if (url.pathname === '/offline.js') {
    event.respondWith(fetch(request).catch(() => caches.match(request)));
    return;
  }

  if (request.mode === 'navigate') {
    // The offline page's body under the page's own address (a response of its own, without the
    // cached one's URL), so its "Try again" reloads the page the visitor asked for.
    event.respondWith(
      fetch(request).catch(() =>
        caches.match(OFFLINE).then((hit) =>
          hit
            ? hit.text().then(
                (body) =>
                  new Response(body, {
                    status: 503,
                    headers: { 'Content-Type': 'text/html; charset=utf-8' },
                  }),
              )
            : Response.error(),
        ),
      ),
    );
  }
});
