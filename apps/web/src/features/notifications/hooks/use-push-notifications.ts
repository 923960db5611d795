import { useCallback, useEffect, useState } from 'react';
import { serviceWorkerRegistration } from '../../../lib/service-worker';
import { deletePushSubscription, fetchPushPublicKey, savePushSubscription } from '../api/push-api';

/**
 * Phone notifications (Web Push) for this browser: whether they can be had, are on, off or blocked,
 * and turning them on and off. Nothing here asks for permission by itself: only `turnOn`, run by
 * a click, does. The service worker (the app's one, registered after every page load since issue 18)
 * is made ready here too, should turning on come before that registration.
 */
export type PushState = 'checking' | 'unsupported' | 'blocked' | 'off' | 'on';

function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** The subscription this browser holds for this site, without registering anything. */
async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  return registration ? registration.pushManager.getSubscription() : null;
}

function asInput(subscription: PushSubscription) {
  const json = subscription.toJSON();
  return { endpoint: subscription.endpoint, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } };
}

/** base64url → bytes, the form pushManager.subscribe takes the server's key in. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** What went wrong, as a key of the notifications catalog's `push` section: the screen words it. */
export type PushError = 'denied' | 'turnOnFailed' | 'turnOffFailed';

/**
 * On signing out: this browser stops getting the account's notifications (a shared or borrowed
 * phone must not keep showing them), removed on the server while the session still holds and
 * then in the browser. Failures are ignored: signing out goes on regardless.
 */
export async function stopPushForThisBrowser(): Promise<void> {
  if (!pushSupported() || Notification.permission !== 'granted') return;
  try {
    const subscription = await currentSubscription();
    if (!subscription) return;
    await deletePushSubscription({ endpoint: subscription.endpoint }).catch(() => undefined);
    await subscription.unsubscribe();
  } catch {
    // The browser refused to unsubscribe; the server copy is gone already, so nothing is sent.
  }
}

export function usePushNotifications() {
  const [state, setState] = useState<PushState>('checking');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<PushError | null>(null);

  useEffect(() => {
    let live = true;
    (async () => {
      if (!pushSupported()) return 'unsupported' as const;
      if (Notification.permission === 'denied') return 'blocked' as const;
      const subscription = Notification.permission === 'granted' ? await currentSubscription() : null;
      if (!subscription) return 'off' as const;
      // The browser still holds one: make sure it is this account's (someone else may have used this browser before).
      await savePushSubscription(asInput(subscription)).catch(() => undefined);
      return 'on' as const;
    })()
      .then((found) => live && setState(found))
      .catch(() => live && setState('off'));
    return () => {
      live = false;
    };
  }, []);

  const turnOn = useCallback(async () => {
    setBusy(true);
    setError(null);
    try {
      const permission = await Notification.requestPermission();
      if (permission === 'denied') {
        setState('blocked');
        return;
      }
      if (permission !== 'granted') {
        setError('denied');
        return;
      }
      await serviceWorkerRegistration();
      const registration = await navigator.serviceWorker.ready;
      const { publicKey } = await fetchPushPublicKey();
      const subscription =
        (await registration.pushManager.getSubscription()) ??
        (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
      await savePushSubscription(asInput(subscription));
      setState('on');
    } catch {
      setError('turnOnFailed');
    } finally {
      setBusy(false);
    }
  }, []);

  const turnOff = useCallback(async () => {
    setBusy(true);
    setError(null);
    try {
      const subscription = await currentSubscription();
      if (subscription) {
        await deletePushSubscription({ endpoint: subscription.endpoint });
        await subscription.unsubscribe();
      }
      setState('off');
    } catch {
      setError('turnOffFailed');
    } finally {
      setBusy(false);
    }
  }, []);

  return { state, busy, error, turnOn, turnOff };
}
