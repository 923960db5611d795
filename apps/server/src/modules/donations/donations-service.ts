import { type CreateDonation, DonationMessages, computeExpiresAt, preparedAtProblem } from '@annadaan/contract/donations';
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../../db/database';
import type { Database } from '../../db/schema';
import { tryTransactionLock } from '../../lib/cluster-locks';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-errors';
import { enqueueJob } from '../jobs/job-queue';
import { notices, recordNotifications } from '../notifications/notifications-service';
import { cancelOpenOfDonations } from '../requests/requests-repository';
import {
  type DonationRecord,
  dropKeptListings,
  expireDueDonations,
  findDonation,
  insertDonation,
  isOwnUpload,
  moveDonationStatus,
} from './donations-repository';
import { DONATION_CREATED_JOB } from './donation-events';

export async function createDonation(db: Kysely<Database>, donorId: number, input: CreateDonation, now: Date): Promise<DonationRecord> {
  // The expiry and cooking-time rules need the server's clock, so they are checked here rather than in the schema.
  const cooking = preparedAtProblem(input.preparedAt, now);
  if (cooking) throw badRequest(cooking, { preparedAt: cooking });
  // Issue 16: cooked food's 4 hours count from when it was cooked, when that was before now.
  const expiry = computeExpiresAt(input.foodType, input.expiryDateTime, now, input.preparedAt);
  if (!expiry.ok) throw badRequest(expiry.message, { expiryDateTime: expiry.message });
  if (input.imageUrl !== null && !(await isOwnUpload(db, donorId, input.imageUrl))) {
    throw badRequest('Upload the picture first.', { imageUrl: 'Upload the picture first.' });
  }
  const id = await db.transaction().execute(async (trx) => {
    const inserted = await insertDonation(trx, donorId, input, expiry.expiresAt, now);
    // Matched against saved nearby-food alerts off the request path, and only once the listing commits.
    await enqueueJob(trx, { kind: DONATION_CREATED_JOB, payload: { donationId: inserted }, runAt: now });
    return inserted;
  });
  // A listing read while the transaction was open must not be kept as current.
  dropKeptListings();
  return (await findDonation(db, id, now)) as DonationRecord;
}

/** The donor withdraws a donation that is still AVAILABLE or PENDING; its open requests are cancelled with it. */
export async function cancelDonation(db: Kysely<Database>, donorId: number, donationId: number, now: Date): Promise<DonationRecord> {
  const donation = await findDonation(db, donationId, now);
  if (!donation) throw notFound(DonationMessages.notFound);
  if (donation.donorId !== donorId) throw forbidden('Only the donor can withdraw this donation.');
  await db.transaction().execute(async (trx) => {
    if (!(await moveDonationStatus(trx, donationId, ['AVAILABLE', 'PENDING'], 'CANCELLED', now))) {
      throw conflict('This donation can no longer be withdrawn.');
    }
    const cancelled = await cancelOpenOfDonations(trx, [donationId], now);
    await recordNotifications(trx, cancelled.map((open) => notices.donationCancelled(open.receiverId, open.foodName)), now);
  });
  return (await findDonation(db, donationId, now)) as DonationRecord;
}

/**
 * Writes down what the queries already decide at run time: donations whose time ran out become
 * EXPIRED and their open requests CANCELLED. Returns how many donations it expired. With several
 * instances on PostgreSQL one sweeps at a time (the others skip: 0); each donation is turned once
 * anyway, since the update only takes rows still AVAILABLE.
 */
export async function sweepExpiredDonations(db: Kysely<Database>, now: Date, dialect: Dialect = 'sqlite'): Promise<number> {
  return db.transaction().execute(async (trx) => {
    if (!(await tryTransactionLock(trx, dialect, 'annadaan:expiry-sweep'))) return 0;
    // Only the newest row of the change log is ever compared (browse listings): the rest can go.
    if (dialect === 'postgres') await sql`delete from donation_changes where id < (select max(id) from donation_changes)`.execute(trx);
    const ids = await expireDueDonations(trx, now);
    const cancelled = await cancelOpenOfDonations(trx, ids, now);
    await recordNotifications(trx, cancelled.map((open) => notices.donationExpired(open.receiverId, open.foodName)), now);
    return ids.length;
  });
}
