import {
  BrowseSort,
  type BrowseQuery,
  type CreateDonation,
  type DeliveryType,
  type Donation,
  type DonationStatus,
  type FoodType,
  browseTotalCap,
  countdownSeconds,
  effectiveDonationStatus,
  formatGeolocation,
  paiseToRupees,
  rupeesToPaise,
} from '@annadaan/contract/donations';
import { publicArea, snapToGrid } from '@annadaan/contract/area';
import {
  type Diet,
  type FoodFilter,
  allergensToMask,
  maskToAllergens,
  maskToSafetyChecks,
  safetyChecksToMask,
} from '@annadaan/contract/food-facts';
import { referencePoint } from '@annadaan/contract/near';
import type { PageQuery } from '@annadaan/contract/paging';
import { type CompiledQuery, type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { toIso } from '../../lib/clock';
import { notBlockedBetween } from '../blocks/blocks-repository';
import { boundingBox, distanceKmSql, radiusBound, roundedKmSql } from '../geo/distance-sql';
import { sweepMapExpiries, syncMapEntry } from '../map/map-cells';
import { PHOTO_COLUMNS, type PhotoColumns, photoFrom, uploadNameOf } from '../uploads/photos';

type Db = Kysely<Database>;

const DONATION_COLUMNS = [
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
  'users.full_name as donorName',
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
  donorName: string;
}

type DonationRowWithPhoto = DonationRow & PhotoColumns;

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

function toDonation(row: DonationRowWithPhoto, now: Date): DonationRecord {
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
    createdAt: row.createdAt,
    createdDateTime: row.createdAt,
    hidden: row.hiddenStatus !== null,
  };
}

function withDonor(db: Db) {
  // The photo's variants (issue 18): one unique-index lookup per donation that has a photo.
  return db
    .selectFrom('donations')
    .innerJoin('users', 'users.id', 'donations.donor_id')
    .leftJoin('uploads as photo', (join) => join.on('photo.file_name', '=', uploadNameOf('donations.image_url')));
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
      status: 'AVAILABLE',
      created_at: toIso(now),
      updated_at: toIso(now),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await syncMapEntry(db, 'donations', row.id, now);
  donationsChanged();
  return row.id;
}

export async function findDonation(db: Db, id: number, now: Date): Promise<DonationRecord | null> {
  const row = await withDonor(db).select(DONATION_COLUMNS).where('donations.id', '=', id).executeTakeFirst();
  return row ? toDonation(row, now) : null;
}

/**
 * One page of a donor's donations, newest first, and how many there are. Both queries walk
 * donations_donor_idx (donor_id, created_at); exported so a test can ask the planner.
 */
export function donorDonationsQueries(db: Db, donorId: number, page: PageQuery) {
  const count = db.selectFrom('donations').select((eb) => eb.fn.countAll().as('total')).where('donations.donor_id', '=', donorId);
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
  return { total: Number(counted.total), items: found.map((row) => toDonation(row, now)) };
}

/** `%`, `_` and the escape character itself match literally in a LIKE pattern after this. */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`)}%`;
}

/**
 * Issue 16's filters on a donations query: the diets asked for and no stated allergen among the
 * excluded ones, both decided on donations_browse_food_ending_idx's entries when Browse walks it.
 * Food that does not state its diet or allergens is left out by the filter it cannot answer. The
 * map's raw SQL (map-repository `foodFilter`) says the same.
 */
function foodFilterConditions(eb: ExpressionBuilder<Database, 'donations'>, filter: FoodFilter): Expression<SqlBool>[] {
  const conditions: Expression<SqlBool>[] = [];
  if (filter.diet && filter.diet.length > 0) conditions.push(eb('donations.diet', 'in', filter.diet));
  if (filter.excludeAllergens && filter.excludeAllergens.length > 0) {
    const mask = allergensToMask(filter.excludeAllergens);
    conditions.push(eb('donations.allergens', 'is not', null), sql<SqlBool>`(${sql.ref('donations.allergens')} & ${sql.lit(mask)}) = 0`);
  }
  return conditions;
}

