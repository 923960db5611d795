import type { FastifyInstance } from 'fastify';
import { sweepMapExpiries } from './map-cells';

/**
 * Takes food needs whose time ran out off the map's counts, as a recurring job of the job runner
 * (one instance at a time). Needs have no stored EXPIRED status for the donations' expiry sweep
 * to set; donations leave the counts in that sweep's own transaction (expireDueDonations). The
 * map leaves out what expired since the last run anyway (countInBbox).
 */
export function registerMapExpirySweep(app: FastifyInstance) {
  app.jobs.every('food-need-map-sweep', app.config.expirySweepIntervalMs, async ({ now, log }) => {
    const taken = await app.db.transaction().execute((trx) => sweepMapExpiries(trx, 'food_requests', now));
    if (taken > 0) log.info({ taken }, 'expired food needs taken off the map');
  });
}
