import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/database';
import { demoSignInsFile, formatDemoSignIns, loadDemoData } from './db/demo-data';
import { migrateToLatest } from './db/migrate';
import { runningLine } from './lib/log-format';
import { unsupportedNodeMessage } from './lib/runtime';

/** Reads config, migrates, listens, and shuts down gracefully on SIGTERM or SIGINT. */
async function main() {
  const wrongNode = unsupportedNodeMessage();
  if (wrongNode) {
    process.stderr.write(`${wrongNode}\n`);
    process.exit(1);
  }
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const here = path.dirname(fileURLToPath(import.meta.url));
  config.webDistDir ??= path.resolve(here, '../../web/dist');

  const database = openDatabase(
    config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl, poolSize: config.databasePoolSize } : { kind: 'sqlite', file: config.sqlitePath },
  );
  await migrateToLatest(database);

  // Demo data: on by default for the embedded database only; PostgreSQL gets it only when asked.
  if (config.demoData ?? !config.databaseUrl) {
    const loaded = await loadDemoData(database, config);
    const file = demoSignInsFile(config);
    if (loaded) process.stdout.write(`\nDemo data loaded.\n${formatDemoSignIns(loaded)}\n`);
    else if (fs.existsSync(file)) process.stdout.write(`\n${fs.readFileSync(file, 'utf8')}\n`);
  }

  const app = await buildApp({ config, database });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  // A person at a terminal gets one plain line with the address to open; JSON logs stay JSON only.
  if (config.logFormat === 'pretty') process.stdout.write(`\n${runningLine(app.server.address(), config)}\n\n`);
  app.log.info({ node: process.version }, 'running on Node.js');
}

main().catch((error: unknown) => {
  process.stderr.write(`Annadaan failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
