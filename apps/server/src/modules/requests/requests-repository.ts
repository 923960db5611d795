import { nationalMobile } from '@annadaan/contract/common';
import { type DonationStatus, type FoodType, effectiveDonationStatus, paiseToRupees } from '@annadaan/contract/donations';
import { type DonationRequest, OPEN_REQUEST_STATUSES, type PaymentMethod, type ReceivedRequestsQuery, RequestStatus } from '@annadaan/contract/requests';
import type { PageQuery } from '@annadaan/contract/paging';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { toIso } from '../../lib/clock';
import { CancelledBy, donorReliabilities, receiverReliabilities } from './reliability-repository';
import { PHOTO_COLUMNS, photoFrom, uploadNameOf } from '../uploads/photos';
import { publicArea } from '@annadaan/contract/area';
import type { RunStatus } from '@annadaan/contract/runs';
import type { PortionUnit } from '@annadaan/contract/portions';

type Db = Kysely<Database>;

/** Who is who on a request and the state the rules look at. The pickup code stays inside the server. */
export interface RequestParties {
  id: number;
  donationId: number;
  receiverId: number;
  donorId: number;
  /** As stored; see `effectiveStatus` for what the rules see. */
  status: RequestStatus;
  donationStatus: DonationStatus;
  expiresAt: Date;
  free: boolean;
  pickupCode: string | null;
  codesIssued: number;
  failedAttempts: number;
  donorContactNumber: string;
  /** The donation's food name, which both parties see; notifications name the food by it. */
  foodName: string;
  /** Issue 32: the organisation the request is made for; its members read the pickup code too. */
  organisationId: number | null;
  /** Issue 33: portions asked and accepted on a donation shared in portions; null on one receiver's food. */
  portionsAsked: number | null;
  portionsAccepted: number | null;
  portionsUnit: PortionUnit | null;
  deliveryChoice: 'COLLECT' | 'DELIVER';
}

/**
 * On a donation whose time ran out, sweep or no sweep, a waiting request is cancelled and an
 * accepted one is a no-show: the food expired before the receiver collected it.
 */
export function effectiveRequestStatus(status: RequestStatus, donationStatus: DonationStatus, expiresAt: Date, now: Date): RequestStatus {
  const open = (OPEN_REQUEST_STATUSES as readonly string[]).includes(status);
  if (!open || effectiveDonationStatus(donationStatus, expiresAt, now) !== 'EXPIRED') return status;
  return status === RequestStatus.AWAITING_PICKUP ? RequestStatus.NO_SHOW : RequestStatus.CANCELLED;
}

export async function findRequestParties(db: Db, id: number): Promise<RequestParties | null> {
  const row = await db
    .selectFrom('donation_requests')
    .innerJoin('donations', 'donations.id', 'donation_requests.donation_id')
    .innerJoin('users as donor', 'donor.id', 'donations.donor_id')
    .select([
      'donation_requests.id as id',
      'donation_requests.donation_id as donationId',
      'donation_requests.receiver_id as receiverId',
      'donations.donor_id as donorId',
      'donation_requests.status as status',
      'donations.status as donationStatus',
      'donations.expires_at as expiresAt',
      'donations.free as free',
      'donation_requests.pickup_code as pickupCode',
      'donation_requests.codes_issued as codesIssued',
      'donation_requests.failed_attempts as failedAttempts',
      'donor.contact_number as donorContactNumber',
      'donations.food_name as foodName',
      'donation_requests.organisation_id as organisationId',
      'donation_requests.portions_asked as portionsAsked',
      'donation_requests.portions_accepted as portionsAccepted',
      'donations.portions_unit as portionsUnit',
      'donation_requests.delivery_choice as deliveryChoice',
    ])
    .where('donation_requests.id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    donationId: row.donationId,
    receiverId: row.receiverId,
    donorId: row.donorId,
    status: row.status as RequestStatus,
    donationStatus: row.donationStatus as DonationStatus,
    expiresAt: new Date(row.expiresAt),
    free: row.free === 1,
    pickupCode: row.pickupCode,
    codesIssued: Number(row.codesIssued),
    failedAttempts: Number(row.failedAttempts),
    donorContactNumber: nationalMobile(row.donorContactNumber),
    foodName: row.foodName,
    organisationId: row.organisationId,
    portionsAsked: row.portionsAsked === null ? null : Number(row.portionsAsked),
    portionsAccepted: row.portionsAccepted === null ? null : Number(row.portionsAccepted),
    portionsUnit: row.portionsUnit as PortionUnit | null,
    deliveryChoice: row.deliveryChoice === 'DELIVER' ? 'DELIVER' : 'COLLECT',
  };
}

