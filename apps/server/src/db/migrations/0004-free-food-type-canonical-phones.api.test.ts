import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../../../test/scratch-database';
import { testDialects } from '../../../test/test-app';
import { type AppDatabase, type Dialect, openDatabase } from '../database';
import { migrateToLatest, migrateUpTo } from '../migrate';

const NOW = '2026-06-01T06:30:00.000Z';

async function openEmpty(dialect: Dialect): Promise<{ database: AppDatabase; cleanup: () => Promise<void> }> {
  if (dialect === 'postgres') {
    const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL ?? '', 'annadaan_migration');
    const database = openDatabase({ kind: 'postgres', url: scratch.url, poolSize: 2 });
    return { database, cleanup: async () => (await database.close(), await scratch.drop()) };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'annadaan-migration-'));
  const database = openDatabase({ kind: 'sqlite', file: path.join(dir, 'annadaan.sqlite') });
  return { database, cleanup: async () => (await database.close(), fs.rmSync(dir, { recursive: true, force: true })) };
}

async function insertUser(database: AppDatabase, email: string, contactNumber: string, alternateContact: string): Promise<number> {
  const row = await database.db
    .insertInto('users')
    .values({
      full_name: 'Old Row',
      email,
      contact_number: contactNumber,
      alternate_contact: alternateContact,
      password_hash: 'x',
      location: 'Pune 411001',
      role: 'RECEIVER',
      address: '',
      display_picture_url: '',
      profile_active: 1,
      created_at: NOW,
      updated_at: NOW,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

function need(requesterId: number, contactNumber: string, foodType: string) {
  return {
    requester_id: requesterId,
    full_name: 'Old Row',
    contact_number: contactNumber,
    email: 'old@example.in',
    location: 'Pune 411001',
    pin_code: '411001',
    requested_time: '2026-06-01T08:00:00.000Z',
    request_expiry_time: '2026-06-01T12:00:00.000Z',
    food_type: foodType,
    alternative_food: '',
    number_of_people: 4,
    message: '',
    offer_price_paise: 0,
    food_description: '',
    payment_method: 'CASH',
    status: 'OPEN',
    created_at: NOW,
    updated_at: NOW,
  };
}

for (const dialect of testDialects()) {
  describe(`migration 0004 [${dialect}]`, () => {
    let cleanup: (() => Promise<void>) | undefined;
    afterEach(async () => {
      await cleanup?.();
      cleanup = undefined;
    });

    it('rewrites phone numbers written before to +91 and 10 digits, and lets a need name its food in words', async () => {
      const opened = await openEmpty(dialect);
      cleanup = opened.cleanup;
      const { database } = opened;
      await migrateUpTo(database, '0003-needs-directory-contact');

      // What older code and the old demo data left behind.
      const demo = await insertUser(database, 'demo@example.in', '+91 98200 11234', '98765-43210');
      const plain = await insertUser(database, 'plain@example.in', '9876500001', '');
      const odd = await insertUser(database, 'odd@example.in', '12345', 'call the office');
      await database.db
        .insertInto('food_requests')
        .values([need(demo, '09876543210', 'RAW'), need(plain, '+919876500001', 'PRECOOKED')])
        .execute();
      // Before 0004 a need could only be PRECOOKED or RAW.
      await expect(
        database.db
          .insertInto('food_requests')
          .values(need(plain, '+919876500001', 'Rice and dal'))
          .execute(),
      ).rejects.toThrow();

      expect(await migrateToLatest(database)).toContain('0004-free-food-type-canonical-phones');

      const users = await database.db.selectFrom('users').select(['id', 'contact_number', 'alternate_contact']).orderBy('id').execute();
      expect(users).toEqual([
        { id: demo, contact_number: '+919820011234', alternate_contact: '+919876543210' },
        { id: plain, contact_number: '+919876500001', alternate_contact: '' },
        // Not a mobile number: kept as it was rather than guessed at.
        { id: odd, contact_number: '12345', alternate_contact: 'call the office' },
      ]);
      const needs = await database.db
        .selectFrom('food_requests')
        .select(['requester_id', 'contact_number', 'food_type', 'number_of_people'])
        .orderBy('id')
        .execute();
      expect(needs).toEqual([
        { requester_id: demo, contact_number: '+919876543210', food_type: 'RAW', number_of_people: 4 },
        { requester_id: plain, contact_number: '+919876500001', food_type: 'PRECOOKED', number_of_people: 4 },
      ]);

      await database.db
        .insertInto('food_requests')
        .values(need(plain, '+919876500001', 'Rice and dal'))
        .execute();
      await database.db
        .insertInto('food_requests')
        .values(need(plain, '+919876500001', 'x'.repeat(80)))
        .execute();
      await expect(
        database.db
          .insertInto('food_requests')
          .values(need(plain, '+919876500001', 'x'.repeat(81)))
          .execute(),
      ).rejects.toThrow();
      await expect(
        database.db
          .insertInto('food_requests')
          .values(need(plain, '+919876500001', ''))
          .execute(),
      ).rejects.toThrow();
      // The other rules of the table came through the rebuild.
      await expect(
        database.db
          .insertInto('food_requests')
          .values({ ...need(plain, '+919876500001', 'Rice'), number_of_people: 0 })
          .execute(),
      ).rejects.toThrow();
      await expect(
        database.db
          .insertInto('food_requests')
          .values({ ...need(999, '+919876500001', 'Rice') })
          .execute(),
      ).rejects.toThrow();

      const indexes =
        dialect === 'postgres'
          ? await sql<{ name: string }>`select indexname as name from pg_indexes where tablename = 'food_requests'`.execute(database.db)
          : await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = 'food_requests'`.execute(database.db);
      expect(indexes.rows.map((row) => row.name)).toEqual(
        expect.arrayContaining(['food_requests_open_idx', 'food_requests_pin_code_idx', 'food_requests_requester_idx']),
      );
    });
  });
}
