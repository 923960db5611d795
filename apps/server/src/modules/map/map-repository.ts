import { type Diet, allergensToMask } from '@annadaan/contract/food-facts';
import { MAP_FEATURES_MAX, MAP_POINTS_MIN_ZOOM, MapAnswerKind, type MapCluster, type MapQuery } from '@annadaan/contract/map';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { toIso } from '../../lib/clock';

type Db = Kysely<Database>;

/**
 * A grid cell, in degrees, that is about 64 pixels wide on a 256-pixel-tile map at this zoom
 * (360° / 2^zoom per tile, a quarter of it); grown when the bbox would hold more than
 * MAP_FEATURES_MAX cells, so a client sending a high zoom with a wide bbox still gets a bounded
 * answer that adds up.
 */
export function clusterCellDegrees(query: MapQuery): number {
  const { bbox } = query;
  const byZoom = 90 / 2 ** Math.floor(query.zoom);
  const byCount = Math.sqrt(((bbox.maxLng - bbox.minLng) * (bbox.maxLat - bbox.minLat)) / (MAP_FEATURES_MAX * 0.8));
  return Math.max(byZoom, byCount);
}

/** What a map layer lists: the same rows as its list (donations AVAILABLE and unexpired, needs OPEN and unexpired). */
interface Layer<P> {
  table: 'donations' | 'food_requests';
  status: string;
  expiry: 'expires_at' | 'request_expiry_time';
  /** The point's columns besides id and position, aliased to the contract's names. */
  columns: RawBuilder<unknown>;
  toPoint(row: Record<string, unknown>): P;
}

export const donationLayer: Layer<{ id: number; lat: number; lng: number; foodName: string; foodType: 'PRECOOKED' | 'RAW'; diet: Diet | null; expiresAt: string }> = {
  table: 'donations',
  status: 'AVAILABLE',
  expiry: 'expires_at',
  columns: sql`food_name as "foodName", food_type as "foodType", diet, expires_at as "expiresAt"`,
  toPoint: (row) => ({
    id: Number(row.id),
    lat: Number(row.lat),
    lng: Number(row.lng),
    foodName: String(row.foodName),
    // Check constraints hold food_type and diet to their enums.
    foodType: row.foodType as 'PRECOOKED' | 'RAW',
    diet: (row.diet ?? null) as Diet | null,
    expiresAt: String(row.expiresAt),
  }),
};

export const foodRequestLayer: Layer<{ id: number; lat: number; lng: number; foodType: string; diet: Diet | null; numberOfPeople: number; expiresAt: string }> = {
  table: 'food_requests',
  status: 'OPEN',
  expiry: 'request_expiry_time',
  columns: sql`food_type as "foodType", diet, number_of_people as "numberOfPeople", request_expiry_time as "expiresAt"`,
  toPoint: (row) => ({
    id: Number(row.id),
    lat: Number(row.lat),
    lng: Number(row.lng),
    foodType: String(row.foodType),
    diet: (row.diet ?? null) as Diet | null,
    numberOfPeople: Number(row.numberOfPeople),
    expiresAt: String(row.expiresAt),
  }),
};

/**
 * Issue 16's food filters, as Browse applies them: the diets asked for, and no stated allergen
 * among those excluded (food whose diet or allergens are not stated is left out by that filter).
 * Enum values and a mask the server computed, written as literals.
 */
function foodFilter(query: MapQuery) {
  const parts = [];
  if (query.diet && query.diet.length > 0) parts.push(sql`and ${sql.ref('diet')} in (${sql.join(query.diet.map((diet) => sql.lit(diet)))})`);
  if (query.excludeAllergens && query.excludeAllergens.length > 0) {
    parts.push(sql`and ${sql.ref('allergens')} is not null and (${sql.ref('allergens')} & ${sql.lit(allergensToMask(query.excludeAllergens))}) = 0`);
  }
  return sql.join(parts, sql` `);
}

