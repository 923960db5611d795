import type { PortionUnit } from '@annadaan/contract/portions';
import { ALERTS_PER_PERSON, type Alert, type CreateAlert, MAX_BOX_LAT_SPAN, boundingBox } from '@annadaan/contract/alerts';
import type { FoodType } from '@annadaan/contract/donations';
import { ALL_ALLERGENS_MASK, type Diet, DIETS, allergensToMask, dietsToMask, maskToAllergens, maskToDiets } from '@annadaan/contract/food-facts';
import { type Kysely, type SqlBool, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { toIso } from '../../lib/clock';
import { notBlockedBetween } from '../blocks/blocks-repository';

type Db = Kysely<Database>;

const ALERT_COLUMNS = ['id', 'latitude', 'longitude', 'radius_km', 'food_type', 'label', 'diet_mask', 'exclude_allergens', 'created_at'] as const;

interface AlertRow {
  id: number;
  latitude: number;
  longitude: number;
  radius_km: number;
  food_type: string | null;
  label: string;
  diet_mask: number;
  exclude_allergens: number;
  created_at: string;
}

function toAlert(row: AlertRow): Alert {
  return {
    id: Number(row.id),
    lat: Number(row.latitude),
    lng: Number(row.longitude),
    radiusKm: Number(row.radius_km),
    foodType: row.food_type as FoodType | null,
    label: row.label,
    diet: maskToDiets(Number(row.diet_mask)),
    excludeAllergens: maskToAllergens(Number(row.exclude_allergens)),
    createdAt: row.created_at,
  };
}

/**
 * Takes one of the person's alert places: one conditional update, so parallel requests (and
 * several instances) cannot pass the cap; false when all are taken. Run it in the transaction
 * that inserts the alert.
 */
export async function claimAlertSlot(trx: Db, userId: number): Promise<boolean> {
  const result = await trx
    .updateTable('users')
    .set((eb) => ({ food_alert_count: eb('food_alert_count', '+', 1) }))
    .where('id', '=', userId)
    .where('food_alert_count', '<', ALERTS_PER_PERSON)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertAlert(trx: Db, userId: number, input: CreateAlert, now: Date): Promise<Alert> {
  const box = boundingBox({ lat: input.lat, lng: input.lng }, input.radiusKm);
  const row = await trx
    .insertInto('food_alerts')
    .values({
      user_id: userId,
      latitude: input.lat,
      longitude: input.lng,
      radius_km: input.radiusKm,
      food_type: input.foodType ?? null,
      label: input.label,
      diet_mask: dietsToMask(input.diet),
      exclude_allergens: allergensToMask(input.excludeAllergens),
      min_lat: box.minLat,
      max_lat: box.maxLat,
      min_lng: box.minLng,
      max_lng: box.maxLng,
      last_notified_at: null,
      created_at: toIso(now),
    })
    .returning(ALERT_COLUMNS)
    .executeTakeFirstOrThrow();
  return toAlert(row);
}

/** The person's own alerts, oldest first; at most ALERTS_PER_PERSON exist. */
export async function listAlerts(db: Db, userId: number): Promise<Alert[]> {
  const rows = await db.selectFrom('food_alerts').select(ALERT_COLUMNS).where('user_id', '=', userId).orderBy('id').limit(ALERTS_PER_PERSON).execute();
  return rows.map(toAlert);
}

/** Deletes the alert if it is the person's and gives its place back; false when there was none. */
export async function deleteAlert(trx: Db, userId: number, alertId: number): Promise<boolean> {
  const result = await trx.deleteFrom('food_alerts').where('id', '=', alertId).where('user_id', '=', userId).executeTakeFirst();
  if (Number(result.numDeletedRows) !== 1) return false;
  await trx
    .updateTable('users')
    .set((eb) => ({ food_alert_count: eb('food_alert_count', '-', 1) }))
    .where('id', '=', userId)
    .where('food_alert_count', '>', 0)
    .execute();
  return true;
}

export interface AlertCandidate {
  id: number;
  userId: number;
  lat: number;
  lng: number;
  radiusKm: number;
  label: string;
}

/** What an alert's food filters compare (issue 16): the donation's diet and allergens, null when not stated. */
export interface DonationFoodFacts {
  foodType: string;
  diet: Diet | null;
  allergens: number | null;
}

/**
 * The alerts whose box holds the point, of the given food type (or any) and whose diet and
 * allergen filters the donation passes, not the donor's own, not of a deactivated account and not
 * of anyone blocked either way with the donor. The box is read through food_alerts_box_idx over a band of
 * latitude no taller than the largest box, so the work grows with the alerts near that latitude,
 * not with all of them; the caller checks the exact distance. Exported so a test can ask the planner.
 */
export function boxCandidatesQuery(db: Db, point: { lat: number; lng: number }, food: DonationFoodFacts, donorId: number) {
  // Literals the server computed: a diet's bit (0 when not stated, so only "any diet" alerts
  // match) and the allergens the food may hold (all of them when not stated, so an alert leaving
  // any out does not match).
  const dietBit = food.diet === null ? 0 : 1 << DIETS.indexOf(food.diet);
  const mayContain = food.allergens ?? ALL_ALLERGENS_MASK;
  return (
    db
      .selectFrom('food_alerts')
      .innerJoin('users', 'users.id', 'food_alerts.user_id')
      .select([
        'food_alerts.id as id',
        'food_alerts.user_id as userId',
        'food_alerts.latitude as lat',
        'food_alerts.longitude as lng',
        'food_alerts.radius_km as radiusKm',
        'food_alerts.label as label',
      ])
      .where('food_alerts.min_lat', '>=', point.lat - MAX_BOX_LAT_SPAN)
      .where('food_alerts.min_lat', '<=', point.lat)
      .where('food_alerts.max_lat', '>=', point.lat)
      .where('food_alerts.min_lng', '<=', point.lng)
      .where('food_alerts.max_lng', '>=', point.lng)
      .where((eb) => eb.or([eb('food_alerts.food_type', 'is', null), eb('food_alerts.food_type', '=', food.foodType)]))
      .where(sql<SqlBool>`(${sql.ref('food_alerts.diet_mask')} = 0 or (${sql.ref('food_alerts.diet_mask')} & ${sql.lit(dietBit)}) <> 0)`)
      .where(sql<SqlBool>`(${sql.ref('food_alerts.exclude_allergens')} & ${sql.lit(mayContain)}) = 0`)
      .where('food_alerts.user_id', '<>', donorId)
      .where('users.deactivated_at', 'is', null)
      // Issue 16: nobody hears of food from someone they blocked or who blocked them.
      .where(notBlockedBetween(donorId, 'food_alerts.user_id'))
  );
}

export async function boxCandidates(db: Db, point: { lat: number; lng: number }, food: DonationFoodFacts, donorId: number): Promise<AlertCandidate[]> {
  const rows = await boxCandidatesQuery(db, point, food, donorId).execute();
  return rows.map((row) => ({
    id: Number(row.id),
    userId: Number(row.userId),
    lat: Number(row.lat),
    lng: Number(row.lng),
    radiusKm: Number(row.radiusKm),
    label: row.label,
  }));
}

/** What matching needs of a new donation: its public point only, never the exact one. */
export async function findDonationForMatching(db: Db, donationId: number) {
  const row = await db
    .selectFrom('donations')
    .select([
      'id',
      'donor_id',
      'food_name',
      'food_type',
      'diet',
      'allergens',
      'public_latitude',
      'public_longitude',
      'status',
      'expires_at',
      'portions_total',
      'portions_taken',
      'portions_unit',
    ])
    .where('id', '=', donationId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: Number(row.id),
    donorId: Number(row.donor_id),
    foodName: row.food_name,
    food: { foodType: row.food_type, diet: row.diet as Diet | null, allergens: row.allergens === null ? null : Number(row.allergens) },
    publicPoint: row.public_latitude === null || row.public_longitude === null ? null : { lat: Number(row.public_latitude), lng: Number(row.public_longitude) },
    status: row.status,
    expiresAt: row.expires_at,
    // Issue 33: what is left of food shared in portions, for the alert's words ("60 plates of …").
    portionsLeft:
      row.portions_total === null || row.portions_unit === null
        ? null
        : { count: Number(row.portions_total) - Number(row.portions_taken), unit: row.portions_unit as PortionUnit },
  };
}

/** Records that the alert matched the donation; false when it already had (a job run twice). */
export async function recordMatch(trx: Db, alertId: number, donationId: number, now: Date): Promise<boolean> {
  const result = await trx
    .insertInto('food_alert_matches')
    .values({ alert_id: alertId, donation_id: donationId, created_at: toIso(now), notified_at: null })
    .onConflict((conflict) => conflict.columns(['alert_id', 'donation_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/**
 * Opens a new window for the alert if its last one is over: one conditional update, so of two
 * matches at once only one notifies now. False when the alert is inside its window (or gone).
 */
export async function openWindow(trx: Db, alertId: number, now: Date, windowMs: number): Promise<boolean> {
  const result = await trx
    .updateTable('food_alerts')
    .set({ last_notified_at: toIso(now) })
    .where('id', '=', alertId)
    .where((eb) => eb.or([eb('last_notified_at', 'is', null), eb('last_notified_at', '<=', toIso(new Date(now.getTime() - windowMs)))]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function markMatchNotified(trx: Db, alertId: number, donationId: number, now: Date): Promise<void> {
  await trx
    .updateTable('food_alert_matches')
    .set({ notified_at: toIso(now) })
    .where('alert_id', '=', alertId)
    .where('donation_id', '=', donationId)
    .execute();
}

export async function findAlert(db: Db, alertId: number) {
  const row = await db
    .selectFrom('food_alerts')
    .select(['id', 'user_id', 'radius_km', 'label', 'last_notified_at'])
    .where('id', '=', alertId)
    .executeTakeFirst();
  return row
    ? { id: Number(row.id), userId: Number(row.user_id), radiusKm: Number(row.radius_km), label: row.label, lastNotifiedAt: row.last_notified_at }
    : null;
}

/**
 * Takes the alert's held matches (marks them told) and returns the donations among them that are
 * still listed, newest first. A second run finds nothing held, so a digest job run twice tells once.
 */
export async function takeHeldMatches(trx: Db, alertId: number, now: Date): Promise<Array<{ donationId: number; foodName: string }>> {
  const held = await trx
    .selectFrom('food_alert_matches')
    .innerJoin('donations', 'donations.id', 'food_alert_matches.donation_id')
    .select([
      'food_alert_matches.donation_id as donationId',
      'donations.food_name as foodName',
      'donations.status as status',
      'donations.expires_at as expiresAt',
    ])
    .where('food_alert_matches.alert_id', '=', alertId)
    .where('food_alert_matches.notified_at', 'is', null)
    .orderBy('food_alert_matches.donation_id', 'desc')
    .execute();
  if (held.length === 0) return [];
  const ids = held.map((row) => Number(row.donationId));
  const taken = await trx
    .updateTable('food_alert_matches')
    .set({ notified_at: toIso(now) })
    .where('alert_id', '=', alertId)
    .where('donation_id', 'in', ids)
    .where('notified_at', 'is', null)
    .executeTakeFirst();
  // Another runner took them first (a lease ran out mid-run): it tells, this one does not.
  if (Number(taken.numUpdatedRows) !== ids.length) return [];
  const nowIso = toIso(now);
  return held
    .filter((row) => row.status === 'AVAILABLE' && row.expiresAt > nowIso)
    .map((row) => ({ donationId: Number(row.donationId), foodName: row.foodName }));
}

export async function setLastNotified(trx: Db, alertId: number, now: Date): Promise<void> {
  await trx
    .updateTable('food_alerts')
    .set({ last_notified_at: toIso(now) })
    .where('id', '=', alertId)
    .execute();
}

/** Alerts with matches held past their window: the sweep re-enqueues their digests in case a wake-up was lost. */
export async function alertsWithOverdueHeld(db: Db, now: Date, windowMs: number, limit: number) {
  const cutoff = toIso(new Date(now.getTime() - windowMs));
  const rows = await db
    .selectFrom('food_alert_matches')
    .innerJoin('food_alerts', 'food_alerts.id', 'food_alert_matches.alert_id')
    .select('food_alerts.id as id')
    .distinct()
    .where('food_alert_matches.notified_at', 'is', null)
    .where((eb) => eb.or([eb('food_alerts.last_notified_at', 'is', null), eb('food_alerts.last_notified_at', '<=', cutoff)]))
    .limit(limit)
    .execute();
  return rows.map((row) => Number(row.id));
}

/** Match records only prevent double work for a while; older ones go. */
export async function pruneMatches(db: Db, before: Date): Promise<number> {
  const result = await db.deleteFrom('food_alert_matches').where('created_at', '<', toIso(before)).where('notified_at', 'is not', null).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Every alert of a person whose account is being deleted (their matches go with them) and the count back to 0. */
export async function deleteAlertsOf(trx: Db, userId: number): Promise<void> {
  await trx.deleteFrom('food_alerts').where('user_id', '=', userId).execute();
  await trx.updateTable('users').set({ food_alert_count: 0 }).where('id', '=', userId).execute();
}
