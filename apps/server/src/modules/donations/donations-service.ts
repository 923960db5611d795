import { type CreateDonation, computeExpiresAt, preparedAtProblem } from '@annadaan/contract/donations';
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../../db/database';
import type { Database } from '../../db/schema';
import { tryTransactionLock } from '../../lib/cluster-locks';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-errors';
import { enqueueJob } from '../jobs/job-queue';
import { notices, recordNotifications } from '../notifications/notifications-service';
import { closeRequestsOfExpiredDonations, closeRequestsOfHiddenDonation, closeRequestsOfWithdrawnDonation } from '../requests/requests-service';
import {
  type DonationRecord,
  expireDueDonations,
  findDonation,
  insertDonation,
  isOwnUpload,
  hideDonationRow,
  moveDonationStatus,
  openDonationIdsOf,
  restoreDonationRow,
} from './donations-repository';
import { isMemberOf } from '../organisations/organisations-membership';
import { DONATION_CREATED_JOB } from './donation-events';

export async function createDonation(db: Kysely<Database>, donorId: number, input: CreateDonation, now: Date): Promise<DonationRecord> {
  // The expiry and cooking-time rules need the server's clock, so they are checked here rather than in the schema.
  const cooking = preparedAtProblem(input.preparedAt, now);
  if (cooking) throw badRequest(cooking).onField('preparedAt');
  // Issue 16: cooked food's 4 hours count from when it was cooked, when that was before now.
  const expiry = computeExpiresAt(input.foodType, input.expiryDateTime, now, input.preparedAt);
  if (!expiry.ok) throw badRequest(expiry.message).onField('expiryDateTime');
  // Issue 32: only a member gives as the organisation; anyone else learns nothing of it.
  if (input.organisationId !== null && !(await isMemberOf(db, input.organisationId, donorId))) {
    throw notFound('ORGANISATION_NOT_FOUND').onField('organisationId');
  }
  if (input.imageUrl !== null && !(await isOwnUpload(db, donorId, input.imageUrl))) {
    throw badRequest('PICTURE_UPLOAD_FIRST').onField('imageUrl');
  }
  const id = await db.transaction().execute(async (trx) => {
    const inserted = await insertDonation(trx, donorId, input, expiry.expiresAt, now);
    // Matched against saved nearby-food alerts off the request path, and only once the listing commits.
    await enqueueJob(trx, { kind: DONATION_CREATED_JOB, payload: { donationId: inserted }, runAt: now });
    return inserted;
  });
  return (await findDonation(db, id, now)) as DonationRecord;
}

/** The donor withdraws a donation that is still AVAILABLE or PENDING; its open requests are cancelled with it. */
export async function cancelDonation(db: Kysely<Database>, donorId: number, donationId: number, now: Date): Promise<DonationRecord> {
  const donation = await findDonation(db, donationId, now);
  if (!donation) throw notFound('DONATION_NOT_FOUND');
  if (donation.donorId !== donorId) throw forbidden('WITHDRAW_DONOR_ONLY');
  await db.transaction().execute(async (trx) => {
    if (!(await withdrawDonation(trx, donationId, now))) throw conflict('WITHDRAW_TOO_LATE');
  });
  return (await findDonation(db, donationId, now)) as DonationRecord;
}

/**
 * Inside the caller's transaction: CANCELLED if still AVAILABLE or PENDING and unexpired, its open
 * requests cancelled and their receivers told. False when the donation could not be withdrawn.
 */
async function withdrawDonation(trx: Kysely<Database>, donationId: number, now: Date): Promise<boolean> {
  if (!(await moveDonationStatus(trx, donationId, ['AVAILABLE', 'PENDING'], 'CANCELLED', now))) return false;
  await closeRequestsOfWithdrawnDonation(trx, donationId, now);
  return true;
}

/** A donor's account is being deleted: every donation still open is withdrawn, as if they had done it one by one (in the deletion's transaction). */
export async function withdrawOpenDonationsOf(trx: Kysely<Database>, donorId: number, now: Date): Promise<number> {
  let withdrawn = 0;
  for (const donationId of await openDonationIdsOf(trx, donorId, now)) {
    if (await withdrawDonation(trx, donationId, now)) withdrawn += 1;
  }
  return withdrawn;
}

/**
 * Writes down what the queries already decide at run time: donations whose time ran out become
 * EXPIRED, their accepted requests NO_SHOW and their waiting ones CANCELLED. Returns how many donations it expired. With several
 * instances on PostgreSQL one sweeps at a time (the others skip: 0); each donation is turned once
 * anyway, since the update only takes rows still AVAILABLE.
 */
export async function sweepExpiredDonations(db: Kysely<Database>, now: Date, dialect: Dialect = 'sqlite'): Promise<number> {
  return db.transaction().execute(async (trx) => {
    if (!(await tryTransactionLock(trx, dialect, 'annadaan:expiry-sweep'))) return 0;
    // Only the newest row of the change log is ever compared (browse listings): the rest can go.
    if (dialect === 'postgres') await sql`delete from donation_changes where id < (select max(id) from donation_changes)`.execute(trx);
    const ids = await expireDueDonations(trx, now);
    await closeRequestsOfExpiredDonations(trx, ids, now);
    return ids.length;
  });
}

/**
 * For moderation only (issue 16): an admin hides a donation. Its open requests are cancelled and
 * their receivers told not to collect it, and the donor is told why, all in the caller's
 * transaction. Null when there is no such donation or it is hidden already.
 */
export async function hideDonation(
  trx: Kysely<Database>,
  donationId: number,
  reason: string,
  now: Date,
): Promise<{ donorId: number; foodName: string } | null> {
  const donation = await findDonation(trx, donationId, now);
  if (!donation) return null;
  const hidden = await hideDonationRow(trx, donationId, now);
  if (!hidden) return null;
  if (hidden.wasOpen) await closeRequestsOfHiddenDonation(trx, donationId, now);
  await recordNotifications(trx, [notices.listingHiddenForOwner(donation.donorId, 'DONATION', donation.foodName, reason)], now);
  return { donorId: donation.donorId, foodName: donation.foodName };
}

/** For moderation only: restores a hidden donation; false when it is not hidden. */
export async function restoreDonation(trx: Kysely<Database>, donationId: number, now: Date): Promise<boolean> {
  return restoreDonationRow(trx, donationId, now);
}

/** For moderation only: the donor's open donations, which a suspension hides. */
export async function openDonationsOf(db: Kysely<Database>, donorId: number, now: Date): Promise<number[]> {
  return openDonationIdsOf(db, donorId, now);
}