/*
 * LISTING_LITERALS: in the listing queries the fixed values (the listed status, the food type, the
 * page's limit and offset, the count's cap) are written into the SQL as literals, and only the
 * time and what a person typed stay bound parameters. With the SQLite build better-sqlite3 ships
 * (3.54, with STAT4), a statement is re-prepared each time some parameters are bound again, which
 * better-sqlite3 does on every run: measured, an equality on an indexed column before ORDER BY,
 * and a LIMIT, do it (bound once 17 µs, rebound each run 44 µs); the time range and a primary-key
 * lookup do not. The statement cache (db/database.ts) was kept, yet browse's page was prepared
 * anew on every request. Measured on the bench's 100,000 listed donations: the page of six 121 µs bound
 * against 22 µs with literals, the capped count 54 µs against 19 µs (preparing the page alone
 * costs 113 µs). The values are the contract's enums and whole numbers, never text from a
 * request; each listing's SQL is compiled once and kept (compiledBrowseQueries), so the literals
 * add statements to the cache, not work per request.
 */

interface RadiusFilter {
  km: number;
  box: ReturnType<typeof boundingBox>;
  distance: ReturnType<typeof distanceKmSql>;
}

/**
 * Listed (AVAILABLE and not yet expired at `now`), matching the browse filters and, when a radius
 * is given, within it. `expiry` is the expression compared with now (see browseQueries).
 */
function listedMatching(
  query: Pick<BrowseQuery, 'foodType' | 'foodName' | 'location'> & FoodFilter,
  now: Date,
  near: { radius: RadiusFilter | null; expiry: Expression<string>; viewerId?: number | undefined } = { radius: null, expiry: sql.ref<string>('donations.expires_at') },
) {
  const { radius, expiry, viewerId } = near;
  return (eb: ExpressionBuilder<Database, 'donations'>) => {
    const conditions: Expression<SqlBool>[] = [
      eb('donations.status', '=', sql.lit('AVAILABLE')),
      eb(expiry, '>', toIso(now)),
    ];
    // Issue 16: a viewer who blocked a donor, or was blocked by one, does not see their food.
    if (viewerId !== undefined) conditions.push(notBlockedBetween(viewerId, 'donations.donor_id'));
    // LISTING_LITERALS: one of the contract's food types, never free text.
    if (query.foodType) conditions.push(eb('donations.food_type', '=', sql.lit(query.foodType)));
    conditions.push(...foodFilterConditions(eb, query));
    if (query.foodName) {
      conditions.push(sql<boolean>`lower(${sql.ref('donations.food_name')}) like ${containsPattern(query.foodName)} escape '!'`);
    }
    if (query.location) {
      const location = query.location;
      // A bare pin code is matched exactly, which the pin-code index serves.
      conditions.push(
        /^\d{6}$/.test(location)
          ? eb('donations.pin_code', '=', location)
          : // The area only: a filter on the full address would let anyone probe for a street and house number.
            sql<boolean>`lower(${sql.ref('donations.area')}) like ${containsPattern(location)} escape '!'`,
      );
    }
    if (radius) {
      // The bounding box first, which donations_listed_point_idx (status, public point, expiry)
      // serves, then the exact distance on what the box let through.
      conditions.push(
        eb.between('donations.public_latitude', radius.box.minLat, radius.box.maxLat),
        eb.between('donations.public_longitude', radius.box.minLng, radius.box.maxLng),
        eb(radius.distance, '<=', radiusBound(radius.km)),
      );
    }
    return eb.and(conditions);
  };
}

/**
 * The two queries behind a browse page: the count and the page. Listed means AVAILABLE and not
 * yet expired at `now`, whether or not the sweep has run. Exported so a test can ask the planner
 * how it runs them.
 */
