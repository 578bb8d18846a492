// The installed app's service worker: a cached shell (hashed assets, icons) and an offline page
// for navigations that cannot reach the site. Everything else (the API, sockets, media) passes by.
const VERSION = 1;
const SHELL = `shell-v${VERSION}`;
const locale = new URL(self.location.href).searchParams.get('locale') || 'zh_CN';
const OFFLINE = `/offline?locale=${encodeURIComponent(locale)}`;
const PRECACHE = [OFFLINE, '/favicon.svg', '/brand/icon-192.png', '/brand/icon-512.png'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL)
      .then((cache) => cache.addAll(PRECACHE))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name !== SHELL).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

/** Hashed build files never change under one name: the first copy fetched serves from then on. */
async function cachedAsset(request) {
  const cache = await caches.open(SHELL);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

/** Pages come from the network, always fresh; without one, the offline page. */
async function page(request) {
  try {
    return await fetch(request);
  } catch (err) {
    const offline = await caches.match(OFFLINE);
    if (offline) return offline;
    throw err;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') event.respondWith(page(request));
  else if (url.pathname.startsWith('/assets/')) event.respondWith(cachedAsset(request));
});

// Web Push alerts (docs/decisions/028-web-push-alerts.md): the server sends the text ready to show,
// in the fan's language; one tag per match, so a later score replaces the earlier one.
self.addEventListener('push', (event) => {
  const alert = event.data ? event.data.json() : null;
  if (!alert || typeof alert.title !== 'string') return;
  event.waitUntil(
    self.registration.showNotification(alert.title, {
      body: alert.body,
      tag: alert.tag,
      renotify: true,
      icon: '/brand/icon-192.png',
      data: { url: alert.url },
    }),
  );
});

/** A click opens the match: in a window already showing it, else in a new one. */
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url || '/', self.location.origin);
  if (url.origin !== self.location.origin) return;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => client.url === url.href);
      return open ? open.focus() : self.clients.openWindow(url.href);
    }),
  );
});
