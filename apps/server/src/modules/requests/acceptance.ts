import crypto from 'node:crypto';
import { NO_SHOW_RULE } from '@annadaan/contract/requests';
import type { PortionUnit } from '@annadaan/contract/portions';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { appError } from '../../lib/http-errors';
import { notices, recordNotification } from '../notifications/notifications-service';
import { openRunForRequest } from '../runs/runs-service';
import { scheduleCollectDue } from './portion-schedule';
import { lockReceiver, noShowStanding } from './reliability-repository';
import { dropReminders, schedulePickupReminder } from './request-reminders';

/*
 * What every acceptance does once its request is AWAITING_PICKUP, whichever way it came: the
 * donor's Accept, a donation that accepts by itself (issue 33), or a waitlist offer taken.
 */

type Db = Kysely<Database>;

/** 6 digits from the operating system's CSPRNG, leading zeros kept. */
export function newPickupCode(): string {
  return crypto.randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/**
 * The no-show rule, checked after the acceptance is written and with the receiver held, so two
 * acceptances at once are counted one after the other and the second sees the first.
 */
export async function assertNoShowRule(trx: Db, receiverId: number, now: Date): Promise<void> {
  await lockReceiver(trx, receiverId);
  const standing = await noShowStanding(trx, receiverId, now);
  if (standing.limited && standing.openAccepted > NO_SHOW_RULE.maxAccepted) {
    throw appError(409, 'NO_SHOW_LIMIT', 'NO_SHOW_LIMIT');
  }
}

export interface Accepted {
  requestId: number;
  receiverId: number;
  foodName: string;
  expiresAt: Date;
  /** Portions accepted and the time to collect them by; null on one receiver's food. */
  portions: { count: number; unit: PortionUnit; collectBy: Date | null } | null;
}

/** In the acceptance's transaction: the receiver told (with the pickup code on WhatsApp or SMS), reminders, the collect-by clock, the run. */
export async function afterAcceptance(trx: Db, accepted: Accepted, now: Date): Promise<void> {
  const { requestId, receiverId, foodName, expiresAt, portions } = accepted;
  await recordNotification(
    trx,
    portions?.collectBy
      ? notices.portionsAccepted(receiverId, foodName, { count: portions.count, unit: portions.unit }, portions.collectBy, requestId)
      : notices.requestAccepted(receiverId, foodName, requestId),
    now,
  );
  await dropReminders(trx, [requestId]);
  await schedulePickupReminder(trx, requestId, expiresAt, now);
  if (portions?.collectBy) await scheduleCollectDue(trx, requestId, portions.collectBy, expiresAt);
  // Issue 32: "Please deliver" becomes a run that volunteers near the pickup are told about.
  await openRunForRequest(trx, requestId, now);
}