export function browseQueries(db: Db, query: BrowseQuery, now: Date, options: { withinKm?: number; viewerId?: number | undefined } = {}) {
  const point = referencePoint(query);
  // Measured to the public point only (the grid cell's centre): distances to the exact point
  // would let a few queries from chosen places triangulate a home.
  const distance = point ? distanceKmSql(point, sql.ref('donations.public_latitude'), sql.ref('donations.public_longitude')) : null;
  const radiusKm = options.withinKm ?? query.radiusKm;
  const radius: RadiusFilter | null = point && distance && radiusKm !== undefined ? { km: radiusKm, box: boundingBox(point, radiusKm), distance } : null;
  // Within a radius the box is the selective part, so the expiry is written in a form no expiry
  // index can serve or order by: without it SQLite (no statistics) and PostgreSQL on a small table
  // walk every listed donation in expiry order. donations_listed_point_idx still checks it in the index.
  const expiry = radius ? sql<string>`${sql.ref('donations.expires_at')} || ''` : sql.ref<string>('donations.expires_at');
  const listed = listedMatching(query, now, { radius, expiry, viewerId: options.viewerId });

  // Counts up to browseTotalCap (the page and a hundred more), so the count costs about what the page does. The
  // filters touch donations only and every donation has its donor, so the count needs no join.
  // Taken in expiry order (an index serves it), so the first expiry among them is the next moment
  // the total can drop, which bounds how long it may be kept.
  // Within a radius the count needs no order: radius listings are never kept (below), so the
  // first expiry is not needed, and an unordered count stops at the cap instead of sorting the box.
  const cappedBase = db.selectFrom('donations').select(['donations.id', 'donations.expires_at']).where(listed);
  const capped = (radius ? cappedBase : cappedBase.orderBy(expiry)).limit(sql.lit(browseTotalCap(query)));
  const count = db
    .selectFrom(capped.as('matches'))
    .select((eb) => [eb.fn.countAll().as('total'), eb.fn.min('matches.expires_at').as('firstExpiry')]);

  let rows = withDonor(db)
    .select(DONATION_COLUMNS)
    .select(distance ? roundedKmSql(distance).as('distanceKm') : sql<null>`null`.as('distanceKm'))
    .where(listed);
  switch (query.sort) {
    case BrowseSort.NEWEST:
      rows = rows.orderBy('donations.created_at', 'desc').orderBy('donations.id', 'desc');
      break;
    case BrowseSort.OLDEST:
      rows = rows.orderBy('donations.created_at', 'asc').orderBy('donations.id', 'asc');
      break;
    case BrowseSort.NEAREST: {
      // By the distance as answered (one decimal), so cards showing the same distance come in
      // expiry order; donations without a position last. Ties never fall to the exact point.
      const latitude = sql.ref('donations.public_latitude');
      rows = rows
        .orderBy(sql`case when ${latitude} is null then 1 else 0 end`)
        .orderBy(distance ? roundedKmSql(distance) : sql`0`)
        .orderBy(expiry)
        .orderBy('donations.id', 'asc');
      break;
    }
    default:
      rows = rows.orderBy(expiry).orderBy('donations.id', 'asc');
  }
  const page = rows.limit(sql.lit(query.pageSize)).offset(sql.lit((query.page - 1) * query.pageSize));
  return { count, page };
}

type BrowseQueries = ReturnType<typeof browseQueries>;
interface CompiledBrowse {
  count: CompiledQuery<Awaited<ReturnType<BrowseQueries['count']['executeTakeFirstOrThrow']>>>;
  page: CompiledQuery<Awaited<ReturnType<BrowseQueries['page']['execute']>>[number]>;
  /** Where the request's time goes among each query's parameters. */
  nowAt: { count: number[]; page: number[] };
}
const COMPILED_KEPT = 500;
/** Per database handle: the SQL differs between SQLite and PostgreSQL. */
const compiledListings = new WeakMap<Db, Map<string, CompiledBrowse | null>>();

/** The parameters of a kept compilation with the request's time put in. */
function withNow(parameters: readonly unknown[], positions: number[], now: string): unknown[] {
  const copy = [...parameters];
  for (const position of positions) copy[position] = now;
  return copy;
}

/** Positions where two compilations differing only in the time differ; null when more than those differ. */
function nowPositions(a: CompiledQuery, b: CompiledQuery, now: string): number[] | null {
  if (a.sql !== b.sql || a.parameters.length !== b.parameters.length) return null;
  const positions: number[] = [];
  for (let i = 0; i < a.parameters.length; i += 1) {
    if (a.parameters[i] === b.parameters[i]) continue;
    if (a.parameters[i] !== now) return null;
    positions.push(i);
  }
  return positions;
}

/**
 * The two browse queries compiled once per filter, sort and page (docs/decisions/038): building
 * and compiling them with Kysely took longer than SQLite took to run them. Between two reads of
 * one listing only the time of the request changes, so the compilation is made at two times and
 * the parameters that differ are where the time goes. Listings near a position (one per
 * coordinate, rarely read twice) are compiled each time.
 */
