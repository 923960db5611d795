import { nationalMobile } from '@annadaan/contract/common';
import { paiseToRupees, rupeesToPaise, formatGeolocation } from '@annadaan/contract/donations';
import {
  type CreateFoodRequest,
  type FoodRequestStatus,
  type MyFoodRequest,
  type OpenFoodRequest,
  type OpenFoodRequestsQuery,
  type PublicFoodNeed,
  FoodRequestSort,
  effectiveFoodRequestStatus,
} from '@annadaan/contract/food-requests';
import type { Diet } from '@annadaan/contract/food-facts';
import { referencePoint } from '@annadaan/contract/near';
import type { PaymentMethod } from '@annadaan/contract/requests';
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { toIso } from '../../lib/clock';
import { notBlockedBetween } from '../blocks/blocks-repository';
import { boundingBox, distanceKmSql, radiusBound, roundedKmSql } from '../geo/distance-sql';
import { findPinCode, needPublicPoint } from '../geo/pin-codes';
import { syncMapEntry } from '../map/map-cells';

type Db = Kysely<Database>;

/** Inserts an OPEN need and counts it on the map; run it in a transaction. */
export async function insertFoodRequest(db: Db, requesterId: number, input: CreateFoodRequest, now: Date): Promise<number> {
  const publicPoint = needPublicPoint(input.geolocation?.latitude ?? null, input.geolocation?.longitude ?? null, input.pinCode);
  const row = await db
    .insertInto('food_requests')
    .values({
      requester_id: requesterId,
      full_name: input.fullName,
      contact_number: input.contactNumber,
      email: input.email,
      location: input.location,
      pin_code: input.pinCode,
      latitude: input.geolocation?.latitude ?? null,
      longitude: input.geolocation?.longitude ?? null,
      public_latitude: publicPoint?.lat ?? null,
      public_longitude: publicPoint?.lng ?? null,
      requested_time: toIso(input.requestedTime),
      request_expiry_time: toIso(input.requestExpiryTime),
      food_type: input.foodType,
      alternative_food: input.alternativeFood,
      number_of_people: input.numberOfPeople,
      message: input.message,
      offer_price_paise: rupeesToPaise(input.offerPrice),
      food_description: input.foodDescription,
      payment_method: input.paymentMethod,
      diet: input.diet,
      status: 'OPEN',
      created_at: toIso(now),
      updated_at: toIso(now),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await syncMapEntry(db, 'food_requests', row.id, now);
  return row.id;
}

/** Columns every view of a need shows. */
const NEED_COLUMNS = [
  'id',
  'location',
  'pin_code as pinCode',
  'requested_time as requestedTime',
  'request_expiry_time as requestExpiryTime',
  'food_type as foodType',
  'alternative_food as alternativeFood',
  'number_of_people as numberOfPeople',
  'message',
  'offer_price_paise as offerPricePaise',
  'food_description as foodDescription',
  'payment_method as paymentMethod',
  'diet',
  'status',
  'created_at as createdAt',
] as const;

/** The owner also sees how to reach them and where exactly. */
const MY_COLUMNS = [
  ...NEED_COLUMNS,
  'full_name as fullName',
  'contact_number as contactNumber',
  'email',
  'latitude',
  'longitude',
  'updated_at as updatedAt',
] as const;

interface NeedRow {
  id: number;
  location: string;
  pinCode: string;
  requestedTime: string;
  requestExpiryTime: string;
  foodType: string;
  alternativeFood: string;
  numberOfPeople: number;
  message: string;
  offerPricePaise: number;
  foodDescription: string;
  paymentMethod: string;
  diet: string | null;
  status: string;
  createdAt: string;
}

function toNeedDetails(row: NeedRow, now: Date) {
  return {
    id: row.id,
    location: row.location,
    pinCode: row.pinCode,
    requestedTime: row.requestedTime,
    requestExpiryTime: row.requestExpiryTime,
    // Check constraints hold these columns to the enums.
    foodType: row.foodType,
    alternativeFood: row.alternativeFood,
    numberOfPeople: Number(row.numberOfPeople),
    message: row.message,
    offerPrice: paiseToRupees(Number(row.offerPricePaise)),
    foodDescription: row.foodDescription,
    paymentMethod: row.paymentMethod as PaymentMethod,
    diet: row.diet as Diet | null,
    status: effectiveFoodRequestStatus(row.status as FoodRequestStatus, new Date(row.requestExpiryTime), now),
    createdAt: row.createdAt,
  };
}

interface MyRow extends NeedRow {
  fullName: string;
  contactNumber: string;
  email: string;
  latitude: number | null;
  longitude: number | null;
  updatedAt: string;
}

function toMine(row: MyRow, now: Date): MyFoodRequest {
  return {
    ...toNeedDetails(row, now),
    fullName: row.fullName,
    contactNumber: nationalMobile(row.contactNumber),
    email: row.email,
    geolocation: formatGeolocation(
      row.latitude === null || row.longitude === null ? null : { latitude: Number(row.latitude), longitude: Number(row.longitude) },
    ),
    updatedAt: row.updatedAt,
  };
}

export async function findFoodRequest(db: Db, id: number, now: Date): Promise<(MyFoodRequest & { requesterId: number }) | null> {
  const row = await db
    .selectFrom('food_requests')
    .select([...MY_COLUMNS, 'requester_id as requesterId'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? { ...toMine(row, now), requesterId: row.requesterId } : null;
}

export async function listMyFoodRequests(db: Db, requesterId: number, page: { page: number; pageSize: number }, now: Date) {
  const base = db.selectFrom('food_requests').where('requester_id', '=', requesterId);
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
    base
      .select(MY_COLUMNS)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize)
      .execute(),
  ]);
  return { total: Number(count.total), items: rows.map((row) => toMine(row, now)) };
}

/**
 * Moves an OPEN, unexpired need to `to`. Conditional on both, so a need that expired or changed
 * meanwhile is left alone; returns whether it moved. Takes it off the map's counts in the same
 * transaction (run it in one).
 */
export async function closeFoodRequest(db: Db, id: number, requesterId: number, to: 'FULFILLED' | 'CANCELLED', now: Date): Promise<boolean> {
  const result = await db
    .updateTable('food_requests')
    .set({ status: to, updated_at: toIso(now) })
    .where('id', '=', id)
    .where('requester_id', '=', requesterId)
    .where('status', '=', 'OPEN')
    .where('request_expiry_time', '>', toIso(now))
    .executeTakeFirst();
  const moved = Number(result.numUpdatedRows) === 1;
  if (moved) await syncMapEntry(db, 'food_requests', id, now);
  return moved;
}

/** `%`, `_` and the escape character match literally in a LIKE pattern after this. */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`)}%`;
}

