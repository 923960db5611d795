import { cityOf, publicArea, snapToGrid } from '@annadaan/contract/area';
import { type Kysely, sql } from 'kysely';
import type { AppMigration } from './migration-helpers';

/** Rows read and rewritten per round of the backfill, so a large table does not sit in memory. */
const BATCH = 1_000;

interface DonationPlace {
  id: number;
  location: string;
  latitude: number | null;
  longitude: number | null;
}

/**
 * Location privacy (issue 12, items 6 and 7): the public area of each pickup address, the public
 * point (the ~500 m grid cell's centre) that distance sorts use, and each person's city for the
 * top-donors list. New columns beside the exact ones, filled for every existing row here.
 */
export const locationPrivacy: AppMigration = {
  async up(db) {
    await db.schema
      .alterTable('donations')
      .addColumn('area', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema.alterTable('donations').addColumn('public_latitude', 'double precision').execute();
    await db.schema.alterTable('donations').addColumn('public_longitude', 'double precision').execute();
    await db.schema
      .alterTable('users')
      .addColumn('city', 'text', (c) => c.notNull().defaultTo(''))
      .execute();

    let after = 0;
    for (;;) {
      const { rows } = await sql<DonationPlace>`select id, location, latitude, longitude from donations where id > ${after} order by id limit ${BATCH}`.execute(
        db,
      );
      if (rows.length === 0) break;
      for (const row of rows) {
        const hasPoint = row.latitude !== null && row.longitude !== null;
        await sql`update donations set area = ${publicArea(row.location)},
          public_latitude = ${hasPoint ? snapToGrid(Number(row.latitude)) : null},
          public_longitude = ${hasPoint ? snapToGrid(Number(row.longitude)) : null}
          where id = ${row.id}`.execute(db);
      }
      after = Number(rows.at(-1)?.id);
    }
    await backfillCities(db);

    // Nearest-first browsing and any area query read the public point only.
    await db.schema.createIndex('donations_public_point_idx').on('donations').columns(['public_latitude', 'public_longitude']).execute();
    // Top donors filtered by city.
    await db.schema.createIndex('users_city_idx').on('users').column('city').execute();
  },
};

async function backfillCities(db: Kysely<unknown>) {
  let after = 0;
  for (;;) {
    const { rows } = await sql<{ id: number; location: string }>`select id, location from users where id > ${after} order by id limit ${BATCH}`.execute(db);
    if (rows.length === 0) break;
    for (const row of rows) await sql`update users set city = ${cityOf(row.location)} where id = ${row.id}`.execute(db);
    after = Number(rows.at(-1)?.id);
  }
}
