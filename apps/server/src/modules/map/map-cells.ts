import { PUBLIC_GRID_DEGREES } from '@annadaan/contract/area';
import type { Bbox } from '@annadaan/contract/map';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { toIso } from '../../lib/clock';

type Db = Kysely<Database>;

/*
 * Per-cell counts of what each map layer lists (issue 15, docs/decisions/025-map-cell-counts.md).
 * A listed item is counted once in a cell of every level 0-13 (90 / 2^level degrees, the grid the
 * clusters are drawn on) and once at POINT_LEVEL (its public point itself), and carries
 * `on_map = 1` while it is counted. Every change goes through syncMapEntry or sweepMapExpiries,
 * which flip on_map with a conditional update (so two transactions cannot both count one change)
 * and move the counts with `items = items + delta` upserts in the same transaction. A map answer
 * then reads at most a few hundred cell rows whatever the number of listings.
 */

export type MapLayerName = 'donations' | 'food_requests';

/** What makes a row visible on its layer's map: the same rule as its list. */
const LAYERS: Record<MapLayerName, { status: string; expiry: 'expires_at' | 'request_expiry_time' }> = {
  donations: { status: 'AVAILABLE', expiry: 'expires_at' },
  food_requests: { status: 'OPEN', expiry: 'request_expiry_time' },
};

/** The finest grid level; the clusters use levels up to this (zoom 13), points start at zoom 14. */
export const FINEST_LEVEL = 13;
/** The level whose "cells" are public points: key = round(coordinate x 10,000), public points having 4 decimals. */
export const POINT_LEVEL = 99;
const POINT_KEY_SCALE = 10_000;
/** Sums are kept in whole 1e-7 degrees (the answer's precision): integers add and subtract exactly. */
const SUM_SCALE = 10_000_000;

export function cellDegrees(level: number): number {
  return 90 / 2 ** level;
}

interface Point {
  lat: number;
  lng: number;
}

interface CellDelta {
  level: number;
  cellLat: number;
  cellLng: number;
  items: number;
  latSum: number;
  lngSum: number;
}

function cellsOf(point: Point, delta: number): CellDelta[] {
  const latUnits = Math.round(point.lat * SUM_SCALE) * delta;
  const lngUnits = Math.round(point.lng * SUM_SCALE) * delta;
  const cells: CellDelta[] = [];
  for (let level = 0; level <= FINEST_LEVEL; level += 1) {
    const d = cellDegrees(level);
    cells.push({ level, cellLat: Math.floor(point.lat / d), cellLng: Math.floor(point.lng / d), items: delta, latSum: latUnits, lngSum: lngUnits });
  }
  cells.push({
    level: POINT_LEVEL,
    cellLat: Math.round(point.lat * POINT_KEY_SCALE),
    cellLng: Math.round(point.lng * POINT_KEY_SCALE),
    items: delta,
    latSum: latUnits,
    lngSum: lngUnits,
  });
  return cells;
}

/**
 * Adds the points' deltas to their cells: one upsert, `items = items + excluded.items`, so
 * concurrent changes add up. Rows go in (level, cell) order so two transactions lock shared cells
 * in the same order on PostgreSQL and cannot deadlock each other.
 */
async function addToCells(db: Db, layer: MapLayerName, points: Point[], delta: 1 | -1): Promise<void> {
  if (points.length === 0) return;
  const merged = new Map<string, CellDelta>();
  for (const point of points) {
    for (const cell of cellsOf(point, delta)) {
      const key = `${cell.level}:${cell.cellLat}:${cell.cellLng}`;
      const found = merged.get(key);
      if (found) {
        found.items += cell.items;
        found.latSum += cell.latSum;
        found.lngSum += cell.lngSum;
      } else merged.set(key, cell);
    }
  }
  const rows = [...merged.values()].sort((a, b) => a.level - b.level || a.cellLat - b.cellLat || a.cellLng - b.cellLng);
  for (let start = 0; start < rows.length; start += 500) {
    await db
      .insertInto('map_cells')
      .values(
        rows.slice(start, start + 500).map((cell) => ({
          layer,
          level: cell.level,
          cell_lat: cell.cellLat,
          cell_lng: cell.cellLng,
          items: cell.items,
          lat_sum: cell.latSum,
          lng_sum: cell.lngSum,
        })),
      )
      .onConflict((conflict) =>
        conflict.columns(['layer', 'level', 'cell_lat', 'cell_lng']).doUpdateSet({
          items: sql`map_cells.items + excluded.items`,
          lat_sum: sql`map_cells.lat_sum + excluded.lat_sum`,
          lng_sum: sql`map_cells.lng_sum + excluded.lng_sum`,
        }),
      )
      .execute();
  }
}