const OPEN_COLUMNS = [...NEED_COLUMNS, 'full_name as requesterName'] as const;

/**
 * Open means OPEN and not yet past its expiry at `now`. With a reference point every need gets
 * `distanceKm` to its public point; with a radius only needs within it are listed, found through
 * food_requests_open_point_idx (a bounding box first, then the exact distance). Exported so a test
 * can ask the planner how it runs.
 */
export function openFoodRequestsQueries(db: Db, query: OpenFoodRequestsQuery, now: Date, viewerId?: number) {
  const point = referencePoint(query);
  const distance = point ? distanceKmSql(point, sql.ref('public_latitude'), sql.ref('public_longitude')) : null;
  const filtered = <O>(base: SelectQueryBuilder<Database, 'food_requests', O>) => {
    let q = base.where('status', '=', 'OPEN').where('request_expiry_time', '>', toIso(now));
    // Issue 16: needs of people the viewer blocked, or who blocked the viewer, are left out.
    if (viewerId !== undefined) q = q.where(notBlockedBetween(viewerId, 'food_requests.requester_id'));
    // Issue 16: checked on the rows the open-needs walk reads; needs not stating a diet are left out.
    if (query.diet && query.diet.length > 0) q = q.where('diet', 'in', query.diet);
    const location = query.location;
    if (location) {
      // A bare pin code is matched exactly, which the pin-code index serves.
      q = /^\d{6}$/.test(location)
        ? q.where('pin_code', '=', location)
        : q.where(sql<boolean>`lower(${sql.ref('location')}) like ${containsPattern(location)} escape '!'`);
    }
    if (point && distance && query.radiusKm !== undefined) {
      const box = boundingBox(point, query.radiusKm);
      q = q
        .where('public_latitude', '>=', box.minLat)
        .where('public_latitude', '<=', box.maxLat)
        .where('public_longitude', '>=', box.minLng)
        .where('public_longitude', '<=', box.maxLng)
        .where(distance, '<=', radiusBound(query.radiusKm));
    }
    return q;
  };
  const count = filtered(db.selectFrom('food_requests').select((eb) => eb.fn.countAll().as('total')));
  let rows = filtered(
    db
      .selectFrom('food_requests')
      .select(OPEN_COLUMNS)
      .select(distance ? roundedKmSql(distance).as('distanceKm') : sql<null>`null`.as('distanceKm')),
  );
  if (query.sort === FoodRequestSort.NEAREST && distance) {
    // Needs without a position last; the same distance (one decimal) falls to the earliest expiry.
    rows = rows
      .orderBy(sql`case when ${sql.ref('public_latitude')} is null then 1 else 0 end`)
      .orderBy(roundedKmSql(distance))
      .orderBy('request_expiry_time', 'asc')
      .orderBy('id', 'asc');
  } else {
    rows = rows.orderBy('created_at', 'desc').orderBy('id', 'desc');
  }
  return { count, rows: rows.limit(query.pageSize).offset((query.page - 1) * query.pageSize) };
}