function compiledBrowseQueries(db: Db, query: BrowseQuery, now: Date): { count: CompiledBrowse['count']; page: CompiledBrowse['page'] } {
  if (query.lat !== undefined) {
    const { count, page } = browseQueries(db, query, now);
    return { count: count.compile(), page: page.compile() };
  }
  let kept = compiledListings.get(db);
  if (!kept) {
    kept = new Map();
    compiledListings.set(db, kept);
  }
  const key = JSON.stringify(query);
  let entry = kept.get(key);
  if (entry === undefined) {
    const at = browseQueries(db, query, now);
    const later = browseQueries(db, query, new Date(now.getTime() + 1));
    const count = at.count.compile();
    const page = at.page.compile();
    const nowText = toIso(now);
    const countAt = nowPositions(count, later.count.compile(), nowText);
    const pageAt = nowPositions(page, later.page.compile(), nowText);
    entry = countAt && pageAt ? { count, page, nowAt: { count: countAt, page: pageAt } } : null;
    if (kept.size >= COMPILED_KEPT) kept.delete(kept.keys().next().value ?? '');
    kept.set(key, entry);
    return { count, page };
  }
  if (entry === null) {
    const { count, page } = browseQueries(db, query, now);
    return { count: count.compile(), page: page.compile() };
  }
  const nowText = toIso(now);
  return {
    count: { ...entry.count, parameters: withNow(entry.count.parameters, entry.nowAt.count, nowText) },
    page: { ...entry.page, parameters: withNow(entry.page.parameters, entry.nowAt.page, nowText) },
  };
}

/** What "N new donations" counts: Browse's filters and, with near me on, its radius. */
type NewDonationsFilter = Pick<BrowseQuery, 'foodType' | 'foodName' | 'location' | 'lat' | 'lng' | 'radiusKm' | 'diet' | 'excludeAllergens'>;

/** At most this many new donations are counted for Browse's "N new donations"; more shows as "99+". */
export const NEW_DONATIONS_CAP = 99;

/**
 * Browse's "N new donations": listed donations matching the page's filters with an id above
 * `since`, counted up to the cap, and the newest id of all (the next `since`). Both walk the
 * primary key from its end, so the work is the number of donations listed since, not the table.
 * Exported so a test can ask the planner.
 */
export function newDonationsQueries(db: Db, query: NewDonationsFilter, since: number, now: Date, viewerId?: number) {
  const point = referencePoint(query);
  const radius: RadiusFilter | null =
    point && query.radiusKm !== undefined
      ? { km: query.radiusKm, box: boundingBox(point, query.radiusKm), distance: distanceKmSql(point, sql.ref('donations.public_latitude'), sql.ref('donations.public_longitude')) }
      : null;
  const listed = listedMatching(query, now, { radius, expiry: sql.ref<string>('donations.expires_at'), viewerId });
  const capped = db
    .selectFrom('donations')
    .select('donations.id')
    .where('donations.id', '>', since)
    .where(listed)
    .orderBy('donations.id')
    .limit(NEW_DONATIONS_CAP + 1);
  const count = db.selectFrom(capped.as('fresh')).select((eb) => eb.fn.countAll().as('count'));
  const newest = db.selectFrom('donations').select((eb) => eb.fn.max('donations.id').as('newest'));
  return { count, newest };
}

/** `notBlockedFor`: a signed-in reader with blocks, who is not told of the food of people blocked either way. */
export async function countNewDonations(db: Db, query: NewDonationsFilter, since: number | undefined, now: Date, notBlockedFor?: number) {
  const { count, newest } = newDonationsQueries(db, query, since ?? 0, now, notBlockedFor);
  const newestRow = await newest.executeTakeFirst();
  const newestId = Number(newestRow?.newest ?? 0);
  if (since === undefined) return { count: 0, newest: newestId };
  const counted = await count.executeTakeFirstOrThrow();
  return { count: Math.min(Number(counted.count), NEW_DONATIONS_CAP + 1), newest: Math.max(newestId, since) };
}

/**
 * Listings kept a few seconds per filter: a burst of visitors opening the same listing (a wedding's
 * leftovers posted at midnight, shared in a group chat) costs one count and one page read, not one
 * each. A kept listing is exactly what a fresh read would return until one of three things happens:
 * a write to donations through this module (every write starts a new generation, so a server's own
 * changes show at once), the first listed donation of the filter expiring (the count reads the
 * filter's donations in expiry order, so it knows when that is), or the TTL running out, which
 * bounds what nothing here sees: another server's writes (PostgreSQL) and a donor renaming
 * themselves. A request sent with `Cache-Control: no-cache` reads afresh.
 */
