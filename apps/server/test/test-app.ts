import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe } from 'vitest';
import { type AppDependencies, buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { type AppDatabase, type Dialect, openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { type ManualClock, manualClock } from '../src/lib/clock';
import { createScratchDatabase } from './scratch-database';

export interface TestContext {
  app: FastifyInstance;
  database: AppDatabase;
  dialect: Dialect;
  clock: ManualClock;
  config: Config;
  /** Every log line the app wrote so far. */
  logs(): string[];
  /**
   * On PostgreSQL, a second server instance on the same database through its own connection pool,
   * as when several processes share one database; null on SQLite (one process owns the file).
   */
  secondInstance(): Promise<FastifyInstance | null>;
}

/** The databases every API test runs on: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export function testDialects(): Dialect[] {
  return process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
}

/**
 * Runs `body` once per database, each time against a freshly created and migrated database and
 * an app built around it. `ctx()` gives the running context inside tests.
 */
export function describeEachDatabase(
  name: string,
  body: (ctx: () => TestContext) => void,
  env: Record<string, string> = {},
  deps: Pick<AppDependencies, 'delivery'> = {},
) {
  for (const dialect of testDialects()) {
    describe(`${name} [${dialect}]`, () => {
      let context: TestContext | undefined;
      let cleanup: (() => Promise<void>) | undefined;
      beforeAll(async () => {
        const created = await createTestApp(dialect, env, deps);
        context = created.context;
        cleanup = created.cleanup;
      });
      afterAll(async () => {
        await cleanup?.();
      });
      body(() => {
        if (!context) throw new Error('The test app is not ready.');
        return context;
      });
    });
  }
}

export async function createTestApp(dialect: Dialect, env: Record<string, string> = {}, deps: Pick<AppDependencies, 'delivery'> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'annadaan-test-'));
  // Listening on loopback alone, as the browser tests' server does, so the dev outbox answers; a
  // test of who may read it passes HOST 0.0.0.0.
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    DEV_OUTBOX: 'true',
    LOG_LEVEL: 'info',
    JOB_POLL_INTERVAL_MS: '0',
    ...env,
  });
  const lines: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      callback();
    },
  });

  let dropDatabase: (() => Promise<void>) | undefined;
  let database: AppDatabase;
  let postgresUrl: string | undefined;
  if (dialect === 'postgres') {
    const created = await createPostgresDatabase();
    dropDatabase = created.drop;
    postgresUrl = created.url;
    database = openDatabase({ kind: 'postgres', url: created.url, poolSize: 10 });
  } else {
    database = openDatabase({ kind: 'sqlite', file: config.sqlitePath });
  }
  await migrateToLatest(database);
  const clock = manualClock();
  const app = await buildApp({ ...deps, config, database, clock, logStream });
  await app.ready();

  let second: Promise<{ app: FastifyInstance; database: AppDatabase }> | undefined;
  const secondInstance = async () => {
    if (!postgresUrl) return null;
    const url = postgresUrl;
    second ??= (async () => {
      const otherDatabase = openDatabase({ kind: 'postgres', url, poolSize: 10 });
      const otherApp = await buildApp({ ...deps, config, database: otherDatabase, clock, logStream });
      await otherApp.ready();
      return { app: otherApp, database: otherDatabase };
    })();
    return (await second).app;
  };

  const context: TestContext = { app, database, dialect, clock, config, logs: () => [...lines], secondInstance };
  const cleanup = async () => {
    if (second) {
      const other = await second;
      await other.app.close();
      await other.database.close();
    }
    await app.close();
    await database.close();
    await dropDatabase?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { context, cleanup };
}

/** A new, empty PostgreSQL database on the TEST_DATABASE_URL server, dropped again afterwards. */
async function createPostgresDatabase() {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set.');
  return createScratchDatabase(adminUrl, 'annadaan_test');
}
