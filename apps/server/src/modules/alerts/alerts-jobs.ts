import { ALERT_WINDOW_MS } from '@annadaan/contract/alerts';
import type { FastifyInstance } from 'fastify';
import { DAY } from '../../lib/clock';
import { DONATION_CREATED_JOB } from '../donations/donation-events';
import { enqueueJobs } from '../jobs/job-queue';
import { alertsWithOverdueHeld, pruneMatches } from './alerts-repository';
import { matchDonation, sendDigest } from './alerts-service';

/** The end of one alert's 10-minute window: `{ alertId }`, keyed `alert-digest:<alertId>`. */
export const ALERT_DIGEST_JOB = 'alert-digest';
const digestKey = (alertId: number) => `${ALERT_DIGEST_JOB}:${alertId}`;

/** How often one instance looks for held matches whose digest never ran, and prunes old match records. */
const SWEEP_INTERVAL_MS = 5 * 60_000;
const SWEEP_BATCH = 500;
/** Match records only guard against a job running twice, which happens within a lease; a day is ample. */
const MATCHES_KEPT_MS = DAY;

function positiveId(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null;
}

/**
 * The alert jobs. Matching runs in its own transaction with the notifications it writes and the
 * digests it schedules, so a job that dies half-way leaves nothing behind and runs again whole.
 */
export function registerAlertJobs(app: FastifyInstance) {
  app.jobs.handle(DONATION_CREATED_JOB, async (payload, context) => {
    const donationId = positiveId(payload.donationId);
    if (donationId === null) {
      context.log.warn({ payload }, 'donation-created job without a donation id: dropped');
      return;
    }
    await app.db.transaction().execute(async (trx) => {
      const outcome = await matchDonation(trx, donationId, context.now);
      await enqueueJobs(
        trx,
        outcome.held.map((held) => ({ kind: ALERT_DIGEST_JOB, key: digestKey(held.alertId), payload: { alertId: held.alertId }, runAt: held.runAt })),
      );
    });
  });

  app.jobs.handle(ALERT_DIGEST_JOB, async (payload, context) => {
    const alertId = positiveId(payload.alertId);
    if (alertId === null) return;
    const outcome = await app.db.transaction().execute((trx) => sendDigest(trx, alertId, context.now));
    return 'retryAt' in outcome ? { retryAt: outcome.retryAt } : undefined;
  });

  // A digest enqueued while the same key's job was still running is dropped by the key rule; this
  // sweep finds such held matches and schedules them again, and forgets old match records.
  app.jobs.every('alert-sweep', SWEEP_INTERVAL_MS, async (context) => {
    const overdue = await alertsWithOverdueHeld(app.db, context.now, ALERT_WINDOW_MS, SWEEP_BATCH);
    await enqueueJobs(
      app.db,
      overdue.map((alertId) => ({ kind: ALERT_DIGEST_JOB, key: digestKey(alertId), payload: { alertId }, runAt: context.now })),
    );
    await pruneMatches(app.db, new Date(context.now.getTime() - MATCHES_KEPT_MS));
  });
}
