import type { FastifyInstance } from 'fastify';
import { sweepExpiredDonations } from './donations-service';

/**
 * Marks expired donations EXPIRED now and then, as a recurring job of the job runner (one
 * instance at a time). Nothing depends on it having run: every query compares expires_at with
 * the clock itself. It keeps stored statuses honest for reports and tells waiting receivers.
 */
export function registerExpirySweep(app: FastifyInstance) {
  app.jobs.every('donation-expiry-sweep', app.config.expirySweepIntervalMs, async ({ now, log }) => {
    const expired = await sweepExpiredDonations(app.db, now, app.database.dialect);
    if (expired > 0) log.info({ expired }, 'expired donations swept');
  });
}
