import { nationalMobile } from '@annadaan/contract/common';
import { paiseToRupees, rupeesToPaise, formatGeolocation } from '@annadaan/contract/donations';
import {
  type CreateFoodRequest,
  type FoodRequestStatus,
  type MyFoodRequest,
  type OpenFoodRequest,
  type OpenFoodRequestsQuery,
  FoodRequestSort,
  effectiveFoodRequestStatus,
} from '@annadaan/contract/food-requests';
import type { Diet } from '@annadaan/contract/food-facts';
import { referencePoint } from '@annadaan/contract/near';
import type { PaymentMethod } from '@annadaan/contract/requests';
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { toIso } from '../../lib/clock';
import { boundingBox, distanceKmSql, radiusBound, roundedKmSql } from '../geo/distance-sql';
import { needPublicPoint } from '../geo/pin-codes';

type Db = Kysely<Database>;

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
  const row = await db.selectFrom('food_requests').select([...MY_COLUMNS, 'requester_id as requesterId']).where('id', '=', id).executeTakeFirst();
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
 * meanwhile is left alone; returns whether it moved.
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
  return Number(result.numUpdatedRows) === 1;
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
export function openFoodRequestsQueries(db: Db, query: OpenFoodRequestsQuery, now: Date) {
  const point = referencePoint(query);
  const distance = point ? distanceKmSql(point, sql.ref('public_latitude'), sql.ref('public_longitude')) : null;
  const filtered = <O>(base: SelectQueryBuilder<Database, 'food_requests', O>) => {
    let q = base.where('status', '=', 'OPEN').where('request_expiry_time', '>', toIso(now));
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

export async function listOpenFoodRequests(db: Db, query: OpenFoodRequestsQuery, now: Date): Promise<{ total: number; items: OpenFoodRequest[] }> {
  const queries = openFoodRequestsQueries(db, query, now);
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
