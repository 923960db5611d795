import {
  type CreateDonation,
  type DeliveryType,
  type Donation,
  type DonationStatus,
  type FoodType,
  countdownSeconds,
  effectiveDonationStatus,
  formatGeolocation,
  paiseToRupees,
  rupeesToPaise,
} from '@annadaan/contract/donations';
import { publicArea, snapToGrid } from '@annadaan/contract/area';
import { type Diet, allergensToMask, maskToAllergens, maskToSafetyChecks, safetyChecksToMask } from '@annadaan/contract/food-facts';
import type { PageQuery } from '@annadaan/contract/paging';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { toIso } from '../../lib/clock';
import { sweepMapExpiries, syncMapEntry } from '../map/map-cells';
import { portionsView, waitingCounts } from './portions';
import { PHOTO_COLUMNS, type PhotoColumns, photoFrom, uploadNameOf } from '../uploads/photos';

/*
 * Donations' rows: how they map to records, and every write. The browse listing queries live in
 * browse-queries.ts and the kept listings in browse-cache.ts, which sees every write to donations
 * by itself (a Kysely plugin on the app's handle), so nothing here has to tell it.
 */

type Db = Kysely<Database>;

export const DONATION_COLUMNS = [
  'donations.id as id',
  'donations.donor_id as donorId',
  'donations.food_name as foodName',
  'donations.description as description',
  'donations.quantity as quantity',
  'donations.expiry_date_time as expiryDateTime',
  'donations.expires_at as expiresAt',
  'donations.free as free',
  'donations.price_paise as pricePaise',
  'donations.location as location',
  'donations.pin_code as pinCode',
  'donations.latitude as latitude',
  'donations.longitude as longitude',
  'donations.area as area',
  'donations.public_latitude as publicLatitude',
  'donations.public_longitude as publicLongitude',
  'donations.delivery_type as deliveryType',
  'donations.food_type as foodType',
  'donations.refrigeration_available as refrigerationAvailable',
  'donations.image_url as imageUrl',
  'donations.diet as diet',
  'donations.jain as jain',
  'donations.allergens as allergens',
  'donations.prepared_at as preparedAt',
  'donations.safety_checks as safetyChecks',
  'donations.status as status',
  'donations.hidden_status as hiddenStatus',
  'donations.created_at as createdAt',
  'donations.portions_total as portionsTotal',
  'donations.portions_taken as portionsTaken',
  'donations.portions_unit as portionsUnit',
  'donations.portions_max_per_request as portionsMaxPerRequest',
  'donations.portions_auto_accept as portionsAutoAccept',
  'donations.organisations_only_until as organisationsOnlyUntil',
  'users.full_name as donorName',
  'giving_organisation.id as organisationId',
  'giving_organisation.name as organisationName',
  'giving_organisation.status as organisationStatus',
  ...PHOTO_COLUMNS,
] as const;

interface DonationRow {
  id: number;
  donorId: number;
  foodName: string;
  description: string;
  quantity: string;
  expiryDateTime: string | null;
  expiresAt: string;
  free: number;
  pricePaise: number;
  location: string;
  pinCode: string;
  latitude: number | null;
  longitude: number | null;
  area: string;
  publicLatitude: number | null;
  publicLongitude: number | null;
  deliveryType: string;
  foodType: string;
  refrigerationAvailable: number;
  imageUrl: string | null;
  diet: string | null;
  jain: number | null;
  allergens: number | null;
  preparedAt: string | null;
  safetyChecks: number | null;
  status: string;
  hiddenStatus: string | null;
  createdAt: string;
  portionsTotal: number | null;
  portionsTaken: number;
  portionsUnit: string | null;
  portionsMaxPerRequest: number | null;
  portionsAutoAccept: number;
  organisationsOnlyUntil: string | null;
  donorName: string;
  organisationId: number | null;
  organisationName: string | null;
  organisationStatus: string | null;
}

export type DonationRowWithPhoto = DonationRow & PhotoColumns;

/** The donor's view (full address, exact point) plus what the public view is made of. */
export interface DonationRecord extends Donation {
  donorId: number;
  /** The ~500 m grid cell's centre, as "lat,lng"; empty without a position. */
  publicGeolocation: string;
  /** Hidden by an admin (issue 16): only its donor and admins may still open it. */
  hidden: boolean;
}

