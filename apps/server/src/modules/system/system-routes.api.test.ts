import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { expect, it } from 'vitest';
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
      expect(response.json()).toEqual({ message: 'The database is not taking writes.', code: 'UNAVAILABLE' });
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
      expect(response.json()).toEqual({ message: 'The database is not taking writes.', code: 'UNAVAILABLE' });
    }
    const live = await context.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });

    await restore();
    expect((await context.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
    // The probe's row was rolled back every time.
    const rows = await context.database.db.selectFrom('health_probe').select('id').execute();
    expect(rows).toEqual([]);
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
        expect(response.json()).toEqual({ message: 'The database is not taking writes.', code: 'UNAVAILABLE' });
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