function toPoints(rows: Array<{ lat: number | string; lng: number | string }>): Point[] {
  return rows.map((row) => ({ lat: Number(row.lat), lng: Number(row.lng) }));
}

/**
 * Brings one row's place in the counts in line with the row: takes it off when it is no longer
 * listed (taken, withdrawn, fulfilled, expired), puts it on when it is listed and has a public
 * point. Call it in the transaction that changed the row, after the change. A change of position
 * calls takeOffMap before it and this after it.
 */
export async function syncMapEntry(db: Db, layer: MapLayerName, id: number, now: Date): Promise<void> {
  const { status, expiry } = LAYERS[layer];
  const table = sql.table(layer);
  const off = await sql<{ lat: number; lng: number }>`update ${table} set on_map = 0
    where id = ${id} and on_map = 1 and (status <> ${status} or ${sql.ref(expiry)} <= ${toIso(now)})
    returning public_latitude as lat, public_longitude as lng`.execute(db);
  await addToCells(db, layer, toPoints(off.rows), -1);
  const on = await sql<{ lat: number; lng: number }>`update ${table} set on_map = 1
    where id = ${id} and on_map = 0 and status = ${status} and ${sql.ref(expiry)} > ${toIso(now)}
      and public_latitude is not null and public_longitude is not null
    returning public_latitude as lat, public_longitude as lng`.execute(db);
  await addToCells(db, layer, toPoints(on.rows), 1);
}

/** Takes one row off the counts whatever its state, for a change of its position (syncMapEntry puts it back). */
export async function takeOffMap(db: Db, layer: MapLayerName, id: number): Promise<void> {
  const off = await sql<{ lat: number; lng: number }>`update ${sql.table(layer)} set on_map = 0 where id = ${id} and on_map = 1
    returning public_latitude as lat, public_longitude as lng`.execute(db);
  await addToCells(db, layer, toPoints(off.rows), -1);
}

/**
 * Takes every counted row whose time ran out off the counts; the expiry sweeps call it. Reads
 * the small partial index on (expiry) where on_map = 1. Returns how many it took off.
 */
export async function sweepMapExpiries(db: Db, layer: MapLayerName, now: Date): Promise<number> {
  const { expiry } = LAYERS[layer];
  const off = await sql<{ lat: number; lng: number }>`update ${sql.table(layer)} set on_map = 0
    where on_map = 1 and ${sql.ref(expiry)} <= ${toIso(now)}
    returning public_latitude as lat, public_longitude as lng`.execute(db);
  await addToCells(db, layer, toPoints(off.rows), -1);
  return off.rows.length;
}

/**
 * Recounts every cell from the rows: for the migration that adds the counts, and for data
 * written straight into the tables (the bench's bulk seed, tests that insert rows by the
 * hundred). Not for a running server: changes made meanwhile would be lost. Without `now`
 * (the migration, which has no clock) expired rows are counted too; the next sweep takes them
 * off and the map leaves them out meanwhile.
 */
export async function rebuildMapCells(db: Db, now: Date | null): Promise<void> {
  await db.deleteFrom('map_cells').execute();
  for (const layer of Object.keys(LAYERS) as MapLayerName[]) {
    const { status, expiry } = LAYERS[layer];
    const table = sql.table(layer);
    const unexpired = now ? sql`and ${sql.ref(expiry)} > ${toIso(now)}` : sql``;
    await sql`update ${table} set on_map = case when status = ${status} ${unexpired}
      and public_latitude is not null and public_longitude is not null then 1 else 0 end`.execute(db);
    const latUnits = sql`cast(round(public_latitude * ${sql.lit(SUM_SCALE)}) as bigint)`;
    const lngUnits = sql`cast(round(public_longitude * ${sql.lit(SUM_SCALE)}) as bigint)`;
    const keys = [
      ...Array.from({ length: FINEST_LEVEL + 1 }, (_, level) => ({
        level,
        lat: sql`cast(floor(public_latitude / ${sql.lit(cellDegrees(level))}) as integer)`,
        lng: sql`cast(floor(public_longitude / ${sql.lit(cellDegrees(level))}) as integer)`,
      })),
      {
        level: POINT_LEVEL,
        lat: sql`cast(round(public_latitude * ${sql.lit(POINT_KEY_SCALE)}) as integer)`,
        lng: sql`cast(round(public_longitude * ${sql.lit(POINT_KEY_SCALE)}) as integer)`,
      },
    ];
    for (const key of keys) {
      await sql`insert into map_cells (layer, level, cell_lat, cell_lng, items, lat_sum, lng_sum)
        select ${layer}, ${sql.lit(key.level)}, ${key.lat}, ${key.lng}, count(*), sum(${latUnits}), sum(${lngUnits})
        from ${table} where on_map = 1
        group by ${key.lat}, ${key.lng}`.execute(db);
    }
  }
}

