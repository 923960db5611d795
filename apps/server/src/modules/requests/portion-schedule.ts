import type { PortionRules } from '@annadaan/contract/portions';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { MINUTE } from '../../lib/clock';
import { cancelJobs, enqueueJob } from '../jobs/job-queue';

/*
 * The two clocks of food shared in portions (issue 33), as jobs on the queue (they survive a
 * restart and run on whichever instance is free): an accepted request's time to collect, and a
 * waitlist offer's time to answer. portion-jobs.ts handles them when due.
 */

type Db = Kysely<Database>;

export const COLLECT_DUE_JOB = 'portions-collect-due';
export const OFFER_DUE_JOB = 'waitlist-offer-due';
export const collectDueKey = (requestId: number) => `${COLLECT_DUE_JOB}:${requestId}`;
export const offerDueKey = (entryId: number) => `${OFFER_DUE_JOB}:${entryId}`;

/** Offers are not made with less time than this left before the food expires: nobody could come. */
export const LAST_OFFER_BEFORE_EXPIRY_MS = 5 * MINUTE;

const earlier = (a: Date, b: Date) => (a.getTime() <= b.getTime() ? a : b);

/** When accepted portions must be collected by: the configured time from now, never past the food's expiry. */
export function collectByFrom(now: Date, expiresAt: Date, rules: PortionRules): Date {
  return earlier(new Date(now.getTime() + rules.collectMinutes * MINUTE), expiresAt);
}

/** When an offer made now lapses: the configured minutes, never past the food's expiry. */
export function offerEndsFrom(now: Date, expiresAt: Date, rules: PortionRules): Date {
  return earlier(new Date(now.getTime() + rules.offerMinutes * MINUTE), expiresAt);
}

/** In the acceptance's transaction. At the food's expiry the sweep's no-show takes over, so no job then. */
export async function scheduleCollectDue(trx: Db, requestId: number, collectBy: Date, expiresAt: Date): Promise<void> {
  if (collectBy.getTime() >= expiresAt.getTime()) return;
  await enqueueJob(trx, { kind: COLLECT_DUE_JOB, payload: { requestId }, runAt: collectBy, key: collectDueKey(requestId) });
}

export async function scheduleOfferDue(trx: Db, entryId: number, endsAt: Date): Promise<void> {
  await enqueueJob(trx, { kind: OFFER_DUE_JOB, payload: { entryId }, runAt: endsAt, key: offerDueKey(entryId) });
}

/** The request was collected, withdrawn or ended: its clock is moot. */
export async function dropCollectDue(trx: Db, requestIds: number[]): Promise<void> {
  await cancelJobs(trx, requestIds.map(collectDueKey));
}

export async function dropOfferDue(trx: Db, entryIds: number[]): Promise<void> {
  await cancelJobs(trx, entryIds.map(offerDueKey));
}