/** A browse card: the record plus the distance from the query's reference point, when it had one. */
export interface BrowseDonationRecord extends DonationRecord {
  distanceKm?: number | null;
}

function pointText(latitude: number | null, longitude: number | null): string {
  return formatGeolocation(latitude === null || longitude === null ? null : { latitude: Number(latitude), longitude: Number(longitude) });
}

/**
 * What anyone may see of a donation: the area instead of the pickup address and the grid cell's
 * centre instead of the exact point. Only the donor and the receiver whose request is awaiting
 * pickup get the full record.
 */
export function publicDonation(donation: DonationRecord): DonationRecord {
  return { ...donation, location: donation.area, pickupAddress: null, geolocation: donation.publicGeolocation };
}

/** `waiting`: people in line for its portions, which only a donation's own page and its donor's list count. */
export function toDonation(row: DonationRowWithPhoto, now: Date, waiting = 0): DonationRecord {
  const createdAt = new Date(row.createdAt);
  const expiresAt = new Date(row.expiresAt);
  const free = row.free === 1;
  return {
    id: row.id,
    donorId: row.donorId,
    foodName: row.foodName,
    description: row.description,
    quantity: row.quantity,
    expiryDateTime: row.expiryDateTime,
    expiresAt: row.expiresAt,
    countdownTime: countdownSeconds(createdAt, expiresAt),
    timer: true,
    free,
    isFree: free,
    price: paiseToRupees(Number(row.pricePaise)),
    location: row.location,
    pickupAddress: row.location,
    area: row.area,
    pinCode: row.pinCode,
    geolocation: pointText(row.latitude, row.longitude),
    publicGeolocation: pointText(row.publicLatitude, row.publicLongitude),
    deliveryType: row.deliveryType as DeliveryType,
    foodType: row.foodType as FoodType,
    refrigerationAvailable: row.refrigerationAvailable === 1,
    imageUrl: row.imageUrl,
    photo: photoFrom(row.imageUrl, row),
    // A check constraint holds diet to the enum; null is "Not stated".
    diet: row.diet as Diet | null,
    jain: row.jain === null ? null : Number(row.jain) === 1,
    allergens: row.allergens === null ? null : maskToAllergens(Number(row.allergens)),
    preparedAt: row.preparedAt,
    safetyChecklist: row.safetyChecks === null ? null : maskToSafetyChecks(Number(row.safetyChecks)),
    status: effectiveDonationStatus(row.status as DonationStatus, expiresAt, now),
    donorName: row.donorName,
    organisation:
      row.organisationId === null ? null : { id: row.organisationId, name: row.organisationName ?? '', verified: row.organisationStatus === 'VERIFIED' },
    portions: portionsView(row, waiting),
    // Past, the hold is over and nobody needs to read it.
    organisationsOnlyUntil: row.organisationsOnlyUntil !== null && new Date(row.organisationsOnlyUntil) > now ? row.organisationsOnlyUntil : null,
    createdAt: row.createdAt,
    createdDateTime: row.createdAt,
    hidden: row.hiddenStatus !== null,
  };
}

export function withDonor(db: Db) {
  // The photo's variants (issue 18): one unique-index lookup per donation that has a photo.
  return (
    db
      .selectFrom('donations')
      .innerJoin('users', 'users.id', 'donations.donor_id')
      // Issue 32: the organisation it is given as, by its primary key.
      .leftJoin('organisations as giving_organisation', 'giving_organisation.id', 'donations.organisation_id')
      .leftJoin('uploads as photo', (join) => join.on('photo.file_name', '=', uploadNameOf('donations.image_url')))
  );
}