/**
 * The rows of a layer inside the bbox: status first, then the public point's range, which the
 * layer's (status, public_latitude, public_longitude, expiry) index serves on both databases. The
 * expiry is written in a form no expiry index can serve (`|| ''`), so SQLite, which keeps no
 * statistics, does not walk every listed row in expiry order instead; the point index still
 * checks it without reading the table.
 */
function inBox<P>(layer: Layer<P>, query: MapQuery, now: Date) {
  const { bbox } = query;
  return sql`${sql.ref('status')} = ${layer.status}
    and ${sql.ref('public_latitude')} between ${bbox.minLat} and ${bbox.maxLat}
    and ${sql.ref('public_longitude')} between ${bbox.minLng} and ${bbox.maxLng}
    and ${sql.ref(layer.expiry)} || '' > ${toIso(now)}
    ${foodFilter(query)}`;
}

/** The clusters query: one GROUP BY over floored coordinates. Exported so a test can ask the planner. */
export function clustersQuery<P>(layer: Layer<P>, query: MapQuery, now: Date) {
  // A literal, not a parameter: PostgreSQL matches GROUP BY and ORDER BY expressions by their
  // text, and two parameters holding the same number are two expressions to it. A number the
  // server computed, never the client's text.
  const cell = sql.lit(clusterCellDegrees(query));
  const lat = sql.ref('public_latitude');
  const lng = sql.ref('public_longitude');
  return sql<{ lat: number; lng: number; count: number | string }>`select avg(${lat}) as lat, avg(${lng}) as lng, count(*) as count
    from ${sql.table(layer.table)}
    where ${inBox(layer, query, now)}
    group by floor(${lat} / ${cell}), floor(${lng} / ${cell})
    order by count(*) desc, floor(${lat} / ${cell}), floor(${lng} / ${cell})
    limit ${MAP_FEATURES_MAX + 1}`;
}

/** The points query: public points in expiry order. Exported so a test can ask the planner. */
export function pointsQuery<P>(layer: Layer<P>, query: MapQuery, now: Date) {
  return sql<Record<string, unknown>>`select id, public_latitude as lat, public_longitude as lng, ${layer.columns}
    from ${sql.table(layer.table)}
    where ${inBox(layer, query, now)}
    order by ${sql.ref(layer.expiry)} || '', id
    limit ${MAP_FEATURES_MAX + 1}`;
}

function countQuery<P>(layer: Layer<P>, query: MapQuery, now: Date) {
  return sql<{ total: number | string }>`select count(*) as total from ${sql.table(layer.table)} where ${inBox(layer, query, now)}`;
}

export interface MapAnswer<P> {
  kind: MapAnswerKind;
  clusters: MapCluster[];
  points: P[];
  total: number;
  truncated: boolean;
}

/** Seven decimals (about 1 cm): an average of grid centres needs no more. */
const round7 = (value: number) => Math.round(value * 1e7) / 1e7;

export async function mapFeatures<P>(db: Db, layer: Layer<P>, query: MapQuery, now: Date): Promise<MapAnswer<P>> {
  if (query.zoom >= MAP_POINTS_MIN_ZOOM) {
    const { rows } = await pointsQuery(layer, query, now).execute(db);
    const truncated = rows.length > MAP_FEATURES_MAX;
    const total = truncated ? Number((await countQuery(layer, query, now).execute(db)).rows[0]?.total ?? 0) : rows.length;
    return { kind: MapAnswerKind.POINTS, clusters: [], points: rows.slice(0, MAP_FEATURES_MAX).map(layer.toPoint), total, truncated };
  }
  const { rows } = await clustersQuery(layer, query, now).execute(db);
  const truncated = rows.length > MAP_FEATURES_MAX;
  const clusters = rows.slice(0, MAP_FEATURES_MAX).map((row) => ({ lat: round7(Number(row.lat)), lng: round7(Number(row.lng)), count: Number(row.count) }));
  const total = truncated
    ? Number((await countQuery(layer, query, now).execute(db)).rows[0]?.total ?? 0)
    : clusters.reduce((sum, cluster) => sum + cluster.count, 0);
  return { kind: MapAnswerKind.CLUSTERS, clusters, points: [], total, truncated };
}
