import { nationalMobile } from '@annadaan/contract/common';
import { type FoodType } from '@annadaan/contract/donations';
import { type LatLng, boundingBox, haversineKm, roundDistanceKm } from '@annadaan/contract/distance';
import { ACTIVE_RUN_STATUSES, type KeptAs, type Run, type RunEvent, type RunEventKind, RunStatus } from '@annadaan/contract/runs';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { toIso } from '../../lib/clock';
import { distanceKmSql, radiusBound, roundedKmSql } from '../geo/distance-sql';

type Db = Kysely<Database>;

/** A run with who is who, for the rules. Codes stay inside the server. */
export interface RunParties {
  id: number;
  requestId: number;
  donationId: number;
  status: RunStatus;
  volunteerId: number | null;
  donorId: number;
  receiverId: number;
  /** The organisation the request was made for; its members follow the run. */
  organisationId: number | null;
  foodName: string;
  pickupArea: string;
  dropoffArea: string;
  pickupCell: LatLng;
  runDistanceKm: number;
  windowEndsAt: Date;
  claimedAt: string | null;
  handoverCode: string | null;
  handoverFailedAttempts: number;
}

function runsWithParties(db: Db) {
  return db
    .selectFrom('delivery_runs')
    .innerJoin('donation_requests', 'donation_requests.id', 'delivery_runs.request_id')
    .innerJoin('donations', 'donations.id', 'delivery_runs.donation_id');
}

export async function findRunParties(db: Db, runId: number): Promise<RunParties | null> {
  const row = await runsWithParties(db)
    .select([
      'delivery_runs.id as id',
      'delivery_runs.request_id as requestId',
      'delivery_runs.donation_id as donationId',
      'delivery_runs.status as status',
      'delivery_runs.volunteer_id as volunteerId',
      'donations.donor_id as donorId',
      'donation_requests.receiver_id as receiverId',
      'donation_requests.organisation_id as organisationId',
      'donations.food_name as foodName',
      'delivery_runs.pickup_area as pickupArea',
      'delivery_runs.dropoff_area as dropoffArea',
      'delivery_runs.pickup_cell_lat as pickupLat',
      'delivery_runs.pickup_cell_lng as pickupLng',
      'delivery_runs.distance_km as runDistanceKm',
      'delivery_runs.window_ends_at as windowEndsAt',
      'delivery_runs.claimed_at as claimedAt',
      'delivery_runs.handover_code as handoverCode',
      'delivery_runs.handover_failed_attempts as handoverFailedAttempts',
    ])
    .where('delivery_runs.id', '=', runId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    ...row,
    status: row.status as RunStatus,
    pickupCell: { lat: Number(row.pickupLat), lng: Number(row.pickupLng) },
    runDistanceKm: Number(row.runDistanceKm),
    windowEndsAt: new Date(row.windowEndsAt),
    handoverFailedAttempts: Number(row.handoverFailedAttempts),
  };
}

/** The run of a request, if it has one. */
export async function findRunOfRequest(db: Db, requestId: number): Promise<{ id: number; status: RunStatus; volunteerId: number | null } | null> {
  const row = await db
    .selectFrom('delivery_runs')
    .select(['id', 'status', 'volunteer_id as volunteerId'])
    .where('request_id', '=', requestId)
    .executeTakeFirst();
  return row ? { ...row, status: row.status as RunStatus } : null;
}

export interface NewRun {
  requestId: number;
  donationId: number;
  pickupArea: string;
  dropoffArea: string;
  pickupCell: LatLng;
  dropoffCell: LatLng;
  windowEndsAt: string;
}

