import { EARTH_RADIUS_KM, boundingBox, type LatLng } from '@annadaan/contract/distance';
import { type Expression, type RawBuilder, sql } from 'kysely';

const RADIANS = Math.PI / 180;
/**
 * A point on the circle is inside: SQL and JavaScript may differ in the last bit of a double, and
 * a millimetre is far below the grid's 500 m.
 */
const ON_THE_CIRCLE_KM = 1e-6;

/**
 * Haversine distance in kilometres from `from` to the point in the two columns, the same formula
 * as the contract's `haversineKm`. Plain SQL on both databases: PostgreSQL has the trigonometric
 * functions built in and the SQLite that better-sqlite3 bundles is compiled with
 * SQLITE_ENABLE_MATH_FUNCTIONS (a test checks, see distance.api.test.ts). The reference point's
 * radians and cosine are bound as parameters.
 */
export function distanceKmSql(from: LatLng, latitude: Expression<unknown>, longitude: Expression<unknown>): RawBuilder<number> {
  const lat0 = from.lat * RADIANS;
  const lng0 = from.lng * RADIANS;
  const cos0 = Math.cos(lat0);
  const halfLat = sql`sin((${latitude} * ${RADIANS} - ${lat0}) / 2)`;
  const halfLng = sql`sin((${longitude} * ${RADIANS} - ${lng0}) / 2)`;
  const h = sql`(${halfLat} * ${halfLat} + ${cos0} * cos(${latitude} * ${RADIANS}) * ${halfLng} * ${halfLng})`;
  return sql<number>`(${2 * EARTH_RADIUS_KM} * asin(sqrt(case when ${h} > 1 then 1 else ${h} end)))`;
}

/** `distanceKm` as answered: one decimal, halves up, the same rounding as the contract's `roundDistanceKm`. */
export function roundedKmSql(distance: Expression<number>): RawBuilder<number> {
  return sql<number>`(floor(${distance} * 10 + 0.5) / 10)`;
}

/** The radius bound with the circle's own points counted in. */
export function radiusBound(radiusKm: number): number {
  return radiusKm + ON_THE_CIRCLE_KM;
}

export { boundingBox };
