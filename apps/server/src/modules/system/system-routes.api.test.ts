import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { expect, it } from 'vitest';
import { freshAddress, newPerson } from '../../../test/accounts';
import { errorBody } from '../../../test/error-body';
import { createScratchDatabase } from '../../../test/scratch-database';
import { type TestContext, createTestApp, describeEachDatabase, testDialects } from '../../../test/test-app';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { type AppDatabase, openDatabase } from '../../db/database';
import { migrateToLatest } from '../../db/migrate';
import { manualClock } from '../../lib/clock';

describeEachDatabase('system routes', (ctx) => {
  it('answers the wake-up ping', async () => {
    const response = await ctx().app.inject({ method: 'GET', url: '/welcome' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Welcome to Annadaan. Save Food, Save Lives.' });
  });

  it('reports health 200 while the database answers', async () => {
    const response = await ctx().app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('sends security headers and no X-Powered-By', async () => {
    const response = await ctx().app.inject({ method: 'GET', url: '/welcome' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  it('answers unknown API paths with the JSON error shape', async () => {
    const response = await ctx().app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found.', code: 'NOT_FOUND', messageCode: 'NOT_FOUND' });
  });

  it('publishes the OpenAPI document', async () => {
    const response = await ctx().app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.json().paths['/api/health']).toBeDefined();
  });

  it('gives no CORS headers to an origin that is not listed', async () => {
    const response = await ctx().app.inject({
      method: 'OPTIONS',
      url: '/api/health',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describeEachDatabase(
  'CORS for a listed origin',
  (ctx) => {
    it('answers the preflight and allows the headers asked for', async () => {
      const response = await ctx().app.inject({
        method: 'OPTIONS',
        url: '/api/health',
        headers: {
          origin: 'https://partner.example',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization, content-type, x-api-key',
        },
      });
      expect(response.statusCode).toBe(204);
      expect(response.headers['access-control-allow-origin']).toBe('https://partner.example');
      expect(String(response.headers['access-control-allow-headers'])).toContain('x-api-key');
    });
  },
  { CORS_ORIGINS: 'https://partner.example' },
);

for (const dialect of testDialects()) {
  it(`reports health 503 with the error shape once the database stops answering [${dialect}]`, async () => {
    const { context, cleanup } = await createTestApp(dialect);
    try {
      await context.database.db.destroy();
      const response = await context.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ message: 'The database is not taking writes.', code: 'UNAVAILABLE', messageCode: 'DATABASE_READ_ONLY' });
      const live = await context.app.inject({ method: 'GET', url: '/api/health/live' });
      expect(live.statusCode).toBe(200);
    } finally {
      await cleanup();
    }
  });
}

it('reports ready 503 (and /api/health with it) while the SQLite database is read-only, live 200 [sqlite]', async () => {
  const { context, cleanup } = await createTestApp('sqlite');
  try {
    const before = await context.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ status: 'ok' });

    const restore = await makeReadOnly(context);
    // Reads still work, which is all the old check looked at.
    expect(await context.database.ping()).toBe(true);
    for (const url of ['/api/health/ready', '/api/health']) {
      const response = await context.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(503);
      expect(response.json()).toEqual({ message: 'The database is not taking writes.', code: 'UNAVAILABLE', messageCode: 'DATABASE_READ_ONLY' });
    }
    const live = await context.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });

    await restore();
    expect((await context.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
    // The probe commits one row, the same one every time; the room probe's filler never stays.
    const rows = await context.database.db.selectFrom('health_probe').select('id').execute();
    expect(rows).toEqual([{ id: 1 }]);
  } finally {
    await cleanup();
  }
});

/** SQLite: `query_only` on the app's one connection, undone by the returned function. */
async function makeReadOnly(context: TestContext): Promise<() => Promise<void>> {
  const { db } = context.database;
  await sql`pragma query_only = 1`.execute(db);
  return async () => {
    await sql`pragma query_only = 0`.execute(db);
  };
}

if (process.env.TEST_DATABASE_URL) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  it('reports ready 503 while the PostgreSQL database is read-only, live 200 [postgres]', async () => {
    const scratch = await createScratchDatabase(adminUrl, 'annadaan_test');
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'annadaan-test-'));
    let app: FastifyInstance | undefined;
    let database: AppDatabase | undefined;
    try {
      const setup = openDatabase({ kind: 'postgres', url: scratch.url, poolSize: 2 });
      await migrateToLatest(setup);
      await setup.close();
      // From here every new connection to this database starts read-only transactions.
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      try {
        await admin.query(`alter database "${new URL(scratch.url).pathname.slice(1)}" set default_transaction_read_only = on`);
      } finally {
        await admin.end();
      }
      database = openDatabase({ kind: 'postgres', url: scratch.url, poolSize: 2 });
      app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), database, clock: manualClock() });
      expect(await database.ping()).toBe(true);
      for (const url of ['/api/health/ready', '/api/health']) {
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(503);
        expect(response.json()).toEqual({ message: 'The database is not taking writes.', code: 'UNAVAILABLE', messageCode: 'DATABASE_READ_ONLY' });
      }
      expect((await app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      await app?.close();
      await database?.close();
      await scratch.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
}

const STORAGE_FULL = { message: 'The server is out of storage space. Please try again later.', code: 'STORAGE_FULL' };

/** A sign-up from its own address, so the per-address limit never answers first. */
function signUp(context: TestContext, person: ReturnType<typeof newPerson>) {
  return context.app.inject({ method: 'POST', url: '/api/auth/register', payload: person, remoteAddress: freshAddress() });
}

it('a full database file: sign-up answers 503 with nothing half-written, health 503 until it can grow, then 200 [sqlite]', async () => {
  const { context, cleanup } = await createTestApp('sqlite');
  try {
    const { db } = context.database;
    expect((await context.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    // The file may not grow past the pages it has now, as when the disk under it is full.
    const pages = Number((await sql<{ page_count: number }>`pragma page_count`.execute(db)).rows[0]?.page_count);
    expect(pages).toBeGreaterThan(0);
    await sql.raw(`pragma max_page_count = ${pages}`).execute(db);
    const usersBefore = await db.selectFrom('users').select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();

    // Sign-ups fill the pages' last free room; one of them then needs a new page.
    let refused: { person: ReturnType<typeof newPerson>; statusCode: number; body: unknown } | undefined;
    let accepted = 0;
    for (let attempt = 0; attempt < 60 && !refused; attempt += 1) {
      const person = newPerson();
      const response = await signUp(context, person);
      if (response.statusCode === 201) accepted += 1;
      else refused = { person, statusCode: response.statusCode, body: response.json() };
    }
    expect(refused, 'a sign-up was refused').toBeDefined();
    if (!refused) return;
    expect(refused.statusCode).toBe(503);
    expect(refused.body).toEqual(errorBody(STORAGE_FULL));
    // Nothing of the refused sign-up stayed: no user row, and no session.
    const usersAfter = await db.selectFrom('users').select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(usersAfter.n)).toBe(Number(usersBefore.n) + accepted);
    expect(await db.selectFrom('users').select('id').where('email', '=', refused.person.email).executeTakeFirst()).toBeUndefined();

    // A tiny write may still fit; readiness asks for room before it answers 200 again.
    for (const url of ['/api/health', '/api/health/ready']) {
      const response = await context.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(503);
      expect(response.json()).toEqual({ ...STORAGE_FULL, messageCode: 'STORAGE_FULL' });
    }
    expect((await context.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);

    // Room again (the disk was cleared): health 200, and the same sign-up goes through.
    await sql.raw(`pragma max_page_count = ${pages + 10_000}`).execute(db);
    const health = await context.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    expect((await signUp(context, refused.person)).statusCode).toBe(201);
    expect(await db.selectFrom('health_probe').select('id').execute()).toEqual([{ id: 1 }]);
  } finally {
    await cleanup();
  }
});

if (process.env.TEST_DATABASE_URL) {
  it('a write refused with disk_full (53100): sign-up 503 with nothing half-written, health 503 until writes fit again [postgres]', async () => {
    const { context, cleanup } = await createTestApp('postgres');
    try {
      const { db } = context.database;
      // PostgreSQL's own error for a full disk, raised where the writes land.
      await sql`create function refuse_for_space() returns trigger language plpgsql as $$
        begin raise exception 'could not extend file: No space left on device' using errcode = '53100'; end $$`.execute(db);
      await sql`create trigger sessions_full before insert on sessions for each row execute function refuse_for_space()`.execute(db);
      await sql`create trigger health_full before insert or update on health_probe for each row execute function refuse_for_space()`.execute(db);

      const person = newPerson();
      const refused = await signUp(context, person);
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toEqual(errorBody(STORAGE_FULL));
      // The user row went in before the session was refused; the transaction took it back.
      expect(await db.selectFrom('users').select('id').where('email', '=', person.email).executeTakeFirst()).toBeUndefined();
      const health = await context.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toEqual({ ...STORAGE_FULL, messageCode: 'STORAGE_FULL' });

      await sql`drop trigger sessions_full on sessions`.execute(db);
      await sql`drop trigger health_full on health_probe`.execute(db);
      expect((await context.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      expect((await signUp(context, person)).statusCode).toBe(201);
      expect(await db.selectFrom('health_probe').select('id').execute()).toEqual([{ id: 1 }]);
    } finally {
      await cleanup();
    }
  });
}