function requestViews(db: Db) {
  return (
    db
      .selectFrom('donation_requests')
      .innerJoin('donations', 'donations.id', 'donation_requests.donation_id')
      .innerJoin('users as donor', 'donor.id', 'donations.donor_id')
      .innerJoin('users as receiver', 'receiver.id', 'donation_requests.receiver_id')
      // Issue 32: the organisation the request is made for, by its primary key.
      .leftJoin('organisations as requesting_organisation', 'requesting_organisation.id', 'donation_requests.organisation_id')
      .leftJoin('uploads as photo', (join) => join.on('photo.file_name', '=', uploadNameOf('donations.image_url')))
      // Issue 32: the request's delivery run, if it asked for delivery (unique on request_id).
      .leftJoin('delivery_runs as run', 'run.request_id', 'donation_requests.id')
      .select([
        'requesting_organisation.id as organisationId',
        'requesting_organisation.name as organisationName',
        'requesting_organisation.status as organisationStatus',
        ...PHOTO_COLUMNS,
        'donation_requests.delivery_choice as deliveryChoice',
        'donation_requests.dropoff_address as dropoffAddress',
        'run.id as runId',
        'run.status as runStatus',
        'donations.portions_unit as portionsUnit',
        'donation_requests.portions_asked as portionsAsked',
        'donation_requests.portions_accepted as portionsAccepted',
        'donation_requests.portions_collected as portionsCollected',
        'donation_requests.collect_by as collectBy',
        'donation_requests.id as id',
        'donation_requests.donation_id as donationId',
        'donation_requests.receiver_id as receiverId',
        'donations.donor_id as donorId',
        'donation_requests.status as status',
        'donation_requests.payment_method as paymentMethod',
        'donation_requests.created_at as createdAt',
        'donations.food_name as foodName',
        'donations.status as donationStatus',
        'donations.expires_at as expiresAt',
        'donations.food_type as foodType',
        'donations.free as free',
        'donations.price_paise as pricePaise',
        'donations.location as location',
        'donations.area as area',
        'donations.latitude as latitude',
        'donations.longitude as longitude',
        'donations.image_url as imageUrl',
        'donor.full_name as donorName',
        'donor.contact_number as donorContactNumber',
        'receiver.full_name as receiverName',
      ])
  );
}

type RequestViewRow = Awaited<ReturnType<ReturnType<typeof requestViews>['executeTakeFirstOrThrow']>>;

/**
 * The read shape for one viewer. The donor's number goes only to the receiver, and only once the
 * donor has accepted: before that the receiver has no pickup to arrange.
 */
