import { type Diet, allergensToMask } from '@annadaan/contract/food-facts';
import type { PortionUnit } from '@annadaan/contract/portions';
import { MAP_FEATURES_MAX, MAP_POINTS_MIN_ZOOM, MapAnswerKind, type MapCluster, type MapQuery } from '@annadaan/contract/map';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { FINEST_LEVEL, type MapLayerName, cellDegrees, countInBbox, meanOf } from './map-cells';
import type { Database } from '../../db/schema';
import { toIso } from '../../lib/clock';
import { notBlockedBetween } from '../blocks/blocks-repository';

type Db = Kysely<Database>;

/**
 * The grid level the clusters are drawn on: a cell of 90 / 2^level degrees, about 64 pixels wide
 * on a 256-pixel-tile map at this zoom (a quarter tile); coarser while the bbox would touch more
 * than MAP_FEATURES_MAX cells, so a client sending a high zoom with a wide bbox still gets a
 * bounded answer that adds up.
 */
export function clusterLevel(query: MapQuery): number {
  const { bbox } = query;
  const touching = (level: number) => {
    const d = cellDegrees(level);
    return (Math.floor(bbox.maxLat / d) - Math.floor(bbox.minLat / d) + 1) * (Math.floor(bbox.maxLng / d) - Math.floor(bbox.minLng / d) + 1);
  };
  let level = Math.min(Math.floor(query.zoom), FINEST_LEVEL);
  while (level > 0 && touching(level) > MAP_FEATURES_MAX) level -= 1;
  return level;
}

/** What a map layer lists: the same rows as its list (donations AVAILABLE and unexpired, needs OPEN and unexpired). */
interface Layer<P> {
  table: MapLayerName;
  /** Who listed the row: a viewer's blocks (issue 16) hide it either way. */
  owner: 'donor_id' | 'requester_id';
  status: string;
  expiry: 'expires_at' | 'request_expiry_time';
  /** The point's columns besides id and position, aliased to the contract's names. */
  columns: RawBuilder<unknown>;
  toPoint(row: Record<string, unknown>): P;
}

export const donationLayer: Layer<{
  id: number;
  lat: number;
  lng: number;
  foodName: string;
  foodType: 'PRECOOKED' | 'RAW';
  diet: Diet | null;
  expiresAt: string;
  portions: { left: number; total: number; unit: PortionUnit } | null;
}> = {
  table: 'donations',
  owner: 'donor_id',
  status: 'AVAILABLE',
  expiry: 'expires_at',
  columns: sql`food_name as "foodName", food_type as "foodType", diet, expires_at as "expiresAt", portions_total as "portionsTotal", portions_taken as "portionsTaken", portions_unit as "portionsUnit"`,
  toPoint: (row) => ({
    id: Number(row.id),
    lat: Number(row.lat),
    lng: Number(row.lng),
    foodName: String(row.foodName),
    // Check constraints hold food_type and diet to their enums.
    foodType: row.foodType as 'PRECOOKED' | 'RAW',
    diet: (row.diet ?? null) as Diet | null,
    expiresAt: String(row.expiresAt),
    // Issue 33: a check constraint holds the unit to PortionUnit.
    portions:
      row.portionsTotal === null || row.portionsTotal === undefined
        ? null
        : { left: Number(row.portionsTotal) - Number(row.portionsTaken), total: Number(row.portionsTotal), unit: row.portionsUnit as PortionUnit },
  }),
};

