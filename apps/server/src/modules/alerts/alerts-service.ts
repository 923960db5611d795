import { ALERTS_PER_PERSON, ALERT_WINDOW_MS, type Alert, type CreateAlert, distanceKm } from '@annadaan/contract/alerts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { appError } from '../../lib/http-errors';
import { type NewNotification } from '../notifications/notifications-repository';
import { notices, recordNotifications } from '../notifications/notifications-service';
import {
  boxCandidates,
  claimAlertSlot,
  findAlert,
  findDonationForMatching,
  insertAlert,
  markMatchNotified,
  openWindow,
  recordMatch,
  setLastNotified,
  takeHeldMatches,
} from './alerts-repository';

/** Saves an alert if the person has a place left (counted in the same transaction as the insert). */
export async function createAlert(db: Kysely<Database>, userId: number, input: CreateAlert, now: Date): Promise<Alert> {
  return db.transaction().execute(async (trx) => {
    if (!(await claimAlertSlot(trx, userId))) throw appError(409, 'ALERT_LIMIT', 'ALERT_LIMIT', { max: ALERTS_PER_PERSON });
    return insertAlert(trx, userId, input, now);
  });
}

/** A digest to run when an alert's window ends (job kind ALERT_DIGEST_JOB, keyed per alert). */
export interface DigestDue {
  alertId: number;
  runAt: Date;
}

export interface MatchOutcome {
  /** Alerts told at once. */
  notified: number;
  /** Alerts inside their window: the match is held for the digest. */
  held: DigestDue[];
}

/**
 * Tells every alert whose circle holds the new donation's public point. Run in one transaction
 * (the caller's), off the request path. A donation without a point, no longer listed, or already
 * matched by an earlier run tells nobody. An alert inside its 10-minute window records the match
 * for the digest at the window's end, which the caller schedules.
 */
export async function matchDonation(trx: Kysely<Database>, donationId: number, now: Date): Promise<MatchOutcome> {
  const outcome: MatchOutcome = { notified: 0, held: [] };
  const donation = await findDonationForMatching(trx, donationId);
  if (!donation || donation.publicPoint === null) return outcome;
  if (donation.status !== 'AVAILABLE' || donation.expiresAt <= now.toISOString()) return outcome;
  const point = donation.publicPoint;

  const candidates = await boxCandidates(trx, point, donation.food, donation.donorId);
  const inside = candidates.filter((alert) => distanceKm({ lat: alert.lat, lng: alert.lng }, point) <= alert.radiusKm);
  const told: NewNotification[] = [];
  for (const alert of inside) {
    if (!(await recordMatch(trx, alert.id, donation.id, now))) continue;
    if (await openWindow(trx, alert.id, now, ALERT_WINDOW_MS)) {
      await markMatchNotified(trx, alert.id, donation.id, now);
      told.push(notices.nearbyDonation(alert.userId, alert, donation.id, donation.foodName, donation.portionsLeft));
    } else {
      const current = await findAlert(trx, alert.id);
      const opened = current?.lastNotifiedAt ? new Date(current.lastNotifiedAt).getTime() : now.getTime();
      outcome.held.push({ alertId: alert.id, runAt: new Date(opened + ALERT_WINDOW_MS) });
    }
  }
  await recordNotifications(trx, told, now);
  outcome.notified = told.length;
  return outcome;
}

export type DigestOutcome = { told: number } | { retryAt: Date };

/**
 * The end of an alert's window: everything held since folds into one notification ("3 new
 * donations near Home"), or the single donation's own when only one is still listed. Nothing is
 * held after a first run, so running it twice tells once. Called early, it asks to run at the
 * window's end instead.
 */
export async function sendDigest(trx: Kysely<Database>, alertId: number, now: Date): Promise<DigestOutcome> {
  const alert = await findAlert(trx, alertId);
  if (!alert) return { told: 0 };
  if (alert.lastNotifiedAt) {
    const windowEnd = new Date(alert.lastNotifiedAt).getTime() + ALERT_WINDOW_MS;
    if (windowEnd > now.getTime()) return { retryAt: new Date(windowEnd) };
  }
  const listed = await takeHeldMatches(trx, alertId, now);
  if (listed.length === 0) return { told: 0 };
  await setLastNotified(trx, alertId, now);
  const [only] = listed;
  const notification =
    listed.length === 1 && only
      ? notices.nearbyDonation(alert.userId, alert, only.donationId, only.foodName)
      : notices.nearbyDonations(alert.userId, alert, listed.length);
  await recordNotifications(trx, [notification], now);
  return { told: listed.length };
}