export async function insertDonation(db: Db, donorId: number, input: CreateDonation, expiresAt: Date, now: Date): Promise<number> {
  const row = await db
    .insertInto('donations')
    .values({
      donor_id: donorId,
      food_name: input.foodName,
      description: input.description,
      quantity: input.quantity,
      expiry_date_time: input.expiryDateTime ? toIso(input.expiryDateTime) : null,
      expires_at: toIso(expiresAt),
      free: input.free ? 1 : 0,
      price_paise: rupeesToPaise(input.price),
      location: input.location,
      pin_code: input.pinCode,
      latitude: input.geolocation?.latitude ?? null,
      longitude: input.geolocation?.longitude ?? null,
      area: publicArea(input.location),
      public_latitude: input.geolocation ? snapToGrid(input.geolocation.latitude) : null,
      public_longitude: input.geolocation ? snapToGrid(input.geolocation.longitude) : null,
      delivery_type: input.deliveryType,
      food_type: input.foodType,
      refrigeration_available: input.refrigerationAvailable ? 1 : 0,
      image_url: input.imageUrl,
      diet: input.diet,
      jain: input.jain === null ? null : input.jain ? 1 : 0,
      allergens: input.allergens === null ? null : allergensToMask(input.allergens),
      prepared_at: input.preparedAt ? toIso(input.preparedAt) : null,
      safety_checks: input.safetyChecklist === null ? null : safetyChecksToMask(input.safetyChecklist),
      organisation_id: input.organisationId,
      portions_total: input.portions?.total ?? null,
      portions_unit: input.portions?.unit ?? null,
      portions_max_per_request: input.portions?.maxPerRequest ?? null,
      portions_auto_accept: input.portions?.autoAccept ? 1 : 0,
      organisations_only_until: input.organisationsOnlyMinutes > 0 ? toIso(new Date(now.getTime() + input.organisationsOnlyMinutes * 60_000)) : null,
      status: 'AVAILABLE',
      created_at: toIso(now),
      updated_at: toIso(now),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await syncMapEntry(db, 'donations', row.id, now);
  return row.id;
}

export async function findDonation(db: Db, id: number, now: Date): Promise<DonationRecord | null> {
  const row = await withDonor(db).select(DONATION_COLUMNS).where('donations.id', '=', id).executeTakeFirst();
  if (!row) return null;
  const waiting = row.portionsTotal === null ? 0 : ((await waitingCounts(db, [id])).get(id) ?? 0);
  return toDonation(row, now, waiting);
}

/**
 * One page of a donor's donations, newest first, and how many there are. Both queries walk
 * donations_donor_idx (donor_id, created_at); exported so a test can ask the planner.
 */
export function donorDonationsQueries(db: Db, donorId: number, page: PageQuery) {
  const count = db
    .selectFrom('donations')
    .select((eb) => eb.fn.countAll().as('total'))
    .where('donations.donor_id', '=', donorId);
  const rows = withDonor(db)
    .select(DONATION_COLUMNS)
    .where('donations.donor_id', '=', donorId)
    .orderBy('donations.created_at', 'desc')
    .orderBy('donations.id', 'desc')
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  return { count, rows };
}

export async function listDonorDonations(db: Db, donorId: number, page: PageQuery, now: Date): Promise<{ total: number; items: DonationRecord[] }> {
  const { count, rows } = donorDonationsQueries(db, donorId, page);
  const [counted, found] = await Promise.all([count.executeTakeFirstOrThrow(), rows.execute()]);
  const waiting = await waitingCounts(
    db,
    found.filter((row) => row.portionsTotal !== null).map((row) => row.id),
  );
  return { total: Number(counted.total), items: found.map((row) => toDonation(row, now, waiting.get(row.id) ?? 0)) };
}

/** True when this person's request on the donation is awaiting pickup and the donation has not run out. */
export async function isAwaitingPickupBy(db: Db, donationId: number, receiverId: number, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom('donation_requests')
    .innerJoin('donations', 'donations.id', 'donation_requests.donation_id')
    .select('donation_requests.id')
    .where('donation_requests.donation_id', '=', donationId)
    .where('donation_requests.receiver_id', '=', receiverId)
    .where('donation_requests.status', '=', 'AWAITING_PICKUP')
    .where('donations.expires_at', '>', toIso(now))
    .executeTakeFirst();
  return row !== undefined;
}

/** True when the picture was uploaded by this user through our own upload endpoint. */
export async function isOwnUpload(db: Db, ownerId: number, imageUrl: string): Promise<boolean> {
  const fileName = imageUrl.slice(imageUrl.lastIndexOf('/') + 1);
  const row = await db.selectFrom('uploads').select('id').where('owner_id', '=', ownerId).where('file_name', '=', fileName).executeTakeFirst();
  return row !== undefined;
}

/**
 * Conditional status changes: each touches the row only if it is still in the expected state and
 * unexpired, and reports whether it did. Callers run them inside a transaction.
 */
export async function moveDonationStatus(db: Db, id: number, from: readonly DonationStatus[], to: DonationStatus, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('donations')
    .set({ status: to, updated_at: toIso(now) })
    .where('id', '=', id)
    .where('status', 'in', from)
    .where('expires_at', '>', toIso(now))
    .executeTakeFirst();
  const moved = Number(result.numUpdatedRows) === 1;
  if (moved && (to !== from[0] || from.length > 1)) await syncMapEntry(db, 'donations', id, now);
  return moved;
}

/**
 * Locks an AVAILABLE, unexpired donation for the rest of the transaction (a no-op write takes the
 * row lock on PostgreSQL), so a concurrent withdrawal waits and then sees what this one wrote.
 */
export async function lockAvailableDonation(db: Db, id: number, now: Date): Promise<boolean> {
  return moveDonationStatus(db, id, ['AVAILABLE'], 'AVAILABLE', now);
}

/** Marks every open donation whose time ran out as EXPIRED and takes it off the map's counts; returns their ids. */
export async function expireDueDonations(db: Db, now: Date): Promise<number[]> {
  const rows = await db
    .updateTable('donations')
    .set({ status: 'EXPIRED', updated_at: toIso(now) })
    .where('status', 'in', ['AVAILABLE', 'PENDING'])
    .where('expires_at', '<=', toIso(now))
    .returning('id')
    .execute();
  await sweepMapExpiries(db, 'donations', now);
  return rows.map((row) => row.id);
}

/**
 * Moderation (issue 16): hides a donation that is not hidden yet, remembering its status. An open
 * one (AVAILABLE or PENDING, unexpired) becomes CANCELLED, which every list already leaves out;
 * anything else keeps its status and only stops being shown. Returns whether it was open, or null
 * when there is no such donation or it is hidden already.
 */
export async function hideDonationRow(db: Db, id: number, now: Date): Promise<{ wasOpen: boolean } | null> {
  const row = await db.selectFrom('donations').select(['status', 'expires_at', 'hidden_status']).where('id', '=', id).executeTakeFirst();
  if (!row || row.hidden_status !== null) return null;
  const wasOpen = (row.status === 'AVAILABLE' || row.status === 'PENDING') && row.expires_at > toIso(now);
  const result = await db
    .updateTable('donations')
    .set({ hidden_status: row.status, status: wasOpen ? 'CANCELLED' : row.status, updated_at: toIso(now) })
    .where('id', '=', id)
    .where('status', '=', row.status)
    .where('hidden_status', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return null;
  await syncMapEntry(db, 'donations', id, now);
  return { wasOpen };
}

/**
 * Restores a hidden donation to the status it had; one that was open comes back AVAILABLE (its
 * requests were cancelled when it was hidden; if its time ran out meanwhile it reads as expired).
 * False when it is not hidden.
 */
export async function restoreDonationRow(db: Db, id: number, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('donations')
    .set((eb) => ({
      status: eb.case().when('hidden_status', 'in', ['AVAILABLE', 'PENDING']).then('AVAILABLE').else(eb.ref('hidden_status').$castTo<string>()).end(),
      hidden_status: null,
      updated_at: toIso(now),
    }))
    .where('id', '=', id)
    .where('hidden_status', 'is not', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  await syncMapEntry(db, 'donations', id, now);
  return true;
}

/** A donor's open, unhidden donations (a suspension hides them); donations_donor_idx finds them. */
export async function openDonationIdsOf(db: Db, donorId: number, now: Date): Promise<number[]> {
  const rows = await db
    .selectFrom('donations')
    .select('id')
    .where('donor_id', '=', donorId)
    .where('status', 'in', ['AVAILABLE', 'PENDING'])
    .where('expires_at', '>', toIso(now))
    .where('hidden_status', 'is', null)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * A deleted donor's donations stay as anonymous records (the food, the times, the pin code and
 * the public grid cell: what the statistics and the receivers' histories need); the pickup
 * address, its exact point, the donor's own description and the picture go.
 */
export async function anonymiseDonationsOf(db: Db, donorId: number, now: Date): Promise<void> {
  await db
    .updateTable('donations')
    .set((eb) => ({ description: '', location: '', latitude: null, longitude: null, area: eb.ref('pin_code'), image_url: null, updated_at: toIso(now) }))
    .where('donor_id', '=', donorId)
    .execute();
}