export const foodRequestLayer: Layer<{ id: number; lat: number; lng: number; foodType: string; diet: Diet | null; numberOfPeople: number; expiresAt: string }> =
  {
    table: 'food_requests',
    owner: 'requester_id',
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
function hasFoodFilter(query: MapQuery): boolean {
  return (query.diet?.length ?? 0) > 0 || (query.excludeAllergens?.length ?? 0) > 0;
}

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
function inBox<P>(layer: Layer<P>, query: MapQuery, now: Date, viewerId?: number) {
  const { bbox } = query;
  const notBlocked = viewerId === undefined ? sql`` : sql` and ${notBlockedBetween(viewerId, `${layer.table}.${layer.owner}`)}`;
  return sql`${sql.ref('status')} = ${layer.status}
    and ${sql.ref('public_latitude')} between ${bbox.minLat} and ${bbox.maxLat}
    and ${sql.ref('public_longitude')} between ${bbox.minLng} and ${bbox.maxLng}
    and ${sql.ref(layer.expiry)} || '' > ${toIso(now)}${notBlocked}
    ${foodFilter(query)}`;
}

/**
 * Clusters of a filtered map (a viewer's blocks or the food filters, issue 16), which the shared
 * cell counts cannot tell: grouped from the rows in the bbox on the same grid as the counts'.
 * Exported so a test can ask the planner.
 */
export function clustersQuery<P>(layer: Layer<P>, query: MapQuery, now: Date, viewerId?: number) {
  // A literal, not a parameter: PostgreSQL matches GROUP BY and ORDER BY expressions by their
  // text, and two parameters holding the same number are two expressions to it. A number the
  // server computed, never the client's text.
  const cell = sql.lit(cellDegrees(clusterLevel(query)));
  const lat = sql.ref('public_latitude');
  const lng = sql.ref('public_longitude');
  return sql<{ lat: number; lng: number; count: number | string }>`select avg(${lat}) as lat, avg(${lng}) as lng, count(*) as count
    from ${sql.table(layer.table)}
    where ${inBox(layer, query, now, viewerId)}
    group by floor(${lat} / ${cell}), floor(${lng} / ${cell})
    order by count(*) desc, floor(${lat} / ${cell}), floor(${lng} / ${cell})
    limit ${MAP_FEATURES_MAX + 1}`;
}

/** The points query: public points in expiry order. Exported so a test can ask the planner. */
export function pointsQuery<P>(layer: Layer<P>, query: MapQuery, now: Date, viewerId?: number) {
  return sql<Record<string, unknown>>`select id, public_latitude as lat, public_longitude as lng, ${layer.columns}
    from ${sql.table(layer.table)}
    where ${inBox(layer, query, now, viewerId)}
    order by ${sql.ref(layer.expiry)} || '', id
    limit ${MAP_FEATURES_MAX + 1}`;
}

function countQuery<P>(layer: Layer<P>, query: MapQuery, now: Date, viewerId?: number) {
  return sql<{ total: number | string }>`select count(*) as total from ${sql.table(layer.table)} where ${inBox(layer, query, now, viewerId)}`;
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

/** How many listed items the bbox holds, from the cell counts (bounded by the bbox's shape). */
async function totalInBbox<P>(db: Db, layer: Layer<P>, query: MapQuery, now: Date): Promise<number> {
  const groups = await countInBbox(db, layer.table, query.bbox, FINEST_LEVEL, now);
  return groups.reduce((sum, group) => sum + group.items, 0);
}

/**
 * `viewerId`: leave out the rows of people the viewer blocked or who blocked the viewer (issue 16).
 * The shared cell counts know neither a viewer's blocks nor the food filters (diet, allergens), so
 * such a map is counted from its rows in the bbox (the point index, then GROUP BY on the counts'
 * grid); the unfiltered map, the one most people see, reads the counts.
 */
export async function mapFeatures<P>(db: Db, layer: Layer<P>, query: MapQuery, now: Date, viewerId?: number): Promise<MapAnswer<P>> {
  const fromRows = viewerId !== undefined || hasFoodFilter(query);
  if (query.zoom >= MAP_POINTS_MIN_ZOOM) {
    const { rows } = await pointsQuery(layer, query, now, viewerId).execute(db);
    const truncated = rows.length > MAP_FEATURES_MAX;
    const total = !truncated
      ? rows.length
      : !fromRows
        ? await totalInBbox(db, layer, query, now)
        : Number((await countQuery(layer, query, now, viewerId).execute(db)).rows[0]?.total ?? 0);
    return { kind: MapAnswerKind.POINTS, clusters: [], points: rows.slice(0, MAP_FEATURES_MAX).map(layer.toPoint), total, truncated };
  }
  if (fromRows) {
    const { rows } = await clustersQuery(layer, query, now, viewerId).execute(db);
    const truncated = rows.length > MAP_FEATURES_MAX;
    const clusters = rows.slice(0, MAP_FEATURES_MAX).map((row) => ({ lat: round7(Number(row.lat)), lng: round7(Number(row.lng)), count: Number(row.count) }));
    const total = truncated
      ? Number((await countQuery(layer, query, now, viewerId).execute(db)).rows[0]?.total ?? 0)
      : clusters.reduce((sum, cluster) => sum + cluster.count, 0);
    return { kind: MapAnswerKind.CLUSTERS, clusters, points: [], total, truncated };
  }
  const groups = await countInBbox(db, layer.table, query.bbox, clusterLevel(query), now);
  groups.sort((a, b) => b.items - a.items || a.cellLat - b.cellLat || a.cellLng - b.cellLng);
  const clusters = groups.slice(0, MAP_FEATURES_MAX).map((group) => {
    const mean = meanOf(group);
    return { lat: round7(mean.lat), lng: round7(mean.lng), count: group.items };
  });
  const total = groups.reduce((sum, group) => sum + group.items, 0);
  return { kind: MapAnswerKind.CLUSTERS, clusters, points: [], total, truncated: groups.length > MAP_FEATURES_MAX };
}
