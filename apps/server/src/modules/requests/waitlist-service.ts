import { type JoinWaitlistInput, type PortionRules, type WaitlistEntry, WaitlistStatus } from '@annadaan/contract/portions';
import { type DonationRequest, RequestStatus, resolvePaymentMethod } from '@annadaan/contract/requests';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { MINUTE } from '../../lib/clock';
import { isUniqueViolation } from '../../lib/db-errors';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-errors';
import { isBlockedBetween } from '../blocks/blocks-repository';
import { findDonation } from '../donations/donations-repository';
import { findPortionState, returnPortions, settlePortionStatus, takePortions } from '../donations/portions';
import { finishJobWith } from '../jobs/job-queue';
import { notices, recordNotification, recordNotifications } from '../notifications/notifications-service';
import { isMemberOf } from '../organisations/organisations-membership';
import { afterAcceptance, assertNoShowRule, newPickupCode } from './acceptance';
import { assertNotHeld, assertWithinDailyCap } from './fair-share';
import { LAST_OFFER_BEFORE_EXPIRY_MS, collectByFrom, dropOfferDue, offerEndsFrom, scheduleOfferDue } from './portion-schedule';
import { findRequestView, insertRequest, markAccepted } from './requests-repository';
import { endEntriesOf, findEntry, findEntryView, firstWaiting, insertEntry, markOffered, moveEntry, openEntriesOf } from './waitlist-repository';

/*
 * The waitlist (issue 33; decision 053). When nothing of a donation in portions is left, a receiver
 * may wait in line for some. Portions that come free (a withdrawal, a partial collection, a
 * no-show, an offer passed or not answered) are offered to the first in line, who has a few
 * minutes (never past the food's expiry) to take them; then the next. An offer holds its portions,
 * so nobody else can take them meanwhile; its clock is a job on the queue, so it survives a restart.
 */

type Db = Kysely<Database>;

/** Inside the transaction that freed portions: offers what is left to those in line, in order, then settles the donation's status. */
export async function offerFreedPortions(trx: Db, donationId: number, now: Date, rules: PortionRules): Promise<void> {
  // Bounded: each pass either offers to one person or stops.
  for (let pass = 0; pass < 100; pass += 1) {
    const state = await findPortionState(trx, donationId, now);
    if (!state || state.left <= 0 || (state.status !== 'AVAILABLE' && state.status !== 'PENDING')) break;
    if (state.expiresAt.getTime() - now.getTime() < LAST_OFFER_BEFORE_EXPIRY_MS) break;
    const next = await firstWaiting(trx, donationId);
    if (!next) break;
    const count = Math.min(next.portions, state.left);
    if (!(await takePortions(trx, donationId, count, now))) break;
    const endsAt = offerEndsFrom(now, state.expiresAt, rules);
    if (!(await markOffered(trx, next.id, count, endsAt, now))) {
      await returnPortions(trx, donationId, count, now);
      break;
    }
    await scheduleOfferDue(trx, next.id, endsAt);
    const minutes = Math.max(1, Math.floor((endsAt.getTime() - now.getTime()) / MINUTE));
    await recordNotification(trx, notices.waitlistOffer(next.userId, donationId, state.foodName, { count, unit: state.unit }, minutes), now);
  }
  // Every portion collected: nothing more will come free for those still in line.
  if ((await settlePortionStatus(trx, donationId, now)) === 'COMPLETED') await endWaitlistsOf(trx, [donationId], now);
}

