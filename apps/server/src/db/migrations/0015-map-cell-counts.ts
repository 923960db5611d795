import { type Kysely, sql } from 'kysely';
import { rebuildMapCells } from '../../modules/map/map-cells';
import type { Database } from '../schema';
import type { AppMigration } from './migration-helpers';

/**
 * Map cell counts (issue 15, docs/decisions/025-map-cell-counts.md). `map_cells` holds, per map
 * layer, grid level and cell, how many listed items lie in the cell and the sums of their public
 * coordinates; `on_map` marks the rows counted, so a change is counted once even when two
 * transactions race. The partial indexes serve the sweeps that take expired rows off the counts
 * (and the map's check for rows that expired since the last sweep). Filled from the rows here.
 */
export const mapCellCounts: AppMigration = {
  async up(db) {
    await db.schema
      .createTable('map_cells')
      .addColumn('layer', 'text', (c) => c.notNull())
      .addColumn('level', 'integer', (c) => c.notNull())
      .addColumn('cell_lat', 'integer', (c) => c.notNull())
      .addColumn('cell_lng', 'integer', (c) => c.notNull())
      .addColumn('items', 'integer', (c) => c.notNull())
      .addColumn('lat_sum', 'bigint', (c) => c.notNull())
      .addColumn('lng_sum', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('map_cells_pk', ['layer', 'level', 'cell_lat', 'cell_lng'])
      .execute();
    await db.schema
      .alterTable('donations')
      .addColumn('on_map', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('food_requests')
      .addColumn('on_map', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    // The primary key serves rectangles read row by row; this one those read column by column.
    await sql`create index map_cells_by_lng_idx on map_cells (layer, level, cell_lng, cell_lat)`.execute(db);
    await sql`create index donations_on_map_expiry_idx on donations (expires_at, public_latitude, public_longitude) where on_map = 1`.execute(db);
    await sql`create index food_requests_on_map_expiry_idx on food_requests (request_expiry_time, public_latitude, public_longitude) where on_map = 1`.execute(
      db,
    );
    // No clock here: listed rows are counted whatever their expiry, and the sweeps take the expired off.
    await rebuildMapCells(db as Kysely<Database>, null);
  },
};
