import type { BrowserContext } from '@playwright/test';
import { type LocalPushService, type LocalSubscription, startLocalPushService } from '../../apps/server/test/local-push-service';

/*
 * Web Push in Chromium without Google's push service (FCM), which this machine cannot reach.
 * What is real: the notification permission, the service worker at /sw.js and its registration,
 * the app's subscribe and unsubscribe calls to the server, the server's VAPID-signed, aes128gcm
 * encrypted message, its decryption by the local push service (apps/server/test/local-push-service),
 * and the service worker's push event and showNotification. What is bridged (decision 021):
 * `PushManager.subscribe/getSubscription` in the page answer with a subscription made by the local
 * push service instead of FCM, and the decrypted payload is handed to the real service worker
 * through the DevTools protocol (ServiceWorker.deliverPushMessage), as Chromium's push service
 * would after decrypting it.
 */

/** The port of the local push service: beside the app and the fake geocoder; playwright.config.ts lists its origin in PUSH_ALLOWED_ORIGINS. */
export const LOCAL_PUSH_PORT = Number(process.env.E2E_PORT ?? 3210) + 2;

export async function startBrowserPushService(): Promise<LocalPushService> {
  return startLocalPushService(LOCAL_PUSH_PORT);
}

type BridgeAction = { action: 'subscribe'; applicationServerKey: string } | { action: 'current' } | { action: 'unsubscribe' };

/**
 * Makes `context`'s pages subscribe through the local push service. Returns what the browser
 * currently holds, as the test needs to find its messages.
 */
export async function bridgePushManager(context: BrowserContext, service: LocalPushService) {
  let current: LocalSubscription | null = null;
  await context.exposeFunction('__annadaanLocalPush', (call: BridgeAction) => {
    if (call.action === 'subscribe') current ??= service.subscribe(call.applicationServerKey);
    if (call.action === 'unsubscribe') current = null;
    return current;
  });
  await context.addInitScript(() => {
    type Json = { endpoint: string; keys: { p256dh: string; auth: string } };
    const bridge = (call: unknown) => (window as unknown as { __annadaanLocalPush: (call: unknown) => Promise<Json | null> }).__annadaanLocalPush(call);
    const toBase64Url = (bytes: Uint8Array) =>
      btoa(String.fromCharCode(...bytes))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
    const fromBase64Url = (text: string) => {
      const binary = atob(
        text
          .replace(/-/g, '+')
          .replace(/_/g, '/')
          .padEnd(Math.ceil(text.length / 4) * 4, '='),
      );
      return Uint8Array.from(binary, (char) => char.charCodeAt(0)).buffer;
    };
    const subscription = (json: Json) => ({
      endpoint: json.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: null },
      getKey: (name: 'p256dh' | 'auth') => fromBase64Url(json.keys[name]),
      toJSON: () => ({ endpoint: json.endpoint, expirationTime: null, keys: json.keys }),
      unsubscribe: async () => {
        await bridge({ action: 'unsubscribe' });
        return true;
      },
    });
    PushManager.prototype.subscribe = async function subscribe(options?: PushSubscriptionOptionsInit) {
      const key = options?.applicationServerKey;
      if (!(key instanceof Uint8Array)) throw new DOMException('applicationServerKey is required', 'InvalidAccessError');
      const json = await bridge({ action: 'subscribe', applicationServerKey: toBase64Url(key) });
      return subscription(json as Json) as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function getSubscription() {
      const json = await bridge({ action: 'current' });
      return (json ? subscription(json) : null) as unknown as PushSubscription | null;
    };
  });
  return { current: () => current };
}

/**
 * Hands a decrypted push message to the site's real service worker, as the browser's push
 * service would: through a blank page's DevTools session, so no app page needs to be open.
 */
export async function deliverToServiceWorker(context: BrowserContext, origin: string, data: string) {
  const blank = await context.newPage();
  try {
    const cdp = await context.newCDPSession(blank);
    const registrationId = await new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const found = registrations.find((registration) => registration.scopeURL === `${origin}/` && !registration.isDeleted);
        if (found) resolve(found.registrationId);
      });
      void cdp.send('ServiceWorker.enable');
    });
    await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data });
    await cdp.detach();
  } finally {
    await blank.close();
  }
}
