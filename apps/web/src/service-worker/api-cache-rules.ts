/*
 * Which API reads the service worker keeps for offline use, and under which key. Pure functions,
 * unit-tested in api-cache-rules.test.ts; the worker (sw.ts) wires them to Workbox.
 */

/**
 * Reads never answered from the cache: the live event stream, sign-in and account answers that
 * must be fresh or must not be kept (the data export, an unsubscribe link's token), the push
 * key, health checks, the API docs and the dev outbox.
 */
const NEVER_CACHED: readonly RegExp[] = [
  /^\/api\/events(\/|$)/,
  /^\/api\/auth\//,
  /^\/api\/me(\/|$)/,
  /^\/api\/unsubscribe(\/|$)/,
  /^\/api\/push\//,
  /^\/api\/health(\/|$)/,
  /^\/api\/docs(\/|$)/,
  /^\/api\/openapi\.json$/,
  /^\/api\/dev\//,
];

/** A GET of this site's API that may be answered from the cache when the network fails or is slow. */
export function isCachedApiRead(url: URL, method: string, origin: string): boolean {
  return method === 'GET' && url.origin === origin && url.pathname.startsWith('/api/') && !NEVER_CACHED.some((pattern) => pattern.test(url.pathname));
}

/** An uploaded photo of this site (public, content-addressed). */
export function isUploadedPhoto(url: URL, method: string, origin: string): boolean {
  return method === 'GET' && url.origin === origin && url.pathname.startsWith('/uploads/');
}

/**
 * The cache key of an API answer. A signed-in person's answer (the request carries their bearer
 * token) is kept under the address plus a SHA-256 of the Authorization header, so it is only ever
 * given back to a request with the same session: someone else on the same phone, signed in or
 * not, never matches it, even before sign-out wipes the cache. Public answers keep their address.
 */
export async function sessionCacheKey(url: string, authorization: string | null): Promise<string> {
  if (!authorization) return url;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(authorization));
  const hex = Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
  const key = new URL(url);
  key.searchParams.set('__session', hex);
  return key.href;
}
