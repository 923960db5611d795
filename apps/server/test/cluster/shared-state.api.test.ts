import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { type AppDatabase, type Dialect, openDatabase } from '../../src/db/database';
import { migrateToLatest } from '../../src/db/migrate';
import { HOUR, manualClock } from '../../src/lib/clock';
import { sweepExpiredDonations } from '../../src/modules/donations/donations-service';
import { createScratchDatabase } from '../scratch-database';
import { type TestContext, testDialects } from '../test-app';
import { donate } from '../test-handover';
import { createTestUser } from '../test-users';

/** Two app instances over one database, as two server processes behind a balancer would be. */
interface Pair {
  a: TestContext;
  b: TestContext;
  /** A third handle on the database, for writes made by no instance. */
  outside: AppDatabase;
  close(): Promise<void>;
}

async function twoInstances(dialect: Dialect, env: Record<string, string>): Promise<Pair> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'annadaan-cluster-'));
  let drop: (() => Promise<void>) | undefined;
  let open: () => AppDatabase;
  if (dialect === 'postgres') {
    const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL ?? '', 'annadaan_test');
    drop = scratch.drop;
    open = () => openDatabase({ kind: 'postgres', url: scratch.url, poolSize: 5 });
  } else {
    open = () => openDatabase({ kind: 'sqlite', file: path.join(root, 'shared.sqlite') });
  }
  const clock = manualClock();
  const instance = async (name: string): Promise<TestContext> => {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: path.join(root, name), LOG_LEVEL: 'silent', ...env });
    const database = open();
    await migrateToLatest(database);
    const app = await buildApp({ config, database, clock });
    await app.ready();
    // This pair is its own two instances; the harness's second instance is not used here.
    return { app, database, dialect, clock, config, logs: () => [], secondInstance: () => Promise.resolve(null) };
  };
  const a = await instance('a');
  const b = await instance('b');
  const outside = open();
  return {
    a,
    b,
    outside,
    async close() {
      for (const context of [a, b]) {
        await context.app.close();
        await context.database.close();
      }
      await outside.close();
      await drop?.();
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}

function multipart(file: Buffer) {
  const boundary = '----annadaanclustertest';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

for (const dialect of testDialects()) {
  describe(`uploads in the database store, two instances [${dialect}]`, () => {
    let pair: Pair;
    beforeAll(async () => {
      pair = await twoInstances(dialect, { UPLOAD_STORE: 'database' });
    });
    afterAll(async () => pair.close());

    it('serves a picture uploaded through one instance from the other, with the same headers, and keeps each content once', async () => {
      // Two people upload the same picture: each gets their own names (the owner is part of each
      // variant's hash, decision 036), and the database keeps each distinct content once.
      const donors = [await createTestUser(pair.a, { fullName: 'Asha Verma' }), await createTestUser(pair.a, { fullName: 'Ravi Kumar' })];
      const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 10, g: 120, b: 40 } } })
        .png()
        .toBuffer();
      const urls: string[] = [];
      for (const donor of donors) {
        const body = multipart(png);
        const uploaded = await pair.a.app.inject({
          method: 'POST',
          url: '/api/uploads',
          payload: body.payload,
          headers: { ...body.headers, ...donor.headers },
        });
        expect(uploaded.statusCode, uploaded.body).toBe(201);
        urls.push(uploaded.json<{ url: string }>().url);
      }
      const [first, second] = urls as [string, string];
      expect(first).not.toBe(second);

      const fromA = await pair.a.app.inject({ method: 'GET', url: first });
      const fromB = await pair.b.app.inject({ method: 'GET', url: first });
      expect(fromB.statusCode).toBe(200);
      expect(fromB.rawPayload.equals(fromA.rawPayload)).toBe(true);
      for (const served of [fromA, fromB]) {
        expect(served.headers['content-type']).toBe('image/webp');
        expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(served.headers['x-content-type-options']).toBe('nosniff');
      }
      expect((await sharp(fromB.rawPayload).metadata()).format).toBe('webp');
      // Nothing on either instance's disk.
      expect(fs.existsSync(pair.a.config.uploadsDir)).toBe(false);
      expect(fs.existsSync(pair.b.config.uploadsDir)).toBe(false);
      // The same picture twice: two names for each of its two files (a 40-px WebP and AVIF), each content stored once.
      const contents = await pair.outside.db.selectFrom('file_contents').select(['sha256', 'size']).execute();
      expect(contents).toHaveLength(2);
      expect(contents.map((content) => Number(content.size))).toContain(fromA.rawPayload.length);
      expect(await pair.outside.db.selectFrom('stored_files').select('key').execute()).toHaveLength(4);
      // An unknown name of the right shape is a 404 on both.
      for (const context of [pair.a, pair.b]) {
        const missing = await context.app.inject({ method: 'GET', url: '/uploads/AbCdEfGhIjKlMnOpQrStUvWxYz012345.webp' });
        expect(missing.statusCode).toBe(404);
      }
    });

    it('defaults to the folder without DATABASE_URL and to the database with it', () => {
      expect(loadConfig({}).uploadStore).toBe('folder');
      expect(loadConfig({ DATABASE_URL: 'postgres://db/annadaan' }).uploadStore).toBe('database');
      expect(loadConfig({ DATABASE_URL: 'postgres://db/annadaan', UPLOAD_STORE: 'folder' }).uploadStore).toBe('folder');
    });
  });
}