/** A receiver joins the line for `portions` of a donation with nothing left. */
export async function joinWaitlist(
  db: Db,
  userId: number,
  donationId: number,
  input: JoinWaitlistInput,
  now: Date,
  rules: PortionRules,
): Promise<WaitlistEntry> {
  const donation = await findDonation(db, donationId, now);
  if (!donation || donation.hidden) throw notFound('DONATION_NOT_FOUND');
  if (donation.donorId === userId) throw forbidden('REQUEST_OWN_DONATION');
  const organisationId = typeof input.organisationId === 'number' ? input.organisationId : null;
  if (organisationId !== null && !(await isMemberOf(db, organisationId, userId))) throw notFound('ORGANISATION_NOT_FOUND').onField('organisationId');
  if (await isBlockedBetween(db, donation.donorId, userId)) throw forbidden('BLOCKED_REQUEST');
  if (!donation.portions) throw badRequest('PORTIONS_NOT_SHARED').onField('portions');
  if (donation.status !== 'AVAILABLE' && donation.status !== 'PENDING') throw conflict('DONATION_NOT_AVAILABLE');
  if (donation.portions.left > 0) throw conflict('WAITLIST_NOT_NEEDED');
  const portions = typeof input.portions === 'number' ? input.portions : 1;
  if (portions > donation.portions.maxPerRequest) throw badRequest('PORTIONS_OVER_MAX', { max: donation.portions.maxPerRequest }).onField('portions');
  await assertNotHeld(db, donation.organisationsOnlyUntil, organisationId, now);
  const open = await db
    .selectFrom('donation_requests')
    .select('id')
    .where('donation_id', '=', donationId)
    .where('receiver_id', '=', userId)
    .where('status', 'in', [RequestStatus.PENDING, RequestStatus.AWAITING_PICKUP])
    .executeTakeFirst();
  if (open) throw conflict('WAITLIST_HAS_REQUEST');
  try {
    await db.transaction().execute(async (trx) => {
      await assertWithinDailyCap(trx, userId, organisationId, portions, now, rules);
      await insertEntry(trx, { donationId, userId, organisationId, portions }, now);
      // Portions freed between the check above and this insert found nobody in line: offer them now.
      await offerFreedPortions(trx, donationId, now, rules);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('WAITLIST_ALREADY_JOINED');
    throw error;
  }
  return (await findEntryView(db, userId, donationId)) as WaitlistEntry;
}

/** The person's latest place in line for this donation, or null. */
export function myWaitlistEntry(db: Db, userId: number, donationId: number): Promise<WaitlistEntry | null> {
  return findEntryView(db, userId, donationId);
}

async function ownEntry(db: Db, userId: number, entryId: number) {
  const entry = await findEntry(db, entryId);
  // Another person's place is not found, as a place that does not exist.
  if (!entry || entry.userId !== userId) throw notFound('WAITLIST_ENTRY_NOT_FOUND');
  return entry;
}

/** Offered portions handed back (passed, lapsed, erased) and offered to the next in line, in the caller's transaction. */
async function giveBackOffer(
  trx: Db,
  entry: { id: number; donationId: number; offeredPortions: number | null },
  to: WaitlistStatus,
  now: Date,
  rules: PortionRules,
) {
  if (!(await moveEntry(trx, entry.id, WaitlistStatus.OFFERED, to, now))) return false;
  await dropOfferDue(trx, [entry.id]);
  await returnPortions(trx, entry.donationId, entry.offeredPortions ?? 0, now);
  await offerFreedPortions(trx, entry.donationId, now, rules);
  return true;
}

/** Steps out of the line: a waiting place is left; an open offer is passed to the next in line. */
export async function leaveWaitlist(db: Db, userId: number, entryId: number, now: Date, rules: PortionRules): Promise<WaitlistEntry> {
  const entry = await ownEntry(db, userId, entryId);
  const done = await db.transaction().execute(async (trx) => {
    if (entry.status === WaitlistStatus.WAITING) return moveEntry(trx, entry.id, WaitlistStatus.WAITING, WaitlistStatus.LEFT, now);
    if (entry.status === WaitlistStatus.OFFERED) return giveBackOffer(trx, entry, WaitlistStatus.PASSED, now, rules);
    return false;
  });
  if (!done) throw conflict('WAITLIST_NOT_WAITING');
  return (await findEntryView(db, userId, entry.donationId)) as WaitlistEntry;
}

/** Takes an open offer: it becomes an accepted request with its own pickup code, in one transaction. */
export async function takeOffer(db: Db, userId: number, entryId: number, now: Date, rules: PortionRules): Promise<DonationRequest> {
  const entry = await ownEntry(db, userId, entryId);
  if (entry.status !== WaitlistStatus.OFFERED || entry.offerExpiresAt === null || entry.offerExpiresAt <= now) throw conflict('WAITLIST_OFFER_GONE');
  const donation = await findDonation(db, entry.donationId, now);
  if (!donation?.portions || (donation.status !== 'AVAILABLE' && donation.status !== 'PENDING')) throw conflict('WAITLIST_OFFER_GONE');
  const count = entry.offeredPortions ?? 0;
  const expiresAt = new Date(donation.expiresAt);
  const unit = donation.portions.unit;
  let requestId: number;
  try {
    requestId = await db.transaction().execute(async (trx) => {
      await assertWithinDailyCap(trx, userId, entry.organisationId, count, now, rules);
      const id = await insertRequest(
        trx,
        donation.id,
        userId,
        resolvePaymentMethod(donation.free, undefined),
        now,
        { choice: 'COLLECT' },
        entry.organisationId,
        entry.portions,
      );
      const collectBy = collectByFrom(now, expiresAt, rules);
      if (!(await markAccepted(trx, id, newPickupCode(), now, { accepted: count, collectBy }))) throw conflict('WAITLIST_OFFER_GONE');
      if (!(await moveEntry(trx, entry.id, WaitlistStatus.OFFERED, WaitlistStatus.TAKEN, now, id))) throw conflict('WAITLIST_OFFER_GONE');
      await dropOfferDue(trx, [entry.id]);
      await assertNoShowRule(trx, userId, now);
      await afterAcceptance(trx, { requestId: id, receiverId: userId, foodName: donation.foodName, expiresAt, portions: { count, unit, collectBy } }, now);
      await recordNotification(trx, notices.portionsTaken(donation.donorId, donation.id, donation.foodName, { count, unit }), now);
      await settlePortionStatus(trx, donation.id, now);
      return id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('WAITLIST_HAS_REQUEST');
    throw error;
  }
  return findRequestView(db, requestId, userId, now);
}

/** The job: an offer not answered in time lapses and goes to the next in line. Idempotent. */
export async function lapseOffer(db: Db, entryId: number, jobId: number, now: Date, rules: PortionRules): Promise<void> {
  const entry = await findEntry(db, entryId);
  if (!entry || entry.status !== WaitlistStatus.OFFERED) return;
  await db.transaction().execute(async (trx) => {
    if (!(await finishJobWith(trx, jobId))) return;
    await giveBackOffer(trx, entry, WaitlistStatus.LAPSED, now, rules);
  });
}

/** The food is gone (expired, withdrawn, hidden, all collected): everyone in line is told, in the caller's transaction. */
export async function endWaitlistsOf(trx: Db, donationIds: number[], now: Date): Promise<void> {
  const ended = await endEntriesOf(trx, donationIds, now);
  if (ended.length === 0) return;
  await dropOfferDue(
    trx,
    ended.map((entry) => entry.id),
  );
  const foods = await trx
    .selectFrom('donations')
    .select(['id', 'food_name'])
    .where('id', 'in', [...new Set(ended.map((entry) => entry.donationId))])
    .execute();
  const foodOf = new Map(foods.map((row) => [row.id, row.food_name]));
  await recordNotifications(
    trx,
    ended.map((entry) => notices.waitlistEnded(entry.userId, foodOf.get(entry.donationId) ?? '')),
    now,
  );
}

/** An account being deleted: its places in line go, and portions it was offered go to the next in line. */
export async function leaveWaitlistsOf(trx: Db, userId: number, now: Date, rules: PortionRules): Promise<void> {
  for (const entry of await openEntriesOf(trx, userId)) {
    if (entry.status === WaitlistStatus.WAITING) await moveEntry(trx, entry.id, WaitlistStatus.WAITING, WaitlistStatus.LEFT, now);
    else await giveBackOffer(trx, entry, WaitlistStatus.PASSED, now, rules);
  }
}
