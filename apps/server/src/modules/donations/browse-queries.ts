import { BrowseSort, type BrowseQuery, browseTotalCap } from '@annadaan/contract/donations';
import { type FoodFilter, allergensToMask } from '@annadaan/contract/food-facts';
import { referencePoint } from '@annadaan/contract/near';
import { type CompiledQuery, type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { toIso } from '../../lib/clock';
import { notBlockedBetween } from '../blocks/blocks-repository';
import { boundingBox, distanceKmSql, radiusBound, roundedKmSql } from '../geo/distance-sql';
import { type BrowseDonationRecord, DONATION_COLUMNS, type DonationRowWithPhoto, toDonation, withDonor } from './donations-repository';

/*
 * The browse listing's queries: what "listed" means with Browse's filters, the count and the page,
 * their compiled SQL kept per filter (docs/decisions/038), a radius listing read afresh, and
 * "N new donations". Kept listings are browse-cache.ts's.
 */

type Db = Kysely<Database>;

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
  near: { radius: RadiusFilter | null; expiry: Expression<string>; viewerId?: number | undefined } = {
    radius: null,
    expiry: sql.ref<string>('donations.expires_at'),
  },
) {
  const { radius, expiry, viewerId } = near;
  return (eb: ExpressionBuilder<Database, 'donations'>) => {
    const conditions: Expression<SqlBool>[] = [eb('donations.status', '=', sql.lit('AVAILABLE')), eb(expiry, '>', toIso(now))];
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
  const count = db.selectFrom(capped.as('matches')).select((eb) => [eb.fn.countAll().as('total'), eb.fn.min('matches.expires_at').as('firstExpiry')]);

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
export function compiledBrowseQueries(db: Db, query: BrowseQuery, now: Date): { count: CompiledBrowse['count']; page: CompiledBrowse['page'] } {
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
      ? {
          km: query.radiusKm,
          box: boundingBox(point, query.radiusKm),
          distance: distanceKmSql(point, sql.ref('donations.public_latitude'), sql.ref('donations.public_longitude')),
        }
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

export async function countRow<Row>(db: Db, count: CompiledQuery<Row>): Promise<Row> {
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
export async function browseUnkept(db: Db, query: BrowseQuery, now: Date, viewerId?: number): Promise<{ total: number; donations: BrowseDonationRecord[] }> {
  const { count, page } = browseQueries(db, query, now, { viewerId });
  let pageQuery = page;
  if (query.sort === BrowseSort.NEAREST && query.radiusKm !== undefined) {
    const needed = query.page * query.pageSize;
    for (const ring of nearestRings(query.radiusKm)) {
      // Strictly inside the ring: the bound adds a millimetre, taken off here.
      const within = browseQueries(db, query, now, { withinKm: ring - 2e-6, viewerId });
      const found = await db
        .selectFrom(within.page.clearSelect().select('donations.id').clearOrderBy().clearLimit().clearOffset().limit(needed).as('ring'))
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      if (Number(found.n) >= needed) {
        pageQuery = within.page;
        break;
      }
    }
  }
  const [counted, rows] = await Promise.all([count.executeTakeFirstOrThrow(), pageQuery.execute()]);
  return { total: Number(counted.total), donations: rows.map((row) => toBrowseRecord(row, now, query.lat !== undefined)) };
}