const LISTING_TTL_MS = 5_000;
const FILTERS_KEPT = 1_000;
const PAGES_KEPT_PER_FILTER = 50;
interface KeptListing {
  /** Matches counted, up to countCap: exact when below it. */
  counted: number;
  countCap: number;
  generation: number;
  /** The newest committed donation change before it was read (PostgreSQL; 0 elsewhere). */
  change: number;
  /** The app's clock, which decides expiry, and the real one, which bounds staleness even under a frozen test clock. */
  at: number;
  realAt: number;
  /** The total and the pages change when the first listed donation expires. */
  firstExpiry: number;
  pages: Map<string, BrowseDonationRecord[]>;
}
/** Kept listings per database handle (the app's, not a transaction's: reads do not run in one). */
const listings = new WeakMap<Db, Map<string, KeptListing>>();
/** One counter for the process, since a write may run on a transaction handle. */
let generation = 0;

function keptListings(db: Db) {
  let kept = listings.get(db);
  if (!kept) {
    kept = new Map();
    listings.set(db, kept);
  }
  return kept;
}

/** Called by every function here that writes donations. */
function donationsChanged() {
  generation += 1;
}

/**
 * Handles whose kept listings cannot be trusted: on PostgreSQL another instance may write, so
 * listings are kept only while this instance hears about every donation write (listing-invalidation.ts).
 */
const distrusted = new WeakSet<Db>();

/** Drops every kept listing: another instance (or anyone) wrote donations. */
export function dropKeptListings() {
  generation += 1;
}

/** Whether listings read through `db` may be kept; switching either way drops what is kept. */
export function trustKeptListings(db: Db, trusted: boolean) {
  if (trusted) distrusted.delete(db);
  else distrusted.add(db);
  generation += 1;
}

/**
 * PostgreSQL: the newest committed donation change (migration 0008). A kept listing is served only
 * while no change newer than the one it was read after has committed, so a write acknowledged by
 * any instance is in the next browse on every instance, notification delivered or not. One
 * index lookup, against the two queries, mapping and validation of a fresh read.
 */
const changeProbes = new WeakMap<Db, () => Promise<number>>();

export function probeDonationChanges(db: Db) {
  changeProbes.set(db, async () => {
    const { rows } = await sql<{ id: string | number | null }>`select max(id) as id from donation_changes`.execute(db);
    return Number(rows[0]?.id ?? 0);
  });
}

export async function browseDonations(
  db: Db,
  query: BrowseQuery,
  now: Date,
  options: { fresh?: boolean; notBlockedFor?: number | undefined } = {},
): Promise<{ total: number; donations: BrowseDonationRecord[] }> {
  // A listing filtered for one person's blocks is theirs alone: read afresh, never kept.
  if (options.notBlockedFor !== undefined) return browseUnkept(db, query, now, options.notBlockedFor);
  const cache = keptListings(db);
  const radiusKey = query.radiusKm === undefined ? null : [query.lat, query.lng, query.radiusKm];
  const filterKey = JSON.stringify([
    query.foodType ?? '',
    query.foodName ?? '',
    query.location ?? '',
    radiusKey,
    [...(query.diet ?? [])].sort(),
    [...(query.excludeAllergens ?? [])].sort(),
  ]);
  const pageKey = JSON.stringify([query.sort, query.lat ?? null, query.lng ?? null, query.page, query.pageSize]);
  const realNow = performance.now();
  const time = now.getTime();
  let kept = cache.get(filterKey);
  const usable =
    !options.fresh &&
    !distrusted.has(db) &&
    kept !== undefined &&
    kept.generation === generation &&
    time >= kept.at &&
    time - kept.at < LISTING_TTL_MS &&
    time < kept.firstExpiry &&
    realNow - kept.realAt < LISTING_TTL_MS;
  const probe = changeProbes.get(db);
  const change = probe && !options.fresh ? await probe() : 0;
  const current = usable && kept !== undefined && kept.change === change;
  const keptPage = current ? kept?.pages.get(pageKey) : undefined;
  // A kept page was stored with a count reaching at least its own cap.
  if (current && kept && keptPage) return { total: Math.min(kept.counted, browseTotalCap(query)), donations: keptPage };

  if (query.radiusKm !== undefined && query.lat !== undefined && query.lng !== undefined) return browseUnkept(db, query, now);

  const { count, page } = compiledBrowseQueries(db, query, now);
  const readAt = generation;
  const countCap = browseTotalCap(query);
  if (!current || !kept) {
    const counted = await countRow(db, count);
    kept = {
      counted: Number(counted.total),
      countCap,
      generation: readAt,
      change,
      at: time,
      realAt: realNow,
      firstExpiry: counted.firstExpiry ? new Date(counted.firstExpiry).getTime() : Number.POSITIVE_INFINITY,
      pages: new Map(),
    };
  } else if (kept.counted >= kept.countCap && kept.countCap < countCap) {
    // A page further on than the kept count reached: counted again up to its own cap.
    kept = { ...kept, counted: Number((await countRow(db, count)).total), countCap };
  }
  const donations = (await db.executeQuery(page)).rows.map((row) => ({
    ...toDonation(row, now),
    ...(row.distanceKm === null ? (query.lat === undefined ? {} : { distanceKm: null }) : { distanceKm: Number(row.distanceKm) }),
  }));
  // A write that landed while reading may or may not be in what was read: keep it only if none did.
  if (readAt === generation && kept.generation === generation && !distrusted.has(db)) {
    if (cache.size >= FILTERS_KEPT && !cache.has(filterKey)) cache.delete(cache.keys().next().value ?? '');
    if (kept.pages.size >= PAGES_KEPT_PER_FILTER) kept.pages.delete(kept.pages.keys().next().value ?? '');
    kept.pages.set(pageKey, donations);
    cache.set(filterKey, kept);
  }
  return { total: Math.min(kept.counted, countCap), donations };
}