function toRequestView(row: RequestViewRow, viewerId: number, now: Date): DonationRequest {
  const expiresAt = new Date(row.expiresAt);
  const status = effectiveRequestStatus(row.status as RequestStatus, row.donationStatus as DonationStatus, expiresAt, now);
  const free = row.free === 1;
  const showContact = viewerId === row.receiverId && (status === 'AWAITING_PICKUP' || status === 'COMPLETED');
  // The exact point, as the address: to the donor (their own), and to the receiver only while the
  // pickup is to be made (issue 29: the accepted card's map and directions).
  const showPoint =
    (viewerId === row.donorId || (viewerId === row.receiverId && status === 'AWAITING_PICKUP')) && row.latitude !== null && row.longitude !== null;
  return {
    id: row.id,
    donationId: row.donationId,
    foodName: row.foodName,
    status,
    receiverName: row.receiverName,
    donorName: row.donorName,
    paymentMethod: row.paymentMethod as PaymentMethod,
    requestDate: row.createdAt,
    createdAt: row.createdAt,
    // The earlier client counts down to this field: it is the donation's real expiry, never the
    // donor's typed value (null for cooked food, whose expiry the server sets).
    expiryDateTime: row.expiresAt,
    expiresAt: row.expiresAt,
    foodType: row.foodType as FoodType,
    isFree: free,
    free,
    price: paiseToRupees(Number(row.pricePaise)),
    // The pickup address goes to the donor, and to the receiver only while the pickup is to be made.
    location: viewerId !== row.receiverId || status === 'AWAITING_PICKUP' ? row.location : row.area,
    imageUrl: row.imageUrl,
    photo: photoFrom(row.imageUrl, row),
    organisation:
      row.organisationId === null ? null : { id: row.organisationId, name: row.organisationName ?? '', verified: row.organisationStatus === 'VERIFIED' },
    ...(showContact ? { donorContactNumber: nationalMobile(row.donorContactNumber) } : {}),
    ...(showPoint ? { pickupPoint: { lat: Number(row.latitude), lng: Number(row.longitude) } } : {}),
    deliveryChoice: row.deliveryChoice === 'DELIVER' ? 'DELIVER' : 'COLLECT',
    // Where the food is to go: the receiver's own words, to the receiver and to the donor who accepts it.
    // The donor deciding sees its area; the whole address once they accept, while it is to be carried.
    ...(row.deliveryChoice === 'DELIVER' && row.dropoffAddress !== null
      ? { dropoffAddress: viewerId === row.receiverId || status === 'AWAITING_PICKUP' ? row.dropoffAddress : publicArea(row.dropoffAddress) }
      : {}),
    runId: row.runId,
    runStatus: (row.runStatus as RunStatus | null) ?? null,
    portions:
      row.portionsAsked === null
        ? null
        : {
            unit: row.portionsUnit as PortionUnit,
            asked: Number(row.portionsAsked),
            accepted: row.portionsAccepted === null ? null : Number(row.portionsAccepted),
            collected: row.portionsCollected === null ? null : Number(row.portionsCollected),
            collectBy: status === RequestStatus.AWAITING_PICKUP ? row.collectBy : null,
          },
  };
}

export async function findRequestView(db: Db, id: number, viewerId: number, now: Date): Promise<DonationRequest> {
  const row = await requestViews(db).where('donation_requests.id', '=', id).executeTakeFirstOrThrow();
  return toRequestView(row, viewerId, now);
}

/**
 * One page of the requests a receiver sent (walks donation_requests_receiver_idx) or of the
 * requests on a donor's donations (the donor's donations through donations_donor_idx, their
 * requests through donation_requests_donation_idx), newest first, and how many there are.
 * Exported so a test can ask the planner.
 */
export function requestListQueries(db: Db, side: 'sent' | 'received', userId: number, page: PageQuery & { donationId?: number | undefined }) {
  const count =
    side === 'sent'
      ? db
          .selectFrom('donation_requests')
          .select((eb) => eb.fn.countAll().as('total'))
          .where('donation_requests.receiver_id', '=', userId)
      : db
          .selectFrom('donations')
          .innerJoin('donation_requests', 'donation_requests.donation_id', 'donations.id')
          .select((eb) => eb.fn.countAll().as('total'))
          .where('donations.donor_id', '=', userId)
          .$if(page.donationId !== undefined, (query) => query.where('donations.id', '=', page.donationId ?? 0));
  const rows = requestViews(db)
    .where(side === 'sent' ? 'donation_requests.receiver_id' : 'donations.donor_id', '=', userId)
    .$if(side === 'received' && page.donationId !== undefined, (query) => query.where('donations.id', '=', page.donationId ?? 0))
    // A donor sees the requests waiting for an answer first: Accept / Reject is what they came for.
    .$if(side === 'received', (query) => query.orderBy(sql`case when donation_requests.status = ${RequestStatus.PENDING} then 0 else 1 end`))
    .orderBy('donation_requests.created_at', 'desc')
    .orderBy('donation_requests.id', 'desc')
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  return { count, rows };
}

/**
 * A page of requests with the other party's figures: the donor sees each receiver's pickups, the
 * receiver each donor's handovers (decision 029). One grouped count per page, not per row.
 */