/** A rectangle of cells of one level, every one inside the bbox. */
interface CellRange {
  level: number;
  lat0: number;
  lat1: number;
  lng0: number;
  lng1: number;
}

/**
 * Splits a bbox into whole cells (coarsest first, from `level` down to FINEST_LEVEL) and what is
 * left along its edges, thinner than the finest cell, where single public points are read. Cells
 * are half-open ([i·d, (i+1)·d)); a cell is whole when every point that floors into it lies
 * inside the bbox. What is read is bounded by the bbox's shape, not by how many items it holds.
 */
export function coverBbox(box: Bbox, level: number): { cells: CellRange[]; edges: Bbox[] } {
  const cells: CellRange[] = [];
  const edges: Bbox[] = [];
  const split = (part: Bbox, at: number) => {
    if (!(part.maxLat > part.minLat && part.maxLng > part.minLng)) return;
    const d = cellDegrees(at);
    let lat0 = Math.ceil(part.minLat / d);
    if (lat0 * d < part.minLat) lat0 += 1;
    let lat1 = Math.floor(part.maxLat / d) - 1;
    if ((lat1 + 1) * d > part.maxLat) lat1 -= 1;
    let lng0 = Math.ceil(part.minLng / d);
    if (lng0 * d < part.minLng) lng0 += 1;
    let lng1 = Math.floor(part.maxLng / d) - 1;
    if ((lng1 + 1) * d > part.maxLng) lng1 -= 1;
    if (lat0 > lat1 || lng0 > lng1) {
      if (at < FINEST_LEVEL) split(part, at + 1);
      else edges.push(part);
      return;
    }
    cells.push({ level: at, lat0, lat1, lng0, lng1 });
    const inner = { minLat: lat0 * d, maxLat: (lat1 + 1) * d, minLng: lng0 * d, maxLng: (lng1 + 1) * d };
    const rest: Bbox[] = [
      { ...part, maxLat: inner.minLat },
      { ...part, minLat: inner.maxLat },
      { minLat: inner.minLat, maxLat: inner.maxLat, minLng: part.minLng, maxLng: inner.minLng },
      { minLat: inner.minLat, maxLat: inner.maxLat, minLng: inner.maxLng, maxLng: part.maxLng },
    ];
    for (const piece of rest) {
      if (at < FINEST_LEVEL) split(piece, at + 1);
      else if (piece.maxLat > piece.minLat && piece.maxLng > piece.minLng) edges.push(piece);
    }
  };
  split(box, Math.min(level, FINEST_LEVEL));
  return { cells, edges };
}

/**
 * The point-level keys a coordinate range may hold: public points are grid centres (snapToGrid),
 * so only those keys, one grid cell beyond each end.
 */
function pointKeys(min: number, max: number): number[] {
  const keys: number[] = [];
  for (let cell = Math.floor(min / PUBLIC_GRID_DEGREES) - 1; cell <= Math.floor(max / PUBLIC_GRID_DEGREES) + 1; cell += 1) {
    keys.push(Math.round((cell + 0.5) * PUBLIC_GRID_DEGREES * POINT_KEY_SCALE));
  }
  return keys;
}

const span = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/**
 * The rows of a rectangle of cells (or of point keys): its narrower side as a list of keys and
 * the other as a range, so the primary key (…, cell_lat, cell_lng) or map_cells_by_lng_idx
 * (…, cell_lng, cell_lat) seeks once per row or column instead of reading a whole band of India.
 */
function cellsQuery(layer: MapLayerName, level: number, latKeys: number[], lngKeys: number[]) {
  const [listed, ranged, keys, other] =
    latKeys.length <= lngKeys.length ? ['cell_lat', 'cell_lng', latKeys, lngKeys] : ['cell_lng', 'cell_lat', lngKeys, latKeys];
  return sql`select level, cell_lat, cell_lng, items, lat_sum, lng_sum from map_cells
    where layer = ${layer} and level = ${level} and ${sql.ref(listed)} in (${sql.join(keys.map((key) => sql.lit(key)))})
      and ${sql.ref(ranged)} between ${Math.min(...other)} and ${Math.max(...other)}`;
}

/**
 * The one query that reads a bbox's whole cells and edge points (null for an empty bbox).
 * Exported so a test can ask the planner.
 */
