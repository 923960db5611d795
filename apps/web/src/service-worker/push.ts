/*
 * Web Push in the service worker (issue 14, docs/decisions/021-web-push.md): shows the server's
 * notification and opens its link when tapped. Moved here from the old public/sw.js unchanged in
 * behaviour, so subscriptions made with that worker (same URL, same scope) keep working.
 */

declare const self: ServiceWorkerGlobalScope;

interface PushPayload {
  id: number | null;
  kind: string | null;
  title: string;
  body: string;
  lang: string;
  link: string;
}

/** The notification's link as an address on this site; anything else (another site, javascript:) becomes the notification centre. */
export function sameOriginLink(link: unknown, origin: string): string {
  const fallback = new URL('/notifications', origin).href;
  if (typeof link !== 'string' || !link.startsWith('/') || link.startsWith('//')) return fallback;
  try {
    const url = new URL(link, origin);
    return url.origin === origin ? url.href : fallback;
  } catch {
    return fallback;
  }
}

/** The payload's language as a BCP 47 tag for the notification; anything unexpected is Indian English. */
export function pushLang(lang: unknown): string {
  return typeof lang === 'string' && /^[a-z]{2,3}$/.test(lang) ? `${lang}-IN` : 'en-IN';
}

/** What a push message asks to show, with every field checked: the payload comes from outside the page. */
export function readPushPayload(raw: unknown, origin: string): PushPayload {
  const data = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  return {
    id: typeof data.id === 'number' ? data.id : null,
    kind: typeof data.kind === 'string' ? data.kind : null,
    title: typeof data.title === 'string' && data.title ? data.title : 'Annadaan',
    body: typeof data.body === 'string' ? data.body : '',
    lang: pushLang(data.lang),
    link: sameOriginLink(data.link, origin),
  };
}

export function handlePush() {
  self.addEventListener('push', (event) => {
    let raw: unknown;
    try {
      raw = event.data ? event.data.json() : {};
    } catch {
      raw = {};
    }
    const payload = readPushPayload(raw, self.location.origin);
    event.waitUntil(
      self.registration.showNotification(payload.title, {
        body: payload.body,
        // One notification per id: a delivery repeated after a retry replaces it instead of adding one.
        tag: payload.id === null ? 'annadaan' : `notification-${payload.id}`,
        // A PNG: Android's notification tray does not draw SVG icons.
        icon: '/icons/icon-192.png',
        // The language the server worded it in (the recipient's, issue 17), so the phone shows and reads it right.
        lang: payload.lang,
        data: { id: payload.id, kind: payload.kind, link: payload.link },
      }),
    );
  });

  self.addEventListener('notificationclick', (event) => {
    event.notification.close();
    // data.link was made same-origin when the notification was shown; checked again all the same.
    const data = event.notification.data as { link?: unknown } | null;
    const link = data ? data.link : null;
    const origin = self.location.origin;
    const target = typeof link === 'string' && link.startsWith(`${origin}/`) ? link : new URL('/notifications', origin).href;
    event.waitUntil(
      (async () => {
        const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
        const open = windows.find((client) => client.url === target) ?? windows.find((client) => new URL(client.url).origin === origin);
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
}