export async function listOpenFoodRequests(
  db: Db,
  query: OpenFoodRequestsQuery,
  now: Date,
  viewerId?: number,
): Promise<{ total: number; items: OpenFoodRequest[] }> {
  const queries = openFoodRequestsQueries(db, query, now, viewerId);
  const [count, rows] = await Promise.all([queries.count.executeTakeFirstOrThrow(), queries.rows.execute()]);
  const withDistance = referencePoint(query) !== null;
  return {
    total: Number(count.total),
    items: rows.map((row) => ({
      ...toNeedDetails(row, now),
      requesterName: row.requesterName,
      ...(withDistance ? { distanceKm: row.distanceKm === null ? null : Number(row.distanceKm) } : {}),
    })),
  };
}

/** A need's public view, or null when there is none or moderation hid it (issue 18). */
export async function findPublicFoodRequest(db: Db, id: number, now: Date): Promise<PublicFoodNeed | null> {
  const row = await db
    .selectFrom('food_requests')
    .select([
      'id',
      'pin_code as pinCode',
      'food_type as foodType',
      'alternative_food as alternativeFood',
      'number_of_people as numberOfPeople',
      'food_description as foodDescription',
      'diet',
      'request_expiry_time as requestExpiryTime',
      'status',
    ])
    .where('id', '=', id)
    .where('hidden_status', 'is', null)
    .executeTakeFirst();
  if (!row) return null;
  const place = findPinCode(row.pinCode);
  return {
    id: row.id,
    pinCode: row.pinCode,
    district: place?.district || null,
    state: place?.state || null,
    foodType: row.foodType,
    alternativeFood: row.alternativeFood,
    numberOfPeople: Number(row.numberOfPeople),
    foodDescription: row.foodDescription,
    diet: row.diet as Diet | null,
    requestExpiryTime: row.requestExpiryTime,
    status: effectiveFoodRequestStatus(row.status as FoodRequestStatus, new Date(row.requestExpiryTime), now),
  };
}

/** A requester's account is being deleted: every open, unexpired need is withdrawn (CANCELLED). */
export async function withdrawOpenFoodRequestsOf(db: Db, requesterId: number, now: Date): Promise<void> {
  const withdrawn = await db
    .updateTable('food_requests')
    .set({ status: 'CANCELLED', updated_at: toIso(now) })
    .where('requester_id', '=', requesterId)
    .where('status', '=', 'OPEN')
    .where('request_expiry_time', '>', toIso(now))
    .returning('id')
    .execute();
  for (const { id } of withdrawn) await syncMapEntry(db, 'food_requests', id, now);
}

/**
 * The needs stay as anonymous records (food, people, times, pin code and public point); the
 * contact details typed into each need, the address, the exact point and the message go.
 */
export async function anonymiseFoodRequestsOf(db: Db, requesterId: number, deletedName: string, now: Date): Promise<void> {
  await db
    .updateTable('food_requests')
    .set({ full_name: deletedName, contact_number: '', email: '', location: '', latitude: null, longitude: null, message: '', updated_at: toIso(now) })
    .where('requester_id', '=', requesterId)
    .execute();
}

/**
 * Moderation (issue 16): hides a need that is not hidden yet, remembering its status; an OPEN one
 * becomes CANCELLED, which every list already leaves out. Null when there is no such need or it is
 * hidden already.
 */
export async function hideFoodRequestRow(db: Db, id: number, now: Date): Promise<{ requesterId: number; title: string } | null> {
  const row = await db
    .selectFrom('food_requests')
    .select(['status', 'hidden_status', 'requester_id', 'food_description', 'food_type'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row || row.hidden_status !== null) return null;
  const result = await db
    .updateTable('food_requests')
    .set({ hidden_status: row.status, status: row.status === 'OPEN' ? 'CANCELLED' : row.status, updated_at: toIso(now) })
    .where('id', '=', id)
    .where('status', '=', row.status)
    .where('hidden_status', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return null;
  await syncMapEntry(db, 'food_requests', id, now);
  return { requesterId: row.requester_id, title: row.food_description.trim() || row.food_type };
}

/** Restores a hidden need to the status it had; false when it is not hidden. */
export async function restoreFoodRequestRow(db: Db, id: number, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('food_requests')
    .set((eb) => ({ status: eb.ref('hidden_status').$castTo<string>(), hidden_status: null, updated_at: toIso(now) }))
    .where('id', '=', id)
    .where('hidden_status', 'is not', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  await syncMapEntry(db, 'food_requests', id, now);
  return true;
}

/** A person's OPEN, unexpired, unhidden needs (a suspension hides them). */
export async function openFoodRequestIdsOf(db: Db, requesterId: number, now: Date): Promise<number[]> {
  const rows = await db
    .selectFrom('food_requests')
    .select('id')
    .where('requester_id', '=', requesterId)
    .where('status', '=', 'OPEN')
    .where('request_expiry_time', '>', toIso(now))
    .where('hidden_status', 'is', null)
    .execute();
  return rows.map((row) => row.id);
}
