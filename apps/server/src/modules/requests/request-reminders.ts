import { RequestStatus } from '@annadaan/contract/requests';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema';
import { MINUTE } from '../../lib/clock';
import { cancelJobs, enqueueJob, finishJobWith } from '../jobs/job-queue';
import { notices, recordNotifications } from '../notifications/notifications-service';
import { effectiveRequestStatus, findRequestParties } from './requests-repository';

type Db = Kysely<Database>;

/** A request unanswered this long reminds its donor (issue 14: REQUEST_WAITING). */
export const REQUEST_WAITING_AFTER_MS = 15 * MINUTE;
/** An accepted pickup reminds both parties this long before the food expires (PICKUP_REMINDER). */
export const PICKUP_REMINDER_BEFORE_MS = 30 * MINUTE;

const WAITING_JOB = 'request-waiting';
const PICKUP_JOB = 'pickup-reminder';
const waitingKey = (requestId: number) => `${WAITING_JOB}:${requestId}`;
const pickupKey = (requestId: number) => `${PICKUP_JOB}:${requestId}`;

/** In the request's transaction: the donor hears again if nobody answers within 15 minutes. */
export async function scheduleWaitingReminder(trx: Db, requestId: number, now: Date): Promise<void> {
  await enqueueJob(trx, { kind: WAITING_JOB, payload: { requestId }, runAt: new Date(now.getTime() + REQUEST_WAITING_AFTER_MS), key: waitingKey(requestId) });
}

/**
 * In the accept's transaction: both parties hear 30 minutes before the food expires. Accepted with
 * less time than that left, there is no separate reminder: the accept itself is the call to go.
 */
export async function schedulePickupReminder(trx: Db, requestId: number, expiresAt: Date, now: Date): Promise<void> {
  const runAt = new Date(expiresAt.getTime() - PICKUP_REMINDER_BEFORE_MS);
  if (runAt <= now) return;
  await enqueueJob(trx, { kind: PICKUP_JOB, payload: { requestId }, runAt, key: pickupKey(requestId) });
}

/** In the transaction that answers, withdraws or completes a request: its reminders are moot. */
export async function dropReminders(trx: Db, requestIds: number[]): Promise<void> {
  await cancelJobs(
    trx,
    requestIds.flatMap((id) => [waitingKey(id), pickupKey(id)]),
  );
}

const PayloadSchema = z.object({ requestId: z.number().int().positive() });

/**
 * Each reminder looks at the request when it is due and tells only if it still applies (a
 * withdrawal by the donor, a sweep or a race may have changed it without dropping the job). The
 * notification and the end of the job commit together, so a rerun after a crash tells nobody twice.
 */
export function registerRequestReminders(app: FastifyInstance) {
  app.jobs.handle(WAITING_JOB, async (payload, { jobId, now }) => {
    const { requestId } = PayloadSchema.parse(payload);
    const request = await findRequestParties(app.db, requestId);
    if (!request || effectiveRequestStatus(request.status, request.donationStatus, request.expiresAt, now) !== RequestStatus.PENDING) return;
    await app.db.transaction().execute(async (trx) => {
      if (!(await finishJobWith(trx, jobId))) return;
      await recordNotifications(trx, [notices.requestWaiting(request.donorId, request.donationId, request.foodName)], now);
    });
  });

  app.jobs.handle(PICKUP_JOB, async (payload, { jobId, now }) => {
    const { requestId } = PayloadSchema.parse(payload);
    const request = await findRequestParties(app.db, requestId);
    if (!request || effectiveRequestStatus(request.status, request.donationStatus, request.expiresAt, now) !== RequestStatus.AWAITING_PICKUP) return;
    await app.db.transaction().execute(async (trx) => {
      if (!(await finishJobWith(trx, jobId))) return;
      await recordNotifications(
        trx,
        [
          notices.pickupReminder(request.receiverId, 'receiver', request.donationId, request.foodName),
          notices.pickupReminder(request.donorId, 'donor', request.donationId, request.foodName),
        ],
        now,
      );
    });
  });
}