async function listRequests(db: Db, side: 'sent' | 'received', userId: number, page: PageQuery & { donationId?: number | undefined }, now: Date) {
  const { count, rows } = requestListQueries(db, side, userId, page);
  const [counted, found] = await Promise.all([count.executeTakeFirstOrThrow(), rows.execute()]);
  const items = found.map((row) => toRequestView(row, userId, now));
  if (side === 'received') {
    const figures = await receiverReliabilities(
      db,
      found.map((row) => row.receiverId),
      now,
    );
    found.forEach((row, index) => Object.assign(items[index] as DonationRequest, { receiverReliability: figures.get(row.receiverId) }));
  } else {
    const figures = await donorReliabilities(
      db,
      found.map((row) => row.donorId),
    );
    found.forEach((row, index) => Object.assign(items[index] as DonationRequest, { donorReliability: figures.get(row.donorId) }));
  }
  return { total: Number(counted.total), items };
}

export function listSentRequests(db: Db, receiverId: number, page: PageQuery, now: Date): Promise<{ total: number; items: DonationRequest[] }> {
  return listRequests(db, 'sent', receiverId, page, now);
}

export function listReceivedRequests(db: Db, donorId: number, page: ReceivedRequestsQuery, now: Date): Promise<{ total: number; items: DonationRequest[] }> {
  return listRequests(db, 'received', donorId, page, now);
}

/**
 * Requests waiting for the donor's answer, per donation. Counts what the received list shows as
 * PENDING: a pending request on a donation whose time ran out reads as cancelled, so it is left out.
 * Walks donations_donor_idx, then donation_requests_donation_idx (donation_id, status).
 */
export async function countPendingReceived(db: Db, donorId: number, now: Date): Promise<{ donationId: number; pending: number }[]> {
  const rows = await db
    .selectFrom('donation_requests')
    .innerJoin('donations', 'donations.id', 'donation_requests.donation_id')
    .select(['donation_requests.donation_id as donationId', (eb) => eb.fn.countAll().as('pending')])
    .where('donations.donor_id', '=', donorId)
    .where('donation_requests.status', '=', RequestStatus.PENDING)
    .where('donations.expires_at', '>', toIso(now))
    .groupBy('donation_requests.donation_id')
    .orderBy('donation_requests.donation_id', 'desc')
    .execute();
  return rows.map((row) => ({ donationId: row.donationId, pending: Number(row.pending) }));
}