async function countRow<Row>(db: Db, count: CompiledQuery<Row>): Promise<Row> {
  const [row] = (await db.executeQuery(count)).rows;
  if (!row) throw new Error('A count returned no row.');
  return row;
}

function toBrowseRecord(row: DonationRowWithPhoto & { distanceKm: number | null }, now: Date, withDistance: boolean): BrowseDonationRecord {
  return { ...toDonation(row, now), ...(withDistance ? { distanceKm: row.distanceKm === null ? null : Number(row.distanceKm) } : {}) };
}

/**
 * Rings tried before the whole radius for a NEAREST page: each ends halfway between two shown
 * distances (k/10 + 0.05 km), so the donations inside it are exactly those shown at k/10 km or
 * less, and if there are enough of them for the page, the page is the same as the whole
 * radius would give. In a dense city the page then reads a few hundred metres of index instead
 * of the whole circle.
 */
function nearestRings(radiusKm: number): number[] {
  return [radiusKm / 8, radiusKm / 4, radiusKm / 2]
    .map((km) => Math.floor(km * 10) / 10 + 0.05)
    .filter((km, index, all) => km >= 0.25 && km < radiusKm && all.indexOf(km) === index);
}

/**
 * A listing read afresh: a radius listing (keyed by everyone's own position, kept listings would
 * mostly fill the cache and rarely be read again) or one filtered for a viewer's blocks.
 */
async function browseUnkept(db: Db, query: BrowseQuery, now: Date, viewerId?: number): Promise<{ total: number; donations: BrowseDonationRecord[] }> {
  const { count, page } = browseQueries(db, query, now, { viewerId });
  let pageQuery = page;
  if (query.sort === BrowseSort.NEAREST && query.radiusKm !== undefined) {
    const needed = query.page * query.pageSize;
    for (const ring of nearestRings(query.radiusKm)) {
      // Strictly inside the ring: the bound adds a millimetre, taken off here.
      const within = browseQueries(db, query, now, { withinKm: ring - 2e-6, viewerId });
      const found = await db.selectFrom(within.page.clearSelect().select('donations.id').clearOrderBy().clearLimit().clearOffset().limit(needed).as('ring')).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
      if (Number(found.n) >= needed) {
        pageQuery = within.page;
        break;
      }
    }
  }
  const [counted, rows] = await Promise.all([count.executeTakeFirstOrThrow(), pageQuery.execute()]);
  return { total: Number(counted.total), donations: rows.map((row) => toBrowseRecord(row, now, query.lat !== undefined)) };
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
  const row = await db
    .selectFrom('uploads')
    .select('id')
    .where('owner_id', '=', ownerId)
    .where('file_name', '=', fileName)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Conditional status changes: each touches the row only if it is still in the expected state and
 * unexpired, and reports whether it did. Callers run them inside a transaction.
 */
export async function moveDonationStatus(
  db: Db,
  id: number,
  from: readonly DonationStatus[],
  to: DonationStatus,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('donations')
    .set({ status: to, updated_at: toIso(now) })
    .where('id', '=', id)
    .where('status', 'in', from)
    .where('expires_at', '>', toIso(now))
    .executeTakeFirst();
  const moved = Number(result.numUpdatedRows) === 1;
  if (to !== from[0] || from.length > 1) {
    if (moved) await syncMapEntry(db, 'donations', id, now);
    donationsChanged();
  }
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
  if (rows.length > 0) donationsChanged();
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
  donationsChanged();
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
  donationsChanged();
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
  donationsChanged();
}
