/*
 * Annadaan's one service worker (docs/decisions/037-installable-offline.md), built by
 * vite-plugin-pwa (injectManifest) to /sw.js, the address and scope ('/') that the Web Push
 * worker of issue 14 had, so existing push subscriptions keep working.
 *
 * - The app shell and the screens that matter offline are precached (the list is injected at
 *   build time, see vite.config.ts); the rest of the built assets is kept as it is used.
 * - Pages: network first, so the server's HTML wins whenever it arrives; offline, or with no
 *   answer within a few seconds, the precached shell, which then reads the API as below.
 * - API reads: network first with a short timeout, falling back to the last answer kept. A
 *   signed-in person's answers are kept under their session (api-cache-rules.ts) and wiped on
 *   sign-out, on a 401 and when a window opens with no session and no other window is open.
 *   Writes, the live event stream and sign-in/account answers never touch the cache.
 * - Updates never take over by themselves: a new worker waits until the person chooses "reload"
 *   (the page posts SKIP_WAITING). Only the very first install takes control of open pages.
 */
import { clientsClaim } from 'workbox-core';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { type PrecacheEntry, cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { isCachedApiRead, isUploadedPhoto, sessionCacheKey } from './api-cache-rules';
import { API_CACHE, ASSETS_CACHE, UPLOADS_CACHE, WorkerMessage } from './protocol';
import { handlePush } from './push';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

/** How long a page or an API read may take before the kept copy is shown instead (uneven 4G). */
const NETWORK_TIMEOUT_SECONDS = 4;
/** A signed-in session lasts at most 7 days; nothing kept for one outlives it. */
const SESSION_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;
const SHELL_URL = '/index.html';

// The first install has no page to disturb: it takes control at once, so the page that installed
// it works offline without a reload. A later worker waits (see the message handler).
self.addEventListener('install', () => {
  if (!self.registration.active) void self.skipWaiting();
});
clientsClaim();

// Navigation preload: the browser asks the server for a page while it starts this worker, instead
// of after (a cheap phone takes 50-300 ms to start a worker). The worker then answers with that
// response (see networkFirstPage). Enabled by each worker as it activates.
self.addEventListener('activate', (event) => {
  if (self.registration.navigationPreload) event.waitUntil(self.registration.navigationPreload.enable());
});

/** A page's HTML from the network (the preloaded answer when there is one); the precached shell when offline or too slow. */
async function networkFirstPage(request: Request, event: FetchEvent | undefined): Promise<Response> {
  const network = (async () => ((await event?.preloadResponse) as Response | undefined) ?? fetch(request))();
  // Lost the race to the timeout: its failure has no one left to tell.
  network.catch(() => undefined);
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), NETWORK_TIMEOUT_SECONDS * 1000));
  try {
    const answer = await Promise.race([network, timeout]);
    if (answer) return answer;
  } catch {
    // Offline: the shell below.
  }
  return (await matchPrecache(SHELL_URL)) ?? network;
}

registerRoute(
  ({ request, url }) =>
    request.mode === 'navigate' && url.origin === self.location.origin && !url.pathname.startsWith('/api/') && !url.pathname.startsWith('/uploads/'),
  ({ request, event }) => networkFirstPage(request, event as FetchEvent | undefined),
);

// After the page route, so '/' is never answered with the precached index.html while the network
// works (no directory index, no clean URLs): the server's page, rendered with its data, wins.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });
cleanupOutdatedCaches();

registerRoute(
  ({ request, url }) => isCachedApiRead(url, request.method, self.location.origin),
  new NetworkFirst({
    cacheName: API_CACHE,
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    plugins: [
      { cacheKeyWillBeUsed: async ({ request }) => sessionCacheKey(request.url, request.headers.get('authorization')) },
      // Only answers that worked: an error must not replace the last good copy.
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: SESSION_MAX_AGE_SECONDS }),
    ],
  }),
);

// The rest of the built app (hashed, so never stale), kept as it is used: a screen opened once online opens offline too.
registerRoute(
  ({ request, url }) => request.method === 'GET' && url.origin === self.location.origin && url.pathname.startsWith('/assets/'),
  new CacheFirst({
    cacheName: ASSETS_CACHE,
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 200, purgeOnQuotaError: true })],
  }),
);

registerRoute(
  ({ request, url }) => isUploadedPhoto(url, request.method, self.location.origin),
  new StaleWhileRevalidate({
    cacheName: UPLOADS_CACHE,
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 100, maxAgeSeconds: SESSION_MAX_AGE_SECONDS })],
  }),
);

self.addEventListener('message', (event) => {
  const type = typeof event.data === 'object' && event.data !== null ? (event.data as { type?: unknown }).type : null;
  if (type === WorkerMessage.skipWaiting) {
    void self.skipWaiting();
  } else if (type === WorkerMessage.forgetIfAlone) {
    event.waitUntil(
      (async () => {
        // Another open window may hold a session whose answers these are; it wipes them itself on sign-out.
        const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
        if (windows.length <= 1) await caches.delete(API_CACHE);
      })(),
    );
  }
});

handlePush();
