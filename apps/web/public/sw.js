/*
 * Annadaan's service worker, served from the site root so its scope is the whole app. Today it
 * only shows Web Push notifications (issue 14, docs/decisions/021-web-push.md); it is registered
 * when someone turns phone notifications on, never on page load. An installable app (issue 18)
 * can add its caching here. Plain JavaScript, no build step: Vite copies public/ as it is.
 */

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

/** The notification's link as an address on this site; anything else (another site, javascript:) becomes the notification centre. */
function sameOriginLink(link) {
  const fallback = new URL('/notifications', self.location.origin).href;
  if (typeof link !== 'string' || !link.startsWith('/') || link.startsWith('//')) return fallback;
  try {
    const url = new URL(link, self.location.origin);
    return url.origin === self.location.origin ? url.href : fallback;
  } catch {
    return fallback;
  }
}

/** The payload's language as a BCP 47 tag for the notification; anything unexpected is Indian English. */
function pushLang(lang) {
  return typeof lang === 'string' && /^[a-z]{2,3}$/.test(lang) ? `${lang}-IN` : 'en-IN';
}

self.addEventListener('push', (event) => {
  let data;
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = {};
  }
  const title = typeof data.title === 'string' && data.title ? data.title : 'Annadaan';
  const id = typeof data.id === 'number' ? data.id : null;
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === 'string' ? data.body : '',
      // One notification per id: a delivery repeated after a retry replaces it instead of adding one.
      tag: id === null ? 'annadaan' : `notification-${id}`,
      icon: '/logo.svg',
      // The language the server worded it in (the recipient's, issue 17), so the phone shows and reads it right.
      lang: pushLang(data.lang),
      data: { id, kind: typeof data.kind === 'string' ? data.kind : null, link: sameOriginLink(data.link) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  // data.link was made same-origin when the notification was shown; checked again all the same.
  const link = event.notification.data ? event.notification.data.link : null;
  const target = typeof link === 'string' && link.startsWith(`${self.location.origin}/`) ? link : new URL('/notifications', self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => client.url === target) || windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        const focused = await open.focus();
        if (focused.url !== target) {
          try {
            await focused.navigate(target);
          } catch {
            // navigate() works only on windows this worker controls; open the link beside it instead.
            await self.clients.openWindow(target);
          }
        }
        return;
      }
      await self.clients.openWindow(target);
    })(),
  );
});
