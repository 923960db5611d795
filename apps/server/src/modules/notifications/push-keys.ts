import type { FastifyInstance } from 'fastify';
import { type VapidKeys, ensureVapidKeys } from './push-repository';

declare module 'fastify' {
  interface FastifyInstance {
    /** The server's VAPID key pair for Web Push, made on first start and kept in the database. */
    pushKeys: VapidKeyStore;
  }
}

export interface VapidKeyStore {
  get(): Promise<VapidKeys>;
}

/**
 * Reads the VAPID keys once per process (they never change once stored). The first read of a new
 * database stores a freshly generated pair, or the pair another instance stored first. A failed
 * read is tried again on the next call.
 */
export function createVapidKeyStore(app: FastifyInstance): VapidKeyStore {
  let keys: Promise<VapidKeys> | undefined;
  const store: VapidKeyStore = {
    get() {
      // web-push (14 MiB once loaded) only for a new database's keys and for sending.
      keys ??= ensureVapidKeys(app.db, async () => (await import('web-push')).default.generateVAPIDKeys(), app.clock.now()).catch((error: unknown) => {
        keys = undefined;
        throw error;
      });
      return keys;
    },
  };
  // Made at start so the key exists before anyone asks; a database that takes no writes yet
  // (the readiness test's read-only one) must not stop the server, so a failure only warns.
  app.addHook('onReady', async () => {
    try {
      await store.get();
    } catch (error) {
      app.log.warn({ err: error }, 'Web Push keys could not be read or made yet; will try again when first needed');
    }
  });
  return store;
}
