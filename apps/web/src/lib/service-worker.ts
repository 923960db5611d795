import type { Workbox } from 'workbox-window';
import { API_CACHE, SERVICE_WORKER_URL, WorkerMessage } from '../service-worker/protocol';
import { getToken, subscribeSession } from './session';

/*
 * The page's side of the service worker (src/service-worker/sw.ts; docs/decisions/037-installable-offline.md):
 * registers it once the page has loaded, tells the screens when a new version waits, lets the
 * person switch to it, and wipes the kept API answers whenever the session changes.
 */

type Listener = () => void;
const listeners = new Set<Listener>();
let workbox: Workbox | null = null;
let updateWaiting = false;
let registration: Promise<ServiceWorkerRegistration | undefined> | null = null;
/** How often an open app asks whether a new version was deployed (browsers look only on navigations). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

function supported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator;
}

function setUpdateWaiting(value: boolean) {
  updateWaiting = value;
  for (const listener of listeners) listener();
}

/** Whether a new version is installed and waiting for the person to reload. */
export function isUpdateWaiting(): boolean {
  return updateWaiting;
}

export function subscribeUpdate(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** "Reload": the waiting worker takes over, and every open window reloads on it (see `controlling`). */
export function applyUpdate() {
  if (workbox) workbox.messageSkipWaiting();
  else window.location.reload();
}

/** Drops every kept API answer (a signed-in person's pickup codes among them). */
export async function forgetKeptAnswers(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await caches.delete(API_CACHE).catch(() => false);
}

/** The registration, made now if it is not yet (turning on phone notifications needs it at once). */
export function serviceWorkerRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!supported()) return Promise.resolve(undefined);
  if (registration) return registration;
  registration = register();
  return registration;
}

async function register(): Promise<ServiceWorkerRegistration | undefined> {
  // Loaded here, after the first screen, so no first load carries it.
  const { Workbox } = await import('workbox-window');
  // `npm run dev` serves the worker as an ES module at vite-plugin-pwa's dev address.
  const wb = import.meta.env.DEV ? new Workbox('/dev-sw.js?dev-sw', { scope: '/', type: 'module' }) : new Workbox(SERVICE_WORKER_URL, { scope: '/' });
  workbox = wb;
  wb.addEventListener('waiting', () => setUpdateWaiting(true));
  // The waiting version took over (this window or another chose "reload"): this page's code is the
  // old one, so load the new. Not on the first install's takeover (nothing was waiting then), and
  // not by workbox-window's isUpdate, which is false for a page first opened without a worker.
  wb.addEventListener('controlling', () => {
    if (updateWaiting) window.location.reload();
  });
  const found = await wb.register();
  // Also watched on the registration itself: workbox-window stops listening after the first update
  // it calls "external", so a second new version in one long-open page would go unannounced.
  const watch = (worker: ServiceWorker | null) =>
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed' && navigator.serviceWorker.controller) setUpdateWaiting(true);
    });
  if (found?.waiting && navigator.serviceWorker.controller) setUpdateWaiting(true);
  found?.addEventListener('updatefound', () => watch(found.installing));
  if (!getToken()) wb.messageSW({ type: WorkerMessage.forgetIfAlone }).catch(() => undefined);
  window.setInterval(() => {
    if (document.visibilityState === 'visible') void wb.update();
  }, UPDATE_CHECK_MS);
  return found;
}

/**
 * Called once from main.tsx: registers the worker after the page has loaded, so it never competes
 * with the first screen for the network. Any change of session (sign-in, sign-out, a 401) wipes the
 * kept API answers: the next person on a shared phone never sees the last one's pickup codes.
 */
export function startServiceWorker() {
  if (!supported()) return;
  subscribeSession(() => void forgetKeptAnswers());
  const register = () =>
    void serviceWorkerRegistration().catch((error: unknown) => {
      console.warn('Could not register the service worker', error);
    });
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
