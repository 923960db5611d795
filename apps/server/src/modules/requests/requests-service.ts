import crypto from 'node:crypto';
import { DonationMessages, effectiveDonationStatus } from '@annadaan/contract/donations';
import {
  type DonationRequest,
  PICKUP_CODE_MAX_FAILED_ATTEMPTS,
  PICKUP_CODE_MAX_RENEWALS,
  type PaymentMethod,
  type PickupInfo,
  RequestMessages,
  RequestStatus,
  resolvePaymentMethod,
} from '@annadaan/contract/requests';
import { BlockMessages } from '@annadaan/contract/moderation';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError, conflict, forbidden, locked, notFound } from '../../lib/http-errors';
import { isBlockedBetween } from '../blocks/blocks-repository';
import { findDonation, lockAvailableDonation, moveDonationStatus } from '../donations/donations-repository';
import { notices, recordNotification, recordNotifications } from '../notifications/notifications-service';
import { dropReminders, schedulePickupReminder, scheduleWaitingReminder } from './request-reminders';
import {
  type RequestParties,
  effectiveRequestStatus,
  findRequestParties,
  findRequestView,
  insertRequest,
  markAccepted,
  markCompleted,
  moveRequestStatus,
  recordWrongCode,
  rejectPendingOfDonation,
  replaceCode,
  wasRejected,
} from './requests-repository';

type Db = Kysely<Database>;
type Party = 'donor' | 'receiver';

/** Codes issued over a request's life: the one at acceptance plus the fresh ones. */
const MAX_CODES = 1 + PICKUP_CODE_MAX_RENEWALS;