export function cellCountsQuery(layer: MapLayerName, box: Bbox, level: number) {
  const { cells, edges } = coverBbox(box, level);
  const parts = [
    ...cells.map((c) => cellsQuery(layer, c.level, span(c.lat0, c.lat1), span(c.lng0, c.lng1))),
    // A grid cell of slack each side; which points are inside is decided on the coordinates.
    ...edges.map((e) => cellsQuery(layer, POINT_LEVEL, pointKeys(e.minLat, e.maxLat), pointKeys(e.minLng, e.maxLng))),
  ];
  const query =
    parts.length === 0
      ? null
      : sql<{
          level: number | string;
          cell_lat: number | string;
          cell_lng: number | string;
          items: number | string;
          lat_sum: number | string;
          lng_sum: number | string;
        }>`${sql.join(parts, sql` union all `)}`;
  return { cells, edges, query };
}

/** Counts (and coordinate sums) of one layer's listed items in a bbox, grouped on the grid of `level`. */
export interface CellCount {
  cellLat: number;
  cellLng: number;
  items: number;
  latSum: number;
  lngSum: number;
}

const inside = (box: Bbox, p: Point) => p.lat >= box.minLat && p.lat <= box.maxLat && p.lng >= box.minLng && p.lng <= box.maxLng;

/**
 * The layer's listed items in the bbox (public point inside it, edges included: the same rule
 * as the points query's `between`), grouped by their cell at `level`. Reads the whole cells of
 * coverBbox and the public points along the edges from map_cells, then subtracts what expired
 * since the last sweep (read through the partial on_map expiry index: at most a sweep
 * interval's worth).
 */
export async function countInBbox(db: Db, layer: MapLayerName, box: Bbox, level: number, now: Date): Promise<CellCount[]> {
  const { cells, query } = cellCountsQuery(layer, box, level);
  if (!query) return [];
  const { rows } = await query.execute(db);

  const inWholeCell = (p: Point) =>
    cells.some((c) => {
      const d = cellDegrees(c.level);
      const i = Math.floor(p.lat / d);
      const j = Math.floor(p.lng / d);
      return i >= c.lat0 && i <= c.lat1 && j >= c.lng0 && j <= c.lng1;
    });
  const d = cellDegrees(level);
  const groups = new Map<string, CellCount>();
  const add = (cellLat: number, cellLng: number, items: number, latSum: number, lngSum: number) => {
    const key = `${cellLat}:${cellLng}`;
    const found = groups.get(key);
    if (found) {
      found.items += items;
      found.latSum += latSum;
      found.lngSum += lngSum;
    } else groups.set(key, { cellLat, cellLng, items, latSum, lngSum });
  };
  const seenPoints = new Set<string>();
  for (const row of rows) {
    const rowLevel = Number(row.level);
    const items = Number(row.items);
    if (items === 0) continue;
    const latSum = Number(row.lat_sum);
    const lngSum = Number(row.lng_sum);
    if (rowLevel === POINT_LEVEL) {
      const key = `${row.cell_lat}:${row.cell_lng}`;
      if (seenPoints.has(key)) continue;
      seenPoints.add(key);
      // The same double the public point is stored as (snapToGrid divides by 10,000 too).
      const point = { lat: Number(row.cell_lat) / POINT_KEY_SCALE, lng: Number(row.cell_lng) / POINT_KEY_SCALE };
      if (!inside(box, point) || inWholeCell(point)) continue;
      add(Math.floor(point.lat / d), Math.floor(point.lng / d), items, latSum, lngSum);
    } else {
      const up = 2 ** (rowLevel - level);
      add(Math.floor(Number(row.cell_lat) / up), Math.floor(Number(row.cell_lng) / up), items, latSum, lngSum);
    }
  }

  // Counted but no longer listed: expired since the last sweep took them off.
  const expired = await expiredInBboxQuery(layer, box, now).execute(db);
  for (const point of toPoints(expired.rows)) {
    add(Math.floor(point.lat / d), Math.floor(point.lng / d), -1, -Math.round(point.lat * SUM_SCALE), -Math.round(point.lng * SUM_SCALE));
  }
  return [...groups.values()].filter((group) => group.items > 0);
}

/**
 * Counted rows in the bbox whose time ran out since the last sweep, through the partial
 * `(expiry, point) where on_map = 1` index. Exported so a test can ask the planner.
 */
export function expiredInBboxQuery(layer: MapLayerName, box: Bbox, now: Date) {
  const { expiry } = LAYERS[layer];
  return sql<{ lat: number; lng: number }>`select public_latitude as lat, public_longitude as lng from ${sql.table(layer)}
    where on_map = 1 and ${sql.ref(expiry)} <= ${toIso(now)}
      and public_latitude between ${box.minLat} and ${box.maxLat} and public_longitude between ${box.minLng} and ${box.maxLng}`;
}

/** A group's mean position, in degrees. */
export function meanOf(group: CellCount): Point {
  return { lat: group.latSum / group.items / SUM_SCALE, lng: group.lngSum / group.items / SUM_SCALE };
}