/** The receiver's latest request on one donation, if any. */
export async function findLatestRequestOf(db: Db, receiverId: number, donationId: number, now: Date): Promise<DonationRequest | null> {
  const row = await requestViews(db)
    .where('donation_requests.receiver_id', '=', receiverId)
    .where('donation_requests.donation_id', '=', donationId)
    .orderBy('donation_requests.created_at', 'desc')
    .orderBy('donation_requests.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? toRequestView(row, receiverId, now) : null;
}

/** Whether the donor already turned this receiver down on this donation. */
export async function wasRejected(db: Db, receiverId: number, donationId: number): Promise<boolean> {
  const row = await db
    .selectFrom('donation_requests')
    .select('id')
    .where('receiver_id', '=', receiverId)
    .where('donation_id', '=', donationId)
    .where('status', '=', RequestStatus.REJECTED)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertRequest(
  db: Db,
  donationId: number,
  receiverId: number,
  paymentMethod: PaymentMethod,
  now: Date,
  delivery: { choice: string; dropoff?: { address: string; latitude: number | null; longitude: number | null } } = { choice: 'COLLECT' },
  organisationId: number | null = null,
  portionsAsked: number | null = null,
): Promise<number> {
  const row = await db
    .insertInto('donation_requests')
    .values({
      donation_id: donationId,
      receiver_id: receiverId,
      status: RequestStatus.PENDING,
      payment_method: paymentMethod,
      pickup_code: null,
      created_at: toIso(now),
      updated_at: toIso(now),
      accepted_at: null,
      completed_at: null,
      delivery_choice: delivery.choice,
      dropoff_address: delivery.dropoff?.address ?? null,
      dropoff_latitude: delivery.dropoff?.latitude ?? null,
      dropoff_longitude: delivery.dropoff?.longitude ?? null,
      organisation_id: organisationId,
      portions_asked: portionsAsked,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const changed = (result: { numUpdatedRows: bigint }) => Number(result.numUpdatedRows) === 1;

/** PENDING → AWAITING_PICKUP with its first code; with portions, how many were accepted and the time to collect them by. */
export async function markAccepted(
  db: Db,
  id: number,
  pickupCode: string,
  now: Date,
  portions: { accepted: number; collectBy: Date | null } | null = null,
): Promise<boolean> {
  const result = await db
    .updateTable('donation_requests')
    .set({
      status: RequestStatus.AWAITING_PICKUP,
      pickup_code: pickupCode,
      codes_issued: 1,
      accepted_at: toIso(now),
      updated_at: toIso(now),
      ...(portions ? { portions_accepted: portions.accepted, collect_by: portions.collectBy === null ? null : toIso(portions.collectBy) } : {}),
    })
    .where('id', '=', id)
    .where('status', '=', RequestStatus.PENDING)
    .executeTakeFirst();
  return changed(result);
}

/**
 * Moves one request out of `from`; a terminal state drops the code, which is of no use any more.
 * `cancelledBy` records who ended an accepted request (the reliability figures count it).
 */
export async function moveRequestStatus(db: Db, id: number, from: RequestStatus, to: RequestStatus, now: Date, cancelledBy?: CancelledBy): Promise<boolean> {
  const result = await db
    .updateTable('donation_requests')
    .set({
      status: to,
      updated_at: toIso(now),
      ...(to === RequestStatus.AWAITING_PICKUP ? {} : { pickup_code: null }),
      ...(cancelledBy === undefined ? {} : { cancelled_by: cancelledBy }),
    })
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return changed(result);
}

/**
 * AWAITING_PICKUP → COMPLETED when `given` is the current code and a try is left. The database
 * compares the code and the count in one conditional statement, so no entry can slip in after the
 * last try, however many arrive at once.
 */
export async function markCompleted(
  db: Db,
  id: number,
  given: string,
  maxFailed: number,
  now: Date,
  portionsCollected: number | null = null,
): Promise<boolean> {
  const result = await db
    .updateTable('donation_requests')
    .set({
      status: RequestStatus.COMPLETED,
      pickup_code: null,
      completed_at: toIso(now),
      updated_at: toIso(now),
      ...(portionsCollected === null ? {} : { portions_collected: portionsCollected }),
    })
    .where('id', '=', id)
    .where('status', '=', RequestStatus.AWAITING_PICKUP)
    .where('pickup_code', '=', given)
    .where('failed_attempts', '<', maxFailed)
    .executeTakeFirst();
  return changed(result);
}

/**
 * Counts a wrong entry in the statement that compares it: only when `given` is not the current
 * code and a try is left. Returns the new count, or null when nothing was counted (the code
 * matches, no try is left, or the request moved on). Parallel entries beyond the last try are
 * thus never compared with an effect, and all get the same answer.
 */
export async function recordWrongCode(db: Db, id: number, given: string, maxFailed: number, now: Date): Promise<number | null> {
  const row = await db
    .updateTable('donation_requests')
    .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1), updated_at: toIso(now) }))
    .where('id', '=', id)
    .where('status', '=', RequestStatus.AWAITING_PICKUP)
    .where('failed_attempts', '<', maxFailed)
    .where('pickup_code', 'is not', null)
    .where('pickup_code', '<>', given)
    .returning('failed_attempts')
    .executeTakeFirst();
  return row ? Number(row.failed_attempts) : null;
}

/** Replaces the code, keeping the wrong-entry count. */
export async function replaceCode(
  db: Db,
  id: number,
  pickupCode: string,
  codesIssued: number,
  maxCodes: number,
  maxFailed: number,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('donation_requests')
    .set({ pickup_code: pickupCode, codes_issued: codesIssued + 1, updated_at: toIso(now) })
    .where('id', '=', id)
    .where('status', '=', RequestStatus.AWAITING_PICKUP)
    .where('codes_issued', '=', codesIssued)
    .where('codes_issued', '<', maxCodes)
    .where('failed_attempts', '<', maxFailed)
    .executeTakeFirst();
  return changed(result);
}

/**
 * Portions a receiver account took or asked for since `since` (the fair share's rolling day):
 * waiting requests count what they ask, accepted ones and no-shows what was accepted, handovers
 * what was collected. Walks donation_requests_receiver_idx (receiver_id, created_at).
 */
export async function portionsUsedSince(db: Db, receiverId: number, since: Date): Promise<number> {
  const row = await db
    .selectFrom('donation_requests')
    .select(
      sql<number>`coalesce(sum(case
        when status = ${RequestStatus.PENDING} then portions_asked
        when status in (${RequestStatus.AWAITING_PICKUP}, ${RequestStatus.NO_SHOW}) then portions_accepted
        when status = ${RequestStatus.COMPLETED} then portions_collected
        else 0 end), 0)`.as('used'),
    )
    .where('receiver_id', '=', receiverId)
    .where('created_at', '>', toIso(since))
    .where('portions_asked', 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(row.used);
}

/** An accepted request of portions not collected in time: NO_SHOW, missed now (the reliability record). */
export async function markMissed(db: Db, requestId: number, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('donation_requests')
    .set({ status: RequestStatus.NO_SHOW, pickup_code: null, missed_at: toIso(now), updated_at: toIso(now) })
    .where('id', '=', requestId)
    .where('status', '=', RequestStatus.AWAITING_PICKUP)
    .executeTakeFirst();
  return changed(result);
}

/** When a pickup completes, everyone else still waiting is turned down. Returns who they are. */
export async function rejectPendingOfDonation(db: Db, donationId: number, now: Date): Promise<number[]> {
  const rows = await db
    .updateTable('donation_requests')
    .set({ status: RequestStatus.REJECTED, updated_at: toIso(now) })
    .where('donation_id', '=', donationId)
    .where('status', '=', RequestStatus.PENDING)
    .returning('receiver_id')
    .execute();
  return rows.map((row) => row.receiver_id);
}

/**
 * A withdrawn or expired donation takes its open requests with it. An accepted one among them is
 * marked as ended by the donor when the donor withdrew (`byDonor`); the sweep turns accepted ones
 * into no-shows first (markNoShows), so only waiting ones are left for it here. Returns whose
 * requests they were, and for what food.
 */
export async function cancelOpenOfDonations(db: Db, donationIds: number[], now: Date, byDonor = false): Promise<{ receiverId: number; foodName: string }[]> {
  if (donationIds.length === 0) return [];
  const rows = await db
    .updateTable('donation_requests')
    .set({
      status: RequestStatus.CANCELLED,
      pickup_code: null,
      updated_at: toIso(now),
      ...(byDonor ? { cancelled_by: sql<string | null>`case when status = ${RequestStatus.AWAITING_PICKUP} then ${CancelledBy.DONOR} end` } : {}),
    })
    .where('donation_id', 'in', donationIds)
    .where('status', 'in', OPEN_REQUEST_STATUSES)
    .returning(['receiver_id', 'donation_id'])
    .execute();
  if (rows.length === 0) return [];
  const foods = await db
    .selectFrom('donations')
    .select(['id', 'food_name'])
    .where('id', 'in', [...new Set(rows.map((row) => row.donation_id))])
    .execute();
  const foodOf = new Map(foods.map((food) => [food.id, food.food_name]));
  return rows.map((row) => ({ receiverId: row.receiver_id, foodName: foodOf.get(row.donation_id) ?? '' }));
}

/** A receiver's requests that are still open on an unexpired donation (the ones they could withdraw). */
export async function openRequestIdsOf(db: Db, receiverId: number, now: Date): Promise<number[]> {
  const rows = await db
    .selectFrom('donation_requests')
    .innerJoin('donations', 'donations.id', 'donation_requests.donation_id')
    .select('donation_requests.id as id')
    .where('donation_requests.receiver_id', '=', receiverId)
    .where('donation_requests.status', 'in', OPEN_REQUEST_STATUSES)
    .where('donations.expires_at', '>', toIso(now))
    .execute();
  return rows.map((row) => row.id);
}

/** Pickup codes of a receiver whose account is being deleted: none of them can be used any more. */
export async function clearPickupCodesOf(db: Db, receiverId: number, now: Date): Promise<void> {
  await db
    .updateTable('donation_requests')
    .set({ pickup_code: null, updated_at: toIso(now) })
    .where('receiver_id', '=', receiverId)
    .where('pickup_code', 'is not', null)
    .execute();
}