/** 6 digits from the operating system's CSPRNG, leading zeros kept. */
export function newPickupCode(): string {
  return crypto.randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/**
 * Loads a request for one of its two parties. A stranger learns nothing (404); the other party
 * learns only that this action is not theirs (403).
 */
async function loadFor(db: Db, requestId: number, userId: number, party: Party, action: string): Promise<RequestParties> {
  const request = await findRequestParties(db, requestId);
  if (!request || (request.donorId !== userId && request.receiverId !== userId)) throw notFound(RequestMessages.notFound);
  const isParty = party === 'donor' ? request.donorId === userId : request.receiverId === userId;
  if (!isParty) throw forbidden(`Only the ${party} can ${action}.`);
  return request;
}

function statusNow(request: RequestParties, now: Date): RequestStatus {
  return effectiveRequestStatus(request.status, request.donationStatus, request.expiresAt, now);
}

function donationExpired(request: RequestParties, now: Date): boolean {
  return effectiveDonationStatus(request.donationStatus, request.expiresAt, now) === 'EXPIRED';
}

/** 409 unless the request is (still) in one of the wanted states. */
function expectStatus(request: RequestParties, now: Date, wanted: readonly RequestStatus[], message: string) {
  if (donationExpired(request, now) && request.status !== RequestStatus.COMPLETED) throw conflict(RequestMessages.expired);
  if (!wanted.includes(statusNow(request, now))) throw conflict(message);
}

export async function createRequest(
  db: Db,
  receiverId: number,
  donationId: number,
  chosen: PaymentMethod | undefined,
  now: Date,
): Promise<DonationRequest> {
  const donation = await findDonation(db, donationId, now);
  if (!donation) throw notFound(DonationMessages.notFound);
  if (donation.donorId === receiverId) throw forbidden(RequestMessages.ownDonation);
  // Issue 16: blocked either way, the two do not deal with each other.
  if (await isBlockedBetween(db, donation.donorId, receiverId)) throw forbidden(BlockMessages.blockedRequest);
  if (donation.status !== 'AVAILABLE') throw conflict(RequestMessages.notAvailable);
  // A turned-down receiver asking again would only put the same question to the donor twice.
  if (await wasRejected(db, receiverId, donationId)) throw conflict(RequestMessages.alreadyRejected);
  const paymentMethod = resolvePaymentMethod(donation.free, chosen);
  let id: number;
  try {
    id = await db.transaction().execute(async (trx) => {
      // Holding the donation row means a withdrawal racing this insert sees the new request and cancels it.
      if (!(await lockAvailableDonation(trx, donationId, now))) throw conflict(RequestMessages.notAvailable);
      const inserted = await insertRequest(trx, donationId, receiverId, paymentMethod, now);
      await recordNotification(trx, notices.requestReceived(donation.donorId, donationId, donation.foodName), now);
      await scheduleWaitingReminder(trx, inserted, now);
      return inserted;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(RequestMessages.alreadyRequested);
    throw error;
  }
  return findRequestView(db, id, receiverId, now);
}

export async function acceptRequest(db: Db, donorId: number, requestId: number, now: Date): Promise<DonationRequest> {
  const request = await loadFor(db, requestId, donorId, 'donor', 'accept this request');
  expectStatus(request, now, [RequestStatus.PENDING], 'Only a pending request can be accepted.');
  try {
    await db.transaction().execute(async (trx) => {
      // Donation first, then request, in every transition: one lock order, no deadlocks.
      if (!(await moveDonationStatus(trx, request.donationId, ['AVAILABLE'], 'PENDING', now))) {
        throw conflict('Another request for this donation has already been accepted, or the donation is no longer available.');
      }
      if (!(await markAccepted(trx, requestId, newPickupCode(), now))) {
        throw conflict('Only a pending request can be accepted.');
      }
      await recordNotification(trx, notices.requestAccepted(request.receiverId, request.foodName), now);
      await dropReminders(trx, [requestId]);
      await schedulePickupReminder(trx, requestId, request.expiresAt, now);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('Another request for this donation has already been accepted.');
    throw error;
  }
  return findRequestView(db, requestId, donorId, now);
}

export async function rejectRequest(db: Db, donorId: number, requestId: number, now: Date): Promise<DonationRequest> {
  const request = await loadFor(db, requestId, donorId, 'donor', 'reject this request');
  expectStatus(request, now, [RequestStatus.PENDING], 'Only a pending request can be rejected.');
  await db.transaction().execute(async (trx) => {
    if (!(await moveRequestStatus(trx, requestId, RequestStatus.PENDING, RequestStatus.REJECTED, now))) {
      throw conflict('Only a pending request can be rejected.');
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
export async function cancelRequest(db: Db, receiverId: number, requestId: number, now: Date): Promise<DonationRequest> {
  // Twice at most: a PENDING request may be accepted between the read and the write.
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const request = await loadFor(db, requestId, receiverId, 'receiver', 'cancel this request');
    expectStatus(request, now, [RequestStatus.PENDING, RequestStatus.AWAITING_PICKUP], 'This request can no longer be cancelled.');
    if (request.status === RequestStatus.PENDING) {
      const cancelled = await db.transaction().execute(async (trx) => {
        if (!(await moveRequestStatus(trx, requestId, RequestStatus.PENDING, RequestStatus.CANCELLED, now))) return false;
        await recordNotification(trx, notices.requestCancelled(request.donorId, request.donationId, request.foodName), now);
        await dropReminders(trx, [requestId]);
        return true;
      });
      if (cancelled) return findRequestView(db, requestId, receiverId, now);
      continue;
    }
    await db.transaction().execute(async (trx) => {
      if (!(await moveDonationStatus(trx, request.donationId, ['PENDING'], 'AVAILABLE', now))) {
        throw conflict('This request can no longer be cancelled.');
      }
      if (!(await moveRequestStatus(trx, requestId, RequestStatus.AWAITING_PICKUP, RequestStatus.CANCELLED, now))) {
        throw conflict('This request can no longer be cancelled.');
      }
      await recordNotification(trx, notices.requestCancelled(request.donorId, request.donationId, request.foodName), now);
      await dropReminders(trx, [requestId]);
    });
    return findRequestView(db, requestId, receiverId, now);
  }
  throw conflict('This request can no longer be cancelled.');
}

export class WrongPickupCodeError extends AppError {
  constructor(readonly failedAttempts: number) {
    super(400, 'WRONG_PICKUP_CODE', RequestMessages.wrongCode, { pickupCode: RequestMessages.wrongCode });
  }
}

/** Rolls back a completion whose code did not match or had no try left. */
class NotCompleted extends Error {}

/** The donor enters the receiver's code. Right: the pickup completes. Wrong: one of 5 tries is gone. */
export async function confirmPickup(db: Db, donorId: number, requestId: number, pickupCode: string, now: Date): Promise<DonationRequest> {
  const request = await loadFor(db, requestId, donorId, 'donor', 'confirm this pickup');
  if (request.status === RequestStatus.COMPLETED) throw conflict('This pickup has already been confirmed.');
  expectStatus(request, now, [RequestStatus.AWAITING_PICKUP], 'This request is not awaiting pickup.');
  if (request.failedAttempts >= PICKUP_CODE_MAX_FAILED_ATTEMPTS || request.pickupCode === null) throw locked(RequestMessages.codeVoid);

  // The entry is compared and counted in one conditional statement each (wrong: counted while a
  // try is left; right: completes while a try is left), so a burst of parallel entries gets no
  // more comparisons than there are tries, and the answers after the last try are all the same.
  const failed = await recordWrongCode(db, requestId, pickupCode, PICKUP_CODE_MAX_FAILED_ATTEMPTS, now);
  if (failed !== null) {
    if (failed >= PICKUP_CODE_MAX_FAILED_ATTEMPTS) throw locked(RequestMessages.codeVoid);
    throw new WrongPickupCodeError(failed);
  }

  const completed = await db.transaction().execute(async (trx) => {
    if (!(await moveDonationStatus(trx, request.donationId, ['PENDING'], 'COMPLETED', now))) {
      throw conflict('This request is not awaiting pickup.');
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
    return true;
  }).catch((error: unknown) => {
    if (error instanceof NotCompleted) return false;
    throw error;
  });
  if (!completed) {
    const latest = await findRequestParties(db, requestId);
    if (latest?.status !== RequestStatus.AWAITING_PICKUP) throw conflict('This request is not awaiting pickup.');
    if (latest.failedAttempts >= PICKUP_CODE_MAX_FAILED_ATTEMPTS) throw locked(RequestMessages.codeVoid);
    throw conflict('The pickup code changed meanwhile. Please try again.');
  }
  return findRequestView(db, requestId, donorId, now);
}

function assertCodeReadable(request: RequestParties, now: Date) {
  if (request.status === RequestStatus.COMPLETED) throw conflict('This pickup is already complete.');
  expectStatus(request, now, [RequestStatus.AWAITING_PICKUP], 'The donor has not accepted this request yet.');
  if (request.failedAttempts >= PICKUP_CODE_MAX_FAILED_ATTEMPTS || request.pickupCode === null) throw locked(RequestMessages.codeVoid);
}

/** The receiver's code and the donor's number, for the pickup. Nobody else ever reads the code. */
export async function readPickupCode(db: Db, receiverId: number, requestId: number, now: Date): Promise<PickupInfo> {
  const request = await loadFor(db, requestId, receiverId, 'receiver', 'see the pickup code');
  assertCodeReadable(request, now);
  return { pickupCode: request.pickupCode as string, donorContactNumber: request.donorContactNumber };
}

/**
 * A fresh code, e.g. when the receiver fears the old one was seen. At most 3 per request, and the
 * wrong-entry count carries over, so fresh codes never buy a guesser more tries.
 */
export async function renewPickupCode(db: Db, receiverId: number, requestId: number, now: Date): Promise<PickupInfo> {
  const request = await loadFor(db, requestId, receiverId, 'receiver', 'ask for a fresh pickup code');
  assertCodeReadable(request, now);
  // 429 without Retry-After: this limit never resets for the request.
  if (request.codesIssued >= MAX_CODES) throw new AppError(429, 'RENEW_LIMIT', RequestMessages.renewLimit);
  const pickupCode = newPickupCode();
  if (!(await replaceCode(db, requestId, pickupCode, request.codesIssued, MAX_CODES, PICKUP_CODE_MAX_FAILED_ATTEMPTS, now))) {
    throw conflict('The pickup code changed meanwhile. Please try again.');
  }
  return { pickupCode, donorContactNumber: request.donorContactNumber };
}