describe.runIf(process.env.TEST_DATABASE_URL)('several instances on one PostgreSQL', () => {
  let pair: Pair;
  beforeAll(async () => {
    pair = await twoInstances('postgres', {});
  });
  afterAll(async () => pair.close());

  it('drops kept browse listings on every instance when anyone writes a donation', async () => {
    const donor = await createTestUser(pair.a, { fullName: 'Meera Iyer' });
    const donation = await donate(pair.a, donor, { foodName: 'Lemon rice' });
    const names = async () => {
      const response = await pair.b.app.inject({ method: 'GET', url: '/api/browse/donations?pageSize=6' });
      expect(response.statusCode).toBe(200);
      return response.json<{ foodName: string }[]>().map((item) => item.foodName);
    };
    // B keeps the listing (its listener is up); then a write that went through no instance's
    // repository (so no in-process counter saw it) is in B's very next browse, without waiting
    // for the notification.
    await expect.poll(names).toContain('Lemon rice');
    expect(await names()).toContain('Lemon rice');
    await sql`update donations set food_name = 'Tamarind rice' where id = ${donation.id}`.execute(pair.outside.db);
    expect(await names()).toContain('Tamarind rice');
  });

  it('runs migrations once when several instances start at the same moment', async () => {
    const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL ?? '', 'annadaan_test');
    const handles = Array.from({ length: 4 }, () => openDatabase({ kind: 'postgres', url: scratch.url, poolSize: 2 }));
    try {
      const applied = await Promise.all(handles.map((handle) => migrateToLatest(handle)));
      const nonEmpty = applied.filter((names) => names.length > 0);
      expect(nonEmpty).toHaveLength(1);
      const rows = await sql<{ name: string }>`select name from kysely_migration`.execute((handles[0] as AppDatabase).db);
      expect(rows.rows.map((row) => row.name)).toEqual(nonEmpty[0]);
    } finally {
      for (const handle of handles) await handle.close();
      await scratch.drop();
    }
  });

  it('sweeps each expired donation exactly once when two instances sweep together', async () => {
    const donor = await createTestUser(pair.a, { fullName: 'Ravi Kumar' });
    const ids: number[] = [];
    for (let n = 0; n < 12; n += 1) ids.push((await donate(pair.a, donor, { foodName: `Sweep ${n}` })).id);
    const later = new Date(pair.a.clock.now().getTime() + 48 * HOUR);
    const counts = await Promise.all([
      sweepExpiredDonations(pair.a.database.db, later, 'postgres'),
      sweepExpiredDonations(pair.b.database.db, later, 'postgres'),
      sweepExpiredDonations(pair.a.database.db, later, 'postgres'),
      sweepExpiredDonations(pair.b.database.db, later, 'postgres'),
    ]);
    const statuses = await pair.outside.db.selectFrom('donations').select('status').where('id', 'in', ids).execute();
    expect(statuses.every((row) => row.status === 'EXPIRED')).toBe(true);
    // Every donation that expired was turned by exactly one sweep (the earlier test's one too).
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(ids.length + 1);
    expect(await sweepExpiredDonations(pair.b.database.db, later, 'postgres')).toBe(0);
  });
});
