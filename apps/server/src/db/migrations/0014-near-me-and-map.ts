import { sql } from 'kysely';
import { needPublicPoint } from '../../modules/geo/pin-codes';
import type { AppMigration } from './migration-helpers';

const BATCH = 1_000;

interface NeedPlace {
  id: number;
  pin_code: string;
  latitude: number | null;
  longitude: number | null;
}

/**
 * Near me and the map (issue 15). Food needs get a public point like donations (0006), from the
 * exact point or, since most needs are posted with a pin code only, from the pin code's
 * centroid; filled for every existing need here. Radius and viewport queries read listed rows
 * through one index per table whose leading column is the status and whose other columns are
 * all the query needs (point and expiry), so the bounding-box prefilter and the grid clustering
 * read the index alone. See docs/decisions/024-distance-and-map-api.md.
 */
export const nearMeAndMap: AppMigration = {
  async up(db) {
    await db.schema.alterTable('food_requests').addColumn('public_latitude', 'double precision').execute();
    await db.schema.alterTable('food_requests').addColumn('public_longitude', 'double precision').execute();

    let after = 0;
    for (;;) {
      const { rows } = await sql<NeedPlace>`select id, pin_code, latitude, longitude from food_requests where id > ${after} order by id limit ${BATCH}`.execute(
        db,
      );
      if (rows.length === 0) break;
      for (const row of rows) {
        const point = needPublicPoint(row.latitude, row.longitude, row.pin_code);
        if (point) await sql`update food_requests set public_latitude = ${point.lat}, public_longitude = ${point.lng} where id = ${row.id}`.execute(db);
      }
      after = Number(rows.at(-1)?.id);
    }

    await db.schema
      .createIndex('donations_listed_point_idx')
      .on('donations')
      .columns(['status', 'public_latitude', 'public_longitude', 'expires_at'])
      .execute();
    // Superseded: every query on the public point now also asks for the status.
    await db.schema.dropIndex('donations_public_point_idx').execute();
    await db.schema
      .createIndex('food_requests_open_point_idx')
      .on('food_requests')
      .columns(['status', 'public_latitude', 'public_longitude', 'request_expiry_time'])
      .execute();
  },
};
