import { RequestStatus } from '@annadaan/contract/requests';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema';
import { returnPortions } from '../donations/portions';
import { finishJobWith } from '../jobs/job-queue';
import { notices, recordNotifications } from '../notifications/notifications-service';
import { COLLECT_DUE_JOB, OFFER_DUE_JOB } from './portion-schedule';
import { dropReminders } from './request-reminders';
import { findRequestParties, markMissed } from './requests-repository';
import { lapseOffer, offerFreedPortions } from './waitlist-service';
import { PortionUnit, type PortionRules } from '@annadaan/contract/portions';
import { endRunOfRequest } from '../runs/runs-service';

type Db = Kysely<Database>;

/**
 * Accepted portions not collected by their time (issue 33): a no-show, on the receiver's record as
 * at the food's expiry, and the portions go to the first in line while the food lasts. Idempotent:
 * a rerun finds the request moved on.
 */
export async function missCollection(db: Db, requestId: number, jobId: number, now: Date, rules: PortionRules): Promise<void> {
  const request = await findRequestParties(db, requestId);
  if (!request || request.status !== RequestStatus.AWAITING_PICKUP || request.portionsAccepted === null) return;
  await db.transaction().execute(async (trx) => {
    if (!(await finishJobWith(trx, jobId))) return;
    if (!(await markMissed(trx, requestId, now))) return;
    await returnPortions(trx, request.donationId, request.portionsAccepted ?? 0, now);
    await dropReminders(trx, [requestId]);
    await endRunOfRequest(trx, requestId, 'EXPIRED', now);
    await recordNotifications(
      trx,
      [
        notices.portionsMissed(request.receiverId, request.foodName),
        notices.portionsNotCollected(request.donorId, request.donationId, request.foodName, {
          count: request.portionsAccepted ?? 0,
          unit: request.portionsUnit ?? PortionUnit.PLATE,
        }),
      ],
      now,
    );
    await offerFreedPortions(trx, request.donationId, now, rules);
  });
}

const RequestPayload = z.object({ requestId: z.number().int().positive() });
const EntryPayload = z.object({ entryId: z.number().int().positive() });

export function registerPortionJobs(app: FastifyInstance) {
  const rules = app.config.portionRules;
  app.jobs.handle(COLLECT_DUE_JOB, async (payload, { jobId, now }) => {
    await missCollection(app.db, RequestPayload.parse(payload).requestId, jobId, now, rules);
  });
  app.jobs.handle(OFFER_DUE_JOB, async (payload, { jobId, now }) => {
    await lapseOffer(app.db, EntryPayload.parse(payload).entryId, jobId, now, rules);
  });
}
