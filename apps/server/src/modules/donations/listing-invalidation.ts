import type { FastifyInstance } from 'fastify';
import type { Listener } from '../../db/database';
import { dropKeptListings, probeDonationChanges, trustKeptListings } from './donations-repository';

/** Notified on commit by the trigger on donations (migration 0008), whichever instance wrote. */
export const DONATIONS_CHANGED_CHANNEL = 'annadaan_donations_changed';

/**
 * Several instances over one PostgreSQL: each keeps browse listings only while it listens for
 * donation writes, and drops them on every notification. While the listening connection is down
 * (or not up yet) listings are read afresh, so nobody sees a listing older than a write they made
 * through another instance. SQLite has one process, whose own writes already drop them.
 */
export function registerListingInvalidation(app: FastifyInstance) {
  const { listen } = app.database;
  if (!listen) return;
  probeDonationChanges(app.db);
  trustKeptListings(app.db, false);
  let listener: Listener | undefined;
  app.addHook('onReady', async () => {
    listener = listen(DONATIONS_CHANGED_CHANNEL, {
      onNotify: () => dropKeptListings(),
      onUp: () => trustKeptListings(app.db, true),
      onDown: (error) => {
        trustKeptListings(app.db, false);
        app.log.warn({ err: error }, 'donation change listener down: browse listings read afresh until it is back');
      },
    });
  });
  app.addHook('onClose', async () => {
    trustKeptListings(app.db, false);
    await listener?.close();
  });
}
