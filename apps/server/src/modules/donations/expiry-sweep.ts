import type { FastifyInstance } from 'fastify';
import { sweepExpiredDonations } from './donations-service';

/**
 * Marks expired donations EXPIRED now and then. Nothing depends on it having run: every query
 * compares expires_at with the clock itself. It keeps stored statuses honest for reports.
 */
export function registerExpirySweep(app: FastifyInstance) {
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  const sweep = async () => {
    if (running) return;
    running = true;
    try {
      const expired = await sweepExpiredDonations(app.db, app.clock.now(), app.database.dialect);
      if (expired > 0) app.log.info({ expired }, 'expired donations swept');
    } catch (error) {
      app.log.error({ err: error }, 'expiry sweep failed');
    } finally {
      running = false;
    }
  };
  app.addHook('onReady', async () => {
    timer = setInterval(() => void sweep(), app.config.expirySweepIntervalMs);
    // A pending sweep must not keep a finished process (or a test run) alive.
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
}
