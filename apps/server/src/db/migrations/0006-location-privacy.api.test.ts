import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../../../test/scratch-database';
import { testDialects } from '../../../test/test-app';
import { type AppDatabase, type Dialect, openDatabase } from '../database';
import { accounts } from './0001-accounts';
import { foodHandover } from './0002-food-handover';
import { needsDirectoryContact } from './0003-needs-directory-contact';
import { locationPrivacy } from './0006-location-privacy';

/** A database at the schema before 0006, holding rows written before it, then migrated. */
async function openEmpty(dialect: Dialect): Promise<{ database: AppDatabase; cleanup: () => Promise<void> }> {
  if (dialect === 'postgres') {
    const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL as string, 'annadaan_test');
    const database = openDatabase({ kind: 'postgres', url: scratch.url, poolSize: 2 });
    const cleanup = async () => {
      await database.close();
      await scratch.drop();
    };
    return { database, cleanup };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'annadaan-migration-'));
  const database = openDatabase({ kind: 'sqlite', file: path.join(dir, 'test.sqlite') });
  const cleanup = async () => {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  return { database, cleanup };
}

for (const dialect of testDialects()) {
  describe(`migration 0006 backfills existing rows [${dialect}]`, () => {
    const cleanups: Array<() => Promise<void>> = [];
    afterAll(async () => {
      for (const cleanup of cleanups) await cleanup();
    });

    it('gives old donations an area and a grid point, and old users a city', async () => {
      const { database, cleanup } = await openEmpty(dialect);
      cleanups.push(cleanup);
      const db = database.db as unknown as Kysely<unknown>;
      for (const migration of [accounts, foodHandover, needsDirectoryContact]) await migration.up(db, dialect);
      const now = '2026-06-01T00:00:00.000Z';
      await sql`insert into users (full_name, email, contact_number, password_hash, location, role, address, alternate_contact, display_picture_url, profile_active, created_at, updated_at)
        values ('Old Donor', 'old@example.in', '+919800000000', 'x', 'Flat 7, 21 Hill Road, Bandra West, Mumbai 400050', 'DONOR', '', '', '', 1, ${now}, ${now})`.execute(
        db,
      );
      for (const [location, lat, lng] of [
        ['Flat 12, 34 Lane 5, Bandra West, Mumbai 400050', 19.059612, 72.829543],
        ['Shop 4, MG Road, Pune 411001', null, null],
      ] as const) {
        await sql`insert into donations (donor_id, food_name, description, quantity, expires_at, free, price_paise, location, pin_code, latitude, longitude, delivery_type, food_type, refrigeration_available, status, created_at, updated_at)
          values (1, 'Dal', 'Old', '1', ${now}, 1, 0, ${location}, '400050', ${lat}, ${lng}, 'SELF_PICKUP', 'RAW', 0, 'COMPLETED', ${now}, ${now})`.execute(db);
      }

      await locationPrivacy.up(db, dialect);

      const donations = await database.db.selectFrom('donations').select(['area', 'public_latitude', 'public_longitude']).orderBy('id').execute();
      expect(
        donations.map((row) => [
          row.area,
          row.public_latitude === null ? null : Number(row.public_latitude),
          row.public_longitude === null ? null : Number(row.public_longitude),
        ]),
      ).toEqual([
        ['Bandra West, Mumbai 400050', 19.0575, 72.8275],
        ['Pune 411001', null, null],
      ]);
      const users = await database.db.selectFrom('users').select('city').execute();
      expect(users).toEqual([{ city: 'Mumbai' }]);
    });
  });
}
