import { type PlainCode, coded } from '@annadaan/contract/message-codes';
import { effectiveDonationStatus } from '@annadaan/contract/donations';
import { PORTION_RULE_DEFAULTS, type PortionRules } from '@annadaan/contract/portions';
import {
  type DonationRequest,
  type MyReliability,
  type MyRequestForDonation,
  PICKUP_CODE_MAX_FAILED_ATTEMPTS,
  PICKUP_CODE_MAX_RENEWALS,
  type PaymentMethod,
  type PickupInfo,
  RequestStatus,
  resolvePaymentMethod,
} from '@annadaan/contract/requests';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError, appError, badRequest, conflict, forbidden, locked, notFound } from '../../lib/http-errors';
import { DeliveryType } from '@annadaan/contract/donations';
import { DeliveryChoice } from '@annadaan/contract/runs';
import { isBlockedBetween } from '../blocks/blocks-repository';
import { isMemberOf } from '../organisations/organisations-membership';
import { findDonation, lockAvailableDonation, moveDonationStatus } from '../donations/donations-repository';
import { findPortionState, returnPortions, settlePortionStatus, takePortions } from '../donations/portions';
import { notices, recordNotification, recordNotifications } from '../notifications/notifications-service';
import { CancelledBy, donorReliabilities, markNoShows, noShowStanding, receiverReliabilities } from './reliability-repository';
import { dropReminders, scheduleWaitingReminder } from './request-reminders';
import { assertNoRunCarrying, endRunOfRequest, endRunsOfDonations } from '../runs/runs-service';
import { afterAcceptance, assertNoShowRule, newPickupCode } from './acceptance';
import { assertNotHeld, assertWithinDailyCap } from './fair-share';
import { collectByFrom, dropCollectDue } from './portion-schedule';
import { endWaitlistsOf, leaveWaitlistsOf, offerFreedPortions } from './waitlist-service';
import {
  type RequestParties,
  cancelOpenOfDonations,
  clearPickupCodesOf,
  effectiveRequestStatus,
  findRequestParties,
  findLatestRequestOf,
  findRequestView,
  insertRequest,
  markAccepted,
  markCompleted,
  moveRequestStatus,
  openRequestIdsOf,
  recordWrongCode,
  rejectPendingOfDonation,
  replaceCode,
  wasRejected,
} from './requests-repository';

type Db = Kysely<Database>;
type Party = 'donor' | 'receiver';

/** Codes issued over a request's life: the one at acceptance plus the fresh ones. */
const MAX_CODES = 1 + PICKUP_CODE_MAX_RENEWALS;

/**
 * Loads a request for one of its two parties. A stranger learns nothing (404); the other party
 * learns only that this action is not theirs (403).
 */
async function loadFor(db: Db, requestId: number, userId: number, party: Party, notYours: PlainCode): Promise<RequestParties> {
  const request = await findRequestParties(db, requestId);
  if (!request || (request.donorId !== userId && request.receiverId !== userId)) throw notFound('REQUEST_NOT_FOUND');
  const isParty = party === 'donor' ? request.donorId === userId : request.receiverId === userId;
  if (!isParty) throw forbidden(notYours);
  return request;
}

function statusNow(request: RequestParties, now: Date): RequestStatus {
  return effectiveRequestStatus(request.status, request.donationStatus, request.expiresAt, now);
}

function donationExpired(request: RequestParties, now: Date): boolean {
  return effectiveDonationStatus(request.donationStatus, request.expiresAt, now) === 'EXPIRED';
}

/** 409 unless the request is (still) in one of the wanted states. */
function expectStatus(request: RequestParties, now: Date, wanted: readonly RequestStatus[], message: PlainCode) {
  if (donationExpired(request, now) && request.status !== RequestStatus.COMPLETED) throw conflict('DONATION_EXPIRED');
  if (!wanted.includes(statusNow(request, now))) throw conflict(message);
}