export async function insertRun(db: Db, run: NewRun, now: Date): Promise<number> {
  const row = await db
    .insertInto('delivery_runs')
    .values({
      request_id: run.requestId,
      donation_id: run.donationId,
      status: RunStatus.OPEN,
      volunteer_id: null,
      pickup_area: run.pickupArea,
      dropoff_area: run.dropoffArea,
      pickup_cell_lat: run.pickupCell.lat,
      pickup_cell_lng: run.pickupCell.lng,
      dropoff_cell_lat: run.dropoffCell.lat,
      dropoff_cell_lng: run.dropoffCell.lng,
      distance_km: roundDistanceKm(haversineKm(run.pickupCell, run.dropoffCell)),
      window_ends_at: run.windowEndsAt,
      created_at: toIso(now),
      updated_at: toIso(now),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertRunEvent(
  db: Db,
  runId: number,
  kind: RunEventKind,
  volunteerId: number | null,
  detail: { kept?: KeptAs | undefined; temperatureC?: number | undefined; reason?: string; by?: string } | null,
  now: Date,
): Promise<void> {
  await db
    .insertInto('run_events')
    .values({ run_id: runId, kind, volunteer_id: volunteerId, detail: detail ? JSON.stringify(detail) : null, at: toIso(now) })
    .execute();
}

const changed = (result: { numUpdatedRows: bigint }) => Number(result.numUpdatedRows) === 1;

/** OPEN → CLAIMED by one volunteer: one conditional statement, so of any number of parallel claims one wins. */
export async function markClaimed(db: Db, runId: number, volunteerId: number, handoverCode: string, pickupDueAt: Date, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('delivery_runs')
    .set({
      status: RunStatus.CLAIMED,
      volunteer_id: volunteerId,
      handover_code: handoverCode,
      handover_failed_attempts: 0,
      claimed_at: toIso(now),
      pickup_due_at: toIso(pickupDueAt),
      updated_at: toIso(now),
    })
    .where('id', '=', runId)
    .where('status', '=', RunStatus.OPEN)
    .where('window_ends_at', '>', toIso(now))
    .executeTakeFirst();
  return changed(result);
}

/** CLAIMED by this volunteer → OPEN again (released, a missed pickup, or a code entered wrong too often). */
export async function markReopened(db: Db, runId: number, volunteerId: number, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('delivery_runs')
    .set({ status: RunStatus.OPEN, volunteer_id: null, handover_code: null, claimed_at: null, pickup_due_at: null, updated_at: toIso(now) })
    .where('id', '=', runId)
    .where('status', '=', RunStatus.CLAIMED)
    .where('volunteer_id', '=', volunteerId)
    .executeTakeFirst();
  return changed(result);
}

/** Counts a wrong handover code in the statement that compares it (as pickup codes are counted); the new count, or null. */
export async function recordWrongHandoverCode(db: Db, runId: number, given: string, maxFailed: number, now: Date): Promise<number | null> {
  const row = await db
    .updateTable('delivery_runs')
    .set((eb) => ({ handover_failed_attempts: eb(eb.ref('handover_failed_attempts'), '+', 1), updated_at: toIso(now) }))
    .where('id', '=', runId)
    .where('status', '=', RunStatus.CLAIMED)
    .where('handover_code', '<>', given)
    .where('handover_failed_attempts', '<', maxFailed)
    .returning('handover_failed_attempts')
    .executeTakeFirst();
  return row ? Number(row.handover_failed_attempts) : null;
}

export async function markPickedUp(
  db: Db,
  runId: number,
  given: string,
  maxFailed: number,
  kept: { kept: KeptAs | null; temperatureC: number | null },
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('delivery_runs')
    .set({
      status: RunStatus.PICKED_UP,
      picked_up_at: toIso(now),
      kept: kept.kept,
      temperature_c: kept.temperatureC,
      handover_code: null,
      updated_at: toIso(now),
    })
    .where('id', '=', runId)
    .where('status', '=', RunStatus.CLAIMED)
    .where('handover_code', '=', given)
    .where('handover_failed_attempts', '<', maxFailed)
    .executeTakeFirst();
  return changed(result);
}

/** Ends a run from one of the given states; false when it had moved on. */
export async function markEnded(
  db: Db,
  runId: number,
  from: readonly RunStatus[],
  to: typeof RunStatus.DELIVERED | typeof RunStatus.DISPOSED | typeof RunStatus.CANCELLED,
  now: Date,
  disposalReason?: string,
): Promise<boolean> {
  const result = await db
    .updateTable('delivery_runs')
    .set({
      status: to,
      ended_at: toIso(now),
      handover_code: null,
      pickup_due_at: null,
      updated_at: toIso(now),
      ...(to === RunStatus.DELIVERED ? { delivered_at: toIso(now) } : {}),
      ...(disposalReason !== undefined ? { disposal_reason: disposalReason } : {}),
    })
    .where('id', '=', runId)
    .where('status', 'in', from)
    .executeTakeFirst();
  return changed(result);
}

export async function markFallbackTold(db: Db, runId: number, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('delivery_runs')
    .set({ fallback_told_at: toIso(now), updated_at: toIso(now) })
    .where('id', '=', runId)
    .where('status', 'in', [RunStatus.OPEN, RunStatus.CLAIMED])
    .where('fallback_told_at', 'is', null)
    .executeTakeFirst();
  return changed(result);
}

/** Runs not yet over on these donations, for a withdrawal, a hide or the expiry sweep. */
export async function unendedRunsOf(
  db: Db,
  donationIds: number[],
  requestId: number | null = null,
): Promise<{ id: number; status: RunStatus; volunteerId: number | null; foodName: string }[]> {
  if (donationIds.length === 0 && requestId === null) return [];
  const rows = await db
    .selectFrom('delivery_runs')
    .innerJoin('donations', 'donations.id', 'delivery_runs.donation_id')
    .select(['delivery_runs.id as id', 'delivery_runs.status as status', 'delivery_runs.volunteer_id as volunteerId', 'donations.food_name as foodName'])
    // One request's run (unique on request_id), or every run on the donations.
    .$if(requestId !== null, (query) => query.where('delivery_runs.request_id', '=', requestId ?? 0))
    .$if(requestId === null, (query) => query.where('delivery_runs.donation_id', 'in', donationIds))
    .where('delivery_runs.status', 'in', [RunStatus.OPEN, RunStatus.CLAIMED, RunStatus.PICKED_UP])
    .execute();
  return rows.map((row) => ({ ...row, status: row.status as RunStatus }));
}

function runViews(db: Db) {
  return runsWithParties(db)
    .innerJoin('users as donor', 'donor.id', 'donations.donor_id')
    .innerJoin('users as receiver', 'receiver.id', 'donation_requests.receiver_id')
    .leftJoin('users as volunteer', 'volunteer.id', 'delivery_runs.volunteer_id')
    .select([
      'delivery_runs.id as id',
      'delivery_runs.request_id as requestId',
      'delivery_runs.donation_id as donationId',
      'delivery_runs.status as status',
      'delivery_runs.volunteer_id as volunteerId',
      'delivery_runs.pickup_area as pickupArea',
      'delivery_runs.dropoff_area as dropoffArea',
      'delivery_runs.pickup_cell_lat as pickupCellLat',
      'delivery_runs.pickup_cell_lng as pickupCellLng',
      'delivery_runs.dropoff_cell_lat as dropoffCellLat',
      'delivery_runs.dropoff_cell_lng as dropoffCellLng',
      'delivery_runs.distance_km as runDistanceKm',
      'delivery_runs.window_ends_at as windowEndsAt',
      'delivery_runs.created_at as createdAt',
      'delivery_runs.claimed_at as claimedAt',
      'delivery_runs.pickup_due_at as pickupDueAt',
      'delivery_runs.picked_up_at as pickedUpAt',
      'delivery_runs.delivered_at as deliveredAt',
      'delivery_runs.ended_at as endedAt',
      'delivery_runs.kept as kept',
      'delivery_runs.temperature_c as temperatureC',
      'delivery_runs.disposal_reason as disposalReason',
      'delivery_runs.handover_code as handoverCode',
      'donations.food_name as foodName',
      'donations.food_type as foodType',
      'donations.quantity as quantity',
      'donations.location as pickupAddress',
      'donations.latitude as pickupLat',
      'donations.longitude as pickupLng',
      'donations.donor_id as donorId',
      'donation_requests.receiver_id as receiverId',
      'donation_requests.dropoff_address as dropoffAddress',
      'donation_requests.dropoff_latitude as dropoffLat',
      'donation_requests.dropoff_longitude as dropoffLng',
      'donor.full_name as donorName',
      'donor.contact_number as donorPhone',
      'receiver.full_name as receiverName',
      'receiver.contact_number as receiverPhone',
      'volunteer.full_name as volunteerName',
      'volunteer.contact_number as volunteerPhone',
    ]);
}

type RunViewRow = Awaited<ReturnType<ReturnType<typeof runViews>['executeTakeFirstOrThrow']>>;

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;
const isActive = (status: RunStatus) => ACTIVE_RUN_STATUSES.includes(status);

/**
 * The view for one viewer. The public part (areas, cells, distance, time) is for any approved
 * volunteer while the run is open; the claiming volunteer gets the exact places and both numbers
 * while the run is theirs and active; donor and receiver see who carries it, and their number
 * while it is active. Nobody gets another's number after the run ends.
 */
export function toRunView(
  row: RunViewRow,
  viewerId: number,
  extra: { distanceKm?: number; events?: RunEvent[]; canRate?: Run['canRate']; member?: boolean } = {},
): Run {
  const status = row.status as RunStatus;
  const active = isActive(status);
  const role: Run['viewerRole'] =
    row.volunteerId === viewerId
      ? 'VOLUNTEER'
      : row.donorId === viewerId
        ? 'DONOR'
        : row.receiverId === viewerId
          ? 'RECEIVER'
          : extra.member
            ? 'ORGANISATION'
            : 'OPEN_TO_CLAIM';
  const carrying = role === 'VOLUNTEER' && active;
  const party = role === 'DONOR' || role === 'RECEIVER';
  return {
    id: row.id,
    requestId: row.requestId,
    donationId: row.donationId,
    status,
    foodName: row.foodName,
    foodType: row.foodType as FoodType,
    quantity: row.quantity,
    pickupArea: row.pickupArea,
    dropoffArea: row.dropoffArea,
    pickupCell: { lat: Number(row.pickupCellLat), lng: Number(row.pickupCellLng) },
    dropoffCell: { lat: Number(row.dropoffCellLat), lng: Number(row.dropoffCellLng) },
    runDistanceKm: Number(row.runDistanceKm),
    ...(extra.distanceKm !== undefined ? { distanceKm: extra.distanceKm } : {}),
    windowEndsAt: row.windowEndsAt,
    createdAt: row.createdAt,
    claimedAt: row.claimedAt,
    pickupDueAt: row.pickupDueAt,
    pickedUpAt: row.pickedUpAt,
    deliveredAt: row.deliveredAt,
    endedAt: row.endedAt,
    kept: (row.kept as KeptAs | null) ?? null,
    temperatureC: row.temperatureC === null ? null : Number(row.temperatureC),
    disposalReason: role === 'OPEN_TO_CLAIM' ? null : row.disposalReason,
    viewerRole: role,
    volunteerName: party || role === 'VOLUNTEER' || role === 'ORGANISATION' ? (row.volunteerName === null ? null : firstName(row.volunteerName)) : null,
    ...(party && active && row.volunteerPhone ? { volunteerContactNumber: nationalMobile(row.volunteerPhone) } : {}),
    ...(carrying
      ? {
          pickupAddress: row.pickupAddress,
          ...(row.pickupLat !== null && row.pickupLng !== null ? { pickupPoint: { lat: Number(row.pickupLat), lng: Number(row.pickupLng) } } : {}),
          dropoffAddress: row.dropoffAddress ?? '',
          ...(row.dropoffLat !== null && row.dropoffLng !== null ? { dropoffPoint: { lat: Number(row.dropoffLat), lng: Number(row.dropoffLng) } } : {}),
          donorName: row.donorName,
          donorContactNumber: nationalMobile(row.donorPhone),
          receiverName: row.receiverName,
          receiverContactNumber: nationalMobile(row.receiverPhone),
          ...(status === RunStatus.CLAIMED && row.handoverCode ? { handoverCode: row.handoverCode } : {}),
        }
      : {}),
    ...(role === 'VOLUNTEER' && !active ? { donorName: firstName(row.donorName), receiverName: firstName(row.receiverName) } : {}),
    ...(extra.events ? { events: extra.events } : {}),
    ...(extra.canRate ? { canRate: extra.canRate } : {}),
  };
}

export async function findRunViewRow(db: Db, runId: number): Promise<RunViewRow | undefined> {
  return runViews(db).where('delivery_runs.id', '=', runId).executeTakeFirst();
}

export async function runEventsOf(db: Db, runId: number): Promise<RunEvent[]> {
  const rows = await db.selectFrom('run_events').select(['kind', 'at', 'detail']).where('run_id', '=', runId).orderBy('id').limit(200).execute();
  return rows.map((row) => {
    const detail = row.detail ? (JSON.parse(row.detail) as { kept?: KeptAs; temperatureC?: number; reason?: string }) : {};
    return { kind: row.kind as RunEventKind, at: row.at, kept: detail.kept ?? null, temperatureC: detail.temperatureC ?? null, reason: detail.reason ?? null };
  });
}

/**
 * Open, unexpired runs whose pickup cell lies within `radiusKm` of the volunteer's point, nearest
 * first: a latitude band of delivery_runs_open_idx (status, pickup_cell_lat), then the circle.
 * Never the volunteer's own donations or requests.
 */
export function runsNearQueries(db: Db, volunteerId: number, centre: LatLng, radiusKm: number, page: { page: number; pageSize: number }, now: Date) {
  const box = boundingBox(centre, radiusKm);
  const distance = distanceKmSql(centre, sql.ref('delivery_runs.pickup_cell_lat'), sql.ref('delivery_runs.pickup_cell_lng'));
  const base = runsWithParties(db)
    .where('delivery_runs.status', '=', RunStatus.OPEN)
    .where('delivery_runs.pickup_cell_lat', '>=', box.minLat)
    .where('delivery_runs.pickup_cell_lat', '<=', box.maxLat)
    .where('delivery_runs.pickup_cell_lng', '>=', box.minLng)
    .where('delivery_runs.pickup_cell_lng', '<=', box.maxLng)
    .where('delivery_runs.window_ends_at', '>', toIso(now))
    .where('donations.donor_id', '<>', volunteerId)
    .where('donation_requests.receiver_id', '<>', volunteerId)
    .where(distance, '<=', radiusBound(radiusKm));
  const count = base.select((eb) => eb.fn.countAll().as('total'));
  const ids = base
    .select(['delivery_runs.id as id', roundedKmSql(distance).as('distanceKm')])
    .orderBy('distanceKm')
    .orderBy('delivery_runs.window_ends_at')
    .orderBy('delivery_runs.id')
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  return { count, ids };
}

export async function listRunsNear(db: Db, volunteerId: number, centre: LatLng, radiusKm: number, page: { page: number; pageSize: number }, now: Date) {
  const { count, ids } = runsNearQueries(db, volunteerId, centre, radiusKm, page, now);
  const [counted, found] = await Promise.all([count.executeTakeFirstOrThrow(), ids.execute()]);
  if (found.length === 0) return { total: Number(counted.total), items: [] as Run[] };
  const rows = await runViews(db)
    .where(
      'delivery_runs.id',
      'in',
      found.map((row) => row.id),
    )
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  const items = found.flatMap((row) => {
    const view = byId.get(row.id);
    return view ? [toRunView(view, volunteerId, { distanceKm: Number(row.distanceKm) })] : [];
  });
  return { total: Number(counted.total), items };
}

/** The runs of an organisation's requests, newest first, as its members see them (donation_requests_organisation_idx). */
export async function listOrganisationRuns(db: Db, organisationId: number, viewerId: number, page: { page: number; pageSize: number }) {
  const [counted, rows] = await Promise.all([
    db
      .selectFrom('delivery_runs')
      .innerJoin('donation_requests', 'donation_requests.id', 'delivery_runs.request_id')
      .select((eb) => eb.fn.countAll().as('total'))
      .where('donation_requests.organisation_id', '=', organisationId)
      .executeTakeFirstOrThrow(),
    runViews(db)
      .where('donation_requests.organisation_id', '=', organisationId)
      .orderBy('delivery_runs.created_at', 'desc')
      .orderBy('delivery_runs.id', 'desc')
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize)
      .execute(),
  ]);
  return { total: Number(counted.total), items: rows.map((row) => toRunView(row, viewerId, { member: true })) };
}

/** The volunteer's active runs (claimed, picked up) or their history (ended), newest first (delivery_runs_volunteer_idx). */
export async function listMyRuns(db: Db, volunteerId: number, view: 'active' | 'history', page: { page: number; pageSize: number }) {
  const statuses = view === 'active' ? [RunStatus.CLAIMED, RunStatus.PICKED_UP] : [RunStatus.DELIVERED, RunStatus.DISPOSED, RunStatus.CANCELLED];
  const [counted, rows] = await Promise.all([
    db
      .selectFrom('delivery_runs')
      .select((eb) => eb.fn.countAll().as('total'))
      .where('volunteer_id', '=', volunteerId)
      .where('status', 'in', statuses)
      .executeTakeFirstOrThrow(),
    runViews(db)
      .where('delivery_runs.volunteer_id', '=', volunteerId)
      .where('delivery_runs.status', 'in', statuses)
      .orderBy('delivery_runs.updated_at', 'desc')
      .orderBy('delivery_runs.id', 'desc')
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize)
      .execute(),
  ]);
  return { total: Number(counted.total), items: rows.map((row) => toRunView(row, volunteerId)) };
}

export async function ratedBy(db: Db, runId: number, raterId: number): Promise<number[]> {
  const rows = await db.selectFrom('run_ratings').select('ratee_id').where('run_id', '=', runId).where('rater_id', '=', raterId).execute();
  return rows.map((row) => row.ratee_id);
}

export async function insertRunRating(db: Db, entry: { runId: number; raterId: number; rateeId: number; rating: number; comment: string }, now: Date) {
  await db
    .insertInto('run_ratings')
    .values({ run_id: entry.runId, rater_id: entry.raterId, ratee_id: entry.rateeId, rating: entry.rating, comment: entry.comment, created_at: toIso(now) })
    .execute();
}

/** For account export: runs the person carried, with their steps, and the ratings they gave on runs. */
export async function runDataOf(db: Db, userId: number) {
  const [runs, ratings] = await Promise.all([
    db
      .selectFrom('delivery_runs')
      .innerJoin('donations', 'donations.id', 'delivery_runs.donation_id')
      .select([
        'delivery_runs.id as id',
        'donations.food_name as foodName',
        'delivery_runs.status as status',
        'delivery_runs.pickup_area as pickupArea',
        'delivery_runs.dropoff_area as dropoffArea',
        'delivery_runs.claimed_at as claimedAt',
        'delivery_runs.picked_up_at as pickedUpAt',
        'delivery_runs.delivered_at as deliveredAt',
        'delivery_runs.kept as kept',
        'delivery_runs.temperature_c as temperatureC',
        'delivery_runs.disposal_reason as disposalReason',
      ])
      .where('delivery_runs.volunteer_id', '=', userId)
      .orderBy('delivery_runs.id')
      .execute(),
    db
      .selectFrom('run_ratings')
      .select(['run_id as runId', 'rating', 'comment', 'created_at as createdAt'])
      .where('rater_id', '=', userId)
      .orderBy('id')
      .execute(),
  ]);
  return { runs: runs.map((run) => ({ ...run, temperatureC: run.temperatureC === null ? null : Number(run.temperatureC) })), ratingsGiven: ratings };
}

/** For account deletion: the comments they wrote on runs go (the stars stay, as with pickup ratings). */
export async function eraseRunRatingComments(db: Db, userId: number): Promise<void> {
  await db.updateTable('run_ratings').set({ comment: '' }).where('rater_id', '=', userId).execute();
}

export { isActive as isActiveRun };
