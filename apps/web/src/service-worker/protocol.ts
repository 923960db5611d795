/*
 * What the pages and the service worker (./sw.ts) agree on: the worker's address, the cache that
 * holds API answers, and the messages a page posts to the worker. Plain values only: this file is
 * compiled for both (DOM and WebWorker), see docs/decisions/037-installable-offline.md.
 */

/** Served from the site root, so its scope is the whole app; push subscriptions are tied to it (issue 14). */
export const SERVICE_WORKER_URL = '/sw.js';

/** API answers kept for reading offline: public ones as they are, a signed-in person's under their session. */
export const API_CACHE = 'annadaan-api';

/** Built files outside the precache (charts, maps, admin screens), kept once used. */
export const ASSETS_CACHE = 'annadaan-assets';

/** Photos of donations, kept for the cards read offline. */
export const UPLOADS_CACHE = 'annadaan-uploads';

/** A page posts these to the worker. */
export const WorkerMessage = {
  /** The person chose "reload" on the update prompt: the waiting worker takes over. */
  skipWaiting: 'SKIP_WAITING',
  /** A page opened without a session: drop private answers, unless another window may still use them. */
  forgetIfAlone: 'FORGET_IF_ALONE',
} as const;
export type WorkerMessage = (typeof WorkerMessage)[keyof typeof WorkerMessage];