/** How the food reaches the receiver: collected (the default, and all the earlier client sends) or delivered to a drop-off. */
export interface DeliveryAsked {
  choice: DeliveryChoice;
  dropoff?: { address: string; latitude: number | null; longitude: number | null };
}

export async function createRequest(
  db: Db,
  receiverId: number,
  donationId: number,
  chosen: PaymentMethod | undefined,
  now: Date,
  delivery: DeliveryAsked = { choice: DeliveryChoice.COLLECT },
  organisationId: number | null = null,
  /** Issue 33: portions asked for (1 when left out, all the earlier client can ask). */
  portionsAsked: number | undefined = undefined,
  rules: PortionRules = PORTION_RULE_DEFAULTS,
): Promise<DonationRequest> {
  const donation = await findDonation(db, donationId, now);
  if (!donation) throw notFound('DONATION_NOT_FOUND');
  if (donation.donorId === receiverId) throw forbidden('REQUEST_OWN_DONATION');
  // Issue 32: only a member asks on an organisation's behalf, and never for what it gives itself.
  if (organisationId !== null) {
    if (!(await isMemberOf(db, organisationId, receiverId))) throw notFound('ORGANISATION_NOT_FOUND').onField('organisationId');
    if (donation.organisation?.id === organisationId) throw forbidden('REQUEST_OWN_DONATION');
  }
  // Issue 16: blocked either way, the two do not deal with each other.
  if (await isBlockedBetween(db, donation.donorId, receiverId)) throw forbidden('BLOCKED_REQUEST');
  // Issue 33: food in portions with nothing left is PENDING until some come free: the waitlist is the way in.
  if (donation.portions !== null && donation.status === 'PENDING') throw conflict('NO_PORTIONS_LEFT');
  if (donation.status !== 'AVAILABLE') throw conflict('DONATION_NOT_AVAILABLE');
  // A turned-down receiver asking again would only put the same question to the donor twice.
  if (await wasRejected(db, receiverId, donationId)) throw conflict('REQUEST_ALREADY_REJECTED');
  // Issue 32: delivery only where the donor offered it (a delivery partner, or either way).
  if (delivery.choice === DeliveryChoice.DELIVER && donation.deliveryType === DeliveryType.SELF_PICKUP) {
    throw badRequest('DELIVERY_NOT_OFFERED').onField('delivery');
  }
  // Issue 33: food held for verified organisations at first; portions within the donor's most per request.
  await assertNotHeld(db, donation.organisationsOnlyUntil, organisationId, now);
  const portions = donation.portions;
  if (portions === null && portionsAsked !== undefined && portionsAsked > 1) throw badRequest('PORTIONS_NOT_SHARED').onField('portions');
  const asked = portions === null ? null : (portionsAsked ?? 1);
  if (portions !== null && asked !== null) {
    if (asked > portions.maxPerRequest) throw badRequest('PORTIONS_OVER_MAX', { max: portions.maxPerRequest }).onField('portions');
    if (portions.left === 0) throw conflict('NO_PORTIONS_LEFT');
  }
  const paymentMethod = resolvePaymentMethod(donation.free, chosen);
  let id: number;
  try {
    id = await db.transaction().execute(async (trx) => {
      // Holding the donation row means a withdrawal racing this insert sees the new request and cancels it.
      if (!(await lockAvailableDonation(trx, donationId, now))) throw conflict(portions === null ? 'DONATION_NOT_AVAILABLE' : 'NO_PORTIONS_LEFT');
      if (asked !== null) await assertWithinDailyCap(trx, receiverId, organisationId, asked, now, rules);
      const inserted = await insertRequest(trx, donationId, receiverId, paymentMethod, now, delivery, organisationId, asked);
      if (portions?.autoAccept && asked !== null) {
        // Accepted in arrival order: as many as asked, or what is left.
        await acceptPortionsInTransaction(trx, inserted, asked, true, now, rules);
      } else {
        await recordNotification(trx, notices.requestReceived(donation.donorId, donationId, donation.foodName, inserted), now);
        await scheduleWaitingReminder(trx, inserted, now);
      }
      return inserted;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('REQUEST_ALREADY_OPEN');
    throw error;
  }
  return findRequestView(db, id, receiverId, now);
}

/**
 * Accepts `count` portions of a request in the caller's transaction (issue 33): takes them in one
 * conditional statement (never more than are left, whichever instance writes), gives the request
 * its code and its time to collect, and settles the donation's status. `upToLeft`: a donation that
 * accepts by itself gives what is left when fewer than asked are.
 */
async function acceptPortionsInTransaction(trx: Db, requestId: number, count: number, upToLeft: boolean, now: Date, rules: PortionRules): Promise<void> {
  const request = await findRequestParties(trx, requestId);
  if (!request) throw notFound('REQUEST_NOT_FOUND');
  const state = await findPortionState(trx, request.donationId, now);
  if (!state) throw conflict('ONLY_PENDING_ACCEPTED');
  const taking = upToLeft ? Math.min(count, state.left) : count;
  if (taking === 0) throw conflict('NO_PORTIONS_LEFT');
  if (!(await takePortions(trx, request.donationId, taking, now))) {
    const left = (await findPortionState(trx, request.donationId, now))?.left ?? 0;
    if (left === 0) throw conflict('NO_PORTIONS_LEFT');
    throw conflict('NOT_ENOUGH_PORTIONS_LEFT', { left }).onField('portions');
  }
  // A delivery has the run's own clock (issue 32); collecting in person has the waitlist's.
  const collectBy = request.deliveryChoice === 'DELIVER' ? null : collectByFrom(now, state.expiresAt, rules);
  if (!(await markAccepted(trx, requestId, newPickupCode(), now, { accepted: taking, collectBy }))) throw conflict('ONLY_PENDING_ACCEPTED');
  await assertNoShowRule(trx, request.receiverId, now);
  await afterAcceptance(
    trx,
    {
      requestId,
      receiverId: request.receiverId,
      foodName: state.foodName,
      expiresAt: state.expiresAt,
      portions: { count: taking, unit: state.unit, collectBy },
    },
    now,
  );
  if (upToLeft) await recordNotification(trx, notices.portionsTaken(state.donorId, state.donationId, state.foodName, { count: taking, unit: state.unit }), now);
  await settlePortionStatus(trx, request.donationId, now);
}

export async function acceptRequest(
  db: Db,
  donorId: number,
  requestId: number,
  now: Date,
  /** Issue 33: portions to accept, fewer than asked if the donor wishes; all that was asked when left out. */
  portions: number | undefined = undefined,
  rules: PortionRules = PORTION_RULE_DEFAULTS,
): Promise<DonationRequest> {
  const request = await loadFor(db, requestId, donorId, 'donor', 'DONOR_ONLY_ACCEPT');
  expectStatus(request, now, [RequestStatus.PENDING], 'ONLY_PENDING_ACCEPTED');
  if (request.portionsAsked !== null) {
    const count = portions ?? request.portionsAsked;
    if (count > request.portionsAsked) throw badRequest('ACCEPT_MORE_THAN_ASKED', { asked: request.portionsAsked }).onField('portions');
    await db.transaction().execute((trx) => acceptPortionsInTransaction(trx, requestId, count, false, now, rules));
    return findRequestView(db, requestId, donorId, now);
  }
  try {
    await db.transaction().execute(async (trx) => {
      // Donation first, then request, in every transition: one lock order, no deadlocks.
      if (!(await moveDonationStatus(trx, request.donationId, ['AVAILABLE'], 'PENDING', now))) {
        throw conflict('ANOTHER_REQUEST_ACCEPTED_OR_GONE');
      }
      if (!(await markAccepted(trx, requestId, newPickupCode(), now))) {
        throw conflict('ONLY_PENDING_ACCEPTED');
      }
      await assertNoShowRule(trx, request.receiverId, now);
      await afterAcceptance(trx, { requestId, receiverId: request.receiverId, foodName: request.foodName, expiresAt: request.expiresAt, portions: null }, now);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('ANOTHER_REQUEST_ACCEPTED');
    throw error;
  }
  return findRequestView(db, requestId, donorId, now);
}

export async function rejectRequest(db: Db, donorId: number, requestId: number, now: Date): Promise<DonationRequest> {
  const request = await loadFor(db, requestId, donorId, 'donor', 'DONOR_ONLY_REJECT');
  expectStatus(request, now, [RequestStatus.PENDING], 'ONLY_PENDING_REJECTED');
  await db.transaction().execute(async (trx) => {
    if (!(await moveRequestStatus(trx, requestId, RequestStatus.PENDING, RequestStatus.REJECTED, now))) {
      throw conflict('ONLY_PENDING_REJECTED');
    }
    await recordNotification(trx, notices.requestRejected(request.receiverId, request.foodName), now);
    await dropReminders(trx, [requestId]);
  });
  return findRequestView(db, requestId, donorId, now);
}

/**
 * The receiver withdraws. An accepted request gives its donation back (AVAILABLE again, since it
 * has not expired) in the same transaction, so the donation is never PENDING without it.
 */
export async function cancelRequest(
  db: Db,
  receiverId: number,
  requestId: number,
  now: Date,
  rules: PortionRules = PORTION_RULE_DEFAULTS,
): Promise<DonationRequest> {
  // Twice at most: a PENDING request may be accepted between the read and the write.
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const request = await loadFor(db, requestId, receiverId, 'receiver', 'RECEIVER_ONLY_CANCEL');
    expectStatus(request, now, [RequestStatus.PENDING, RequestStatus.AWAITING_PICKUP], 'CANCEL_TOO_LATE');
    if (request.status === RequestStatus.PENDING) {
      const cancelled = await db.transaction().execute((trx) => withdrawPending(trx, request, now));
      if (cancelled) return findRequestView(db, requestId, receiverId, now);
      continue;
    }
    await assertNoRunCarrying(db, requestId);
    await db.transaction().execute(async (trx) => {
      if (!(await withdrawAccepted(trx, request, now, rules))) throw conflict('CANCEL_TOO_LATE');
    });
    return findRequestView(db, requestId, receiverId, now);
  }
  throw conflict('CANCEL_TOO_LATE');
}

/** PENDING to CANCELLED and the donor told, inside the caller's transaction; false if it was no longer pending. */
async function withdrawPending(trx: Db, request: RequestParties, now: Date): Promise<boolean> {
  if (!(await moveRequestStatus(trx, request.id, RequestStatus.PENDING, RequestStatus.CANCELLED, now))) return false;
  await recordNotification(trx, notices.requestCancelled(request.donorId, request.donationId, request.foodName), now);
  await dropReminders(trx, [request.id]);
  return true;
}

/**
 * AWAITING_PICKUP to CANCELLED, the donation AVAILABLE again and the donor told, inside the
 * caller's transaction. False (and nothing written that the caller's rollback would not undo)
 * when either row had moved on; callers that go on after false must not have written first.
 */
async function withdrawAccepted(trx: Db, request: RequestParties, now: Date, rules: PortionRules): Promise<boolean> {
  if (request.portionsAccepted !== null) {
    // Issue 33: the portions go back to the pool, and to the first in line.
    if (!(await moveRequestStatus(trx, request.id, RequestStatus.AWAITING_PICKUP, RequestStatus.CANCELLED, now, CancelledBy.RECEIVER))) return false;
    await returnPortions(trx, request.donationId, request.portionsAccepted, now);
    await recordNotification(trx, notices.requestCancelled(request.donorId, request.donationId, request.foodName), now);
    await dropReminders(trx, [request.id]);
    await dropCollectDue(trx, [request.id]);
    await endRunOfRequest(trx, request.id, 'RECEIVER', now);
    await offerFreedPortions(trx, request.donationId, now, rules);
    return true;
  }
  if (!(await moveDonationStatus(trx, request.donationId, ['PENDING'], 'AVAILABLE', now))) return false;
  if (!(await moveRequestStatus(trx, request.id, RequestStatus.AWAITING_PICKUP, RequestStatus.CANCELLED, now, CancelledBy.RECEIVER))) {
    // The donation was PENDING for another reason than this request: put it back as it was.
    await moveDonationStatus(trx, request.donationId, ['AVAILABLE'], 'PENDING', now);
    return false;
  }
  await recordNotification(trx, notices.requestCancelled(request.donorId, request.donationId, request.foodName), now);
  await dropReminders(trx, [request.id]);
  await endRunsOfDonations(trx, [request.donationId], 'RECEIVER', now);
  return true;
}

/**
 * A receiver's account is being deleted: every request still open is withdrawn as the receiver
 * would withdraw it (accepted ones give their donation back), and each donor is told; then the
 * pickup codes of all their requests go. Inside the deletion's transaction.
 */
export async function withdrawOpenRequestsOf(trx: Db, receiverId: number, now: Date, rules: PortionRules = PORTION_RULE_DEFAULTS): Promise<void> {
  for (const requestId of await openRequestIdsOf(trx, receiverId, now)) {
    const request = await findRequestParties(trx, requestId);
    if (!request) continue;
    if (request.status === RequestStatus.PENDING) await withdrawPending(trx, request, now);
    else if (request.status === RequestStatus.AWAITING_PICKUP) await withdrawAccepted(trx, request, now, rules);
  }
  await clearPickupCodesOf(trx, receiverId, now);
  // Issue 33: their places in line go too; portions they were offered go to the next in line.
  await leaveWaitlistsOf(trx, receiverId, now, rules);
}

export class WrongPickupCodeError extends AppError {
  constructor(readonly failedAttempts: number) {
    super(400, 'WRONG_PICKUP_CODE', coded('PICKUP_CODE_WRONG'));
    this.onField('pickupCode');
  }
}

/** Rolls back a completion whose code did not match or had no try left. */
class NotCompleted extends Error {}

/** The donor enters the receiver's code. Right: the pickup completes. Wrong: one of 5 tries is gone. */
export async function confirmPickup(
  db: Db,
  donorId: number,
  requestId: number,
  pickupCode: string,
  now: Date,
  /** Issue 33: fewer portions than accepted came away; the rest go back to share. */
  portionsCollected: number | undefined = undefined,
  rules: PortionRules = PORTION_RULE_DEFAULTS,
): Promise<DonationRequest> {
  const request = await loadFor(db, requestId, donorId, 'donor', 'DONOR_ONLY_CONFIRM_PICKUP');
  if (portionsCollected !== undefined) {
    if (request.portionsAccepted === null) {
      if (portionsCollected > 1) throw badRequest('PORTIONS_NOT_SHARED').onField('portionsCollected');
    } else if (portionsCollected > request.portionsAccepted) {
      throw badRequest('COLLECTED_MORE_THAN_ACCEPTED', { accepted: request.portionsAccepted }).onField('portionsCollected');
    }
  }
  // Issue 32: while a volunteer holds the food, the receiver gets it from them, not from the donor.
  await assertNoRunCarrying(db, requestId);
  await completeWithCode(
    db,
    requestId,
    pickupCode,
    now,
    async (trx, completed) => {
      // The receiver came in person after all: a run still open or claimed ends, its volunteer told.
      await endRunOfRequest(trx, completed.id, 'DONOR_CONFIRMED', now);
    },
    portionsCollected,
    rules,
  );
  return findRequestView(db, requestId, donorId, now);
}

/**
 * Completes an accepted request with the receiver's code, whoever enters it (the donor at a
 * pickup, the volunteer at a drop-off), with the caller's own writes in the same transaction.
 */
export async function completeWithCode(
  db: Db,
  requestId: number,
  pickupCode: string,
  now: Date,
  inTransaction: (trx: Db, request: RequestParties) => Promise<void>,
  portionsCollected: number | undefined = undefined,
  rules: PortionRules = PORTION_RULE_DEFAULTS,
): Promise<void> {
  const request = await findRequestParties(db, requestId);
  if (!request) throw notFound('REQUEST_NOT_FOUND');
  if (request.status === RequestStatus.COMPLETED) throw conflict('PICKUP_ALREADY_CONFIRMED');
  expectStatus(request, now, [RequestStatus.AWAITING_PICKUP], 'NOT_AWAITING_PICKUP');
  if (request.failedAttempts >= PICKUP_CODE_MAX_FAILED_ATTEMPTS || request.pickupCode === null) throw locked('PICKUP_CODE_VOID');

  // The entry is compared and counted in one conditional statement each (wrong: counted while a
  // try is left; right: completes while a try is left), so a burst of parallel entries gets no
  // more comparisons than there are tries, and the answers after the last try are all the same.
  const failed = await recordWrongCode(db, requestId, pickupCode, PICKUP_CODE_MAX_FAILED_ATTEMPTS, now);
  if (failed !== null) {
    if (failed >= PICKUP_CODE_MAX_FAILED_ATTEMPTS) throw locked('PICKUP_CODE_VOID');
    throw new WrongPickupCodeError(failed);
  }

  const completed = await db
    .transaction()
    .execute(async (trx) => {
      if (request.portionsAccepted !== null) {
        // Issue 33: one receiver's portions handed over; the donation goes on while others are to come.
        const collected = Math.min(portionsCollected ?? request.portionsAccepted, request.portionsAccepted);
        if (!(await markCompleted(trx, requestId, pickupCode, PICKUP_CODE_MAX_FAILED_ATTEMPTS, now, collected))) throw new NotCompleted();
        await returnPortions(trx, request.donationId, request.portionsAccepted - collected, now);
        await recordNotifications(
          trx,
          [
            notices.pickupCompleted(request.donorId, 'donor', request.donationId, request.foodName),
            notices.pickupCompleted(request.receiverId, 'receiver', request.donationId, request.foodName),
          ],
          now,
        );
        await dropReminders(trx, [requestId]);
        await dropCollectDue(trx, [requestId]);
        await inTransaction(trx, request);
        await offerFreedPortions(trx, request.donationId, now, rules);
        if ((await settlePortionStatus(trx, request.donationId, now)) === 'COMPLETED') {
          const turnedDown = await rejectPendingOfDonation(trx, request.donationId, now);
          await recordNotifications(
            trx,
            turnedDown.map((receiverId) => notices.requestRejected(receiverId, request.foodName)),
            now,
          );
        }
        return true;
      }
      if (!(await moveDonationStatus(trx, request.donationId, ['PENDING'], 'COMPLETED', now))) {
        throw conflict('NOT_AWAITING_PICKUP');
      }
      if (!(await markCompleted(trx, requestId, pickupCode, PICKUP_CODE_MAX_FAILED_ATTEMPTS, now))) {
        throw new NotCompleted();
      }
      const turnedDown = await rejectPendingOfDonation(trx, request.donationId, now);
      await recordNotifications(
        trx,
        [
          notices.pickupCompleted(request.donorId, 'donor', request.donationId, request.foodName),
          notices.pickupCompleted(request.receiverId, 'receiver', request.donationId, request.foodName),
          ...turnedDown.map((receiverId) => notices.requestRejected(receiverId, request.foodName)),
        ],
        now,
      );
      await dropReminders(trx, [requestId]);
      await inTransaction(trx, request);
      return true;
    })
    .catch((error: unknown) => {
      if (error instanceof NotCompleted) return false;
      throw error;
    });
  if (!completed) {
    const latest = await findRequestParties(db, requestId);
    if (latest?.status !== RequestStatus.AWAITING_PICKUP) throw conflict('NOT_AWAITING_PICKUP');
    if (latest.failedAttempts >= PICKUP_CODE_MAX_FAILED_ATTEMPTS) throw locked('PICKUP_CODE_VOID');
    throw conflict('PICKUP_CODE_CHANGED');
  }
}

/**
 * The food a volunteer carried was no longer safe (issue 32): the accepted request ends, counted
 * against nobody, and the donation is over (EXPIRED: it can be neither listed nor collected
 * again). In the caller's transaction; false when the request had moved on.
 */
export async function endRequestForDisposal(trx: Db, requestId: number, now: Date): Promise<boolean> {
  const request = await findRequestParties(trx, requestId);
  if (!request || request.status !== RequestStatus.AWAITING_PICKUP) return false;
  if (request.portionsAccepted !== null) {
    // Issue 33: only this receiver's portions were carried and are thrown away; they stay taken, and the rest of the food goes on.
    if (!(await moveRequestStatus(trx, requestId, RequestStatus.AWAITING_PICKUP, RequestStatus.CANCELLED, now))) return false;
    await dropReminders(trx, [requestId]);
    await dropCollectDue(trx, [requestId]);
    await settlePortionStatus(trx, request.donationId, now);
    return true;
  }
  if (!(await moveDonationStatus(trx, request.donationId, ['PENDING'], 'EXPIRED', now))) return false;
  if (!(await moveRequestStatus(trx, requestId, RequestStatus.AWAITING_PICKUP, RequestStatus.CANCELLED, now))) return false;
  await dropReminders(trx, [requestId]);
  return true;
}

function assertCodeReadable(request: RequestParties, now: Date) {
  if (request.status === RequestStatus.COMPLETED) throw conflict('PICKUP_ALREADY_COMPLETE');
  expectStatus(request, now, [RequestStatus.AWAITING_PICKUP], 'REQUEST_NOT_ACCEPTED_YET');
  if (request.failedAttempts >= PICKUP_CODE_MAX_FAILED_ATTEMPTS || request.pickupCode === null) throw locked('PICKUP_CODE_VOID');
}

/**
 * The receiver, or a member of the organisation the request was made for (issue 32: whichever
 * member comes collects it), reads as the receiver; anyone else as loadFor says.
 */
async function loadForCollector(db: Db, requestId: number, userId: number, notYours: PlainCode): Promise<RequestParties> {
  const request = await findRequestParties(db, requestId);
  if (request && request.organisationId !== null && request.receiverId !== userId && (await isMemberOf(db, request.organisationId, userId))) {
    return request;
  }
  return loadFor(db, requestId, userId, 'receiver', notYours);
}

/** The receiver's code and the donor's number, for the pickup: the receiver's, or their organisation's members'. */
export async function readPickupCode(db: Db, receiverId: number, requestId: number, now: Date): Promise<PickupInfo> {
  const request = await loadForCollector(db, requestId, receiverId, 'RECEIVER_ONLY_PICKUP_CODE');
  assertCodeReadable(request, now);
  return { pickupCode: request.pickupCode as string, donorContactNumber: request.donorContactNumber };
}

/**
 * A fresh code, e.g. when the receiver fears the old one was seen. At most 3 per request, and the
 * wrong-entry count carries over, so fresh codes never buy a guesser more tries.
 */
export async function renewPickupCode(db: Db, receiverId: number, requestId: number, now: Date): Promise<PickupInfo> {
  const request = await loadForCollector(db, requestId, receiverId, 'RECEIVER_ONLY_FRESH_CODE');
  assertCodeReadable(request, now);
  // 429 without Retry-After: this limit never resets for the request.
  if (request.codesIssued >= MAX_CODES) throw appError(429, 'RENEW_LIMIT', 'PICKUP_CODE_RENEW_LIMIT');
  const pickupCode = newPickupCode();
  if (!(await replaceCode(db, requestId, pickupCode, request.codesIssued, MAX_CODES, PICKUP_CODE_MAX_FAILED_ATTEMPTS, now))) {
    throw conflict('PICKUP_CODE_CHANGED');
  }
  return { pickupCode, donorContactNumber: request.donorContactNumber };
}

/**
 * For the expiry sweep (modules/donations), inside its transaction: on donations that just
 * expired, an accepted request becomes NO_SHOW and its receiver is told what that means; waiting
 * ones are cancelled as before. Returns how many no-shows it wrote.
 */
export async function closeRequestsOfExpiredDonations(trx: Db, donationIds: number[], now: Date): Promise<number> {
  await endRunsOfDonations(trx, donationIds, 'EXPIRED', now);
  await endWaitlistsOf(trx, donationIds, now);
  const missed = await markNoShows(trx, donationIds, now);
  const cancelled = await cancelOpenOfDonations(trx, donationIds, now);
  await recordNotifications(
    trx,
    [
      ...missed.map((noShow) => notices.pickupMissed(noShow.receiverId, noShow.foodName)),
      ...cancelled.map((open) => notices.donationExpired(open.receiverId, open.foodName)),
    ],
    now,
  );
  return missed.length;
}

/** For a donor withdrawing a donation (modules/donations): its open requests go, an accepted one counted against the donor. */
export async function closeRequestsOfWithdrawnDonation(trx: Db, donationId: number, now: Date): Promise<void> {
  await endRunsOfDonations(trx, [donationId], 'DONOR', now);
  await endWaitlistsOf(trx, [donationId], now);
  const cancelled = await cancelOpenOfDonations(trx, [donationId], now, true);
  await recordNotifications(
    trx,
    cancelled.map((open) => notices.donationCancelled(open.receiverId, open.foodName)),
    now,
  );
}

/**
 * An admin hid the donation (moderation): its open requests are cancelled, counted against nobody,
 * and each receiver is told not to go and collect it; in the caller's transaction.
 */
export async function closeRequestsOfHiddenDonation(trx: Db, donationId: number, now: Date): Promise<void> {
  await endRunsOfDonations(trx, [donationId], 'ADMIN', now);
  await endWaitlistsOf(trx, [donationId], now);
  const cancelled = await cancelOpenOfDonations(trx, [donationId], now);
  await recordNotifications(
    trx,
    cancelled.map((open) => notices.listingHiddenForRequester(open.receiverId, open.foodName)),
    now,
  );
}

/** The signed-in person's figures on both sides and where they stand with the no-show rule. */
export async function myReliability(db: Db, userId: number, now: Date): Promise<MyReliability> {
  const [asReceiver, asDonor, standing] = await Promise.all([
    receiverReliabilities(db, [userId], now),
    donorReliabilities(db, [userId]),
    noShowStanding(db, userId, now),
  ]);
  return {
    asReceiver: asReceiver.get(userId) ?? { pickedUp: 0, accepted: 0 },
    asDonor: asDonor.get(userId) ?? { handedOver: 0, accepted: 0 },
    recentNoShows: standing.recentNoShows,
    limited: standing.limited,
  };
}

/** The viewer's own latest request on a donation, and the donor's handovers for someone deciding whether to ask. */
export async function myRequestFor(db: Db, userId: number, donationId: number, now: Date): Promise<MyRequestForDonation> {
  const [mine, donation] = await Promise.all([findLatestRequestOf(db, userId, donationId, now), findDonation(db, donationId, now)]);
  const isDonor = donation?.donorId === userId;
  const donorReliability = donation && !isDonor ? ((await donorReliabilities(db, [donation.donorId])).get(donation.donorId) ?? null) : null;
  return { request: mine, isDonor, donorReliability };
}
