// Crash safety: streams concurrent handover writes at the real server process, kills it with
// SIGKILL at a random moment, restarts it on the same data and checks that every acknowledged
// write is there, the database passes its integrity check and no handover is caught half way.
// The same on a private PostgreSQL cluster stopped with `pg_ctl stop -m immediate`.
//
// npm run crash-test -- [--cycles 3] [--seed 12345] [--db sqlite|postgres|both] [--lanes 8]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import { type Ledger, type Query, streamWrites, verifyAfterRestart } from './crash-workload';
import { type PrivateCluster, createPrivateCluster, findPostgresBinaries } from './postgres-cluster';
import { seededRandom } from '../seeded-random';
import { assertServerBuilt, freePort, killHard, startServer, stopGracefully } from './server-process';

const { values } = parseArgs({
  options: {
    cycles: { type: 'string', default: '3' },
    seed: { type: 'string' },
    db: { type: 'string', default: 'both' },
    lanes: { type: 'string', default: '8' },
  },
});
const cycles = Number(values.cycles);
const lanes = Number(values.lanes);
const baseSeed = values.seed === undefined ? Math.floor(Math.random() * 1_000_000_000) : Number(values.seed);
const databases = values.db === 'both' ? ['sqlite', 'postgres'] : [values.db];
if (!Number.isInteger(cycles) || cycles < 1 || !Number.isInteger(lanes) || lanes < 1 || !Number.isInteger(baseSeed)) {
  console.error('Usage: crash-test [--cycles N] [--seed N] [--db sqlite|postgres|both] [--lanes N]');
  process.exit(2);
}
if (databases.some((name) => name !== 'sqlite' && name !== 'postgres')) {
  console.error(`--db must be sqlite, postgres or both, not ${values.db}`);
  process.exit(2);
}

/** What to stop at the kill moment on PostgreSQL: the app, the database server, or both at once. */
type Victim = 'app' | 'database' | 'both';

interface CycleReport {
  problems: string[];
}

function describeLedger(ledger: Ledger) {
  const requests = [...ledger.requests.values()];
  const completed = requests.filter((entry) => entry.status === 'COMPLETED').length;
  return `${ledger.acknowledged} writes acknowledged (${ledger.donations.size} donations, ${requests.length} requests, ${completed} handovers completed)`;
}

/**
 * One cycle: start, stream, kill at the chosen acknowledged-write count, then hand over to
 * `afterKill` (restart and verify), which differs per database.
 */
async function crashCycle(label: string, seed: number, start: () => Promise<{ baseUrl: string; kill: (victim: Victim) => void }>, victim: Victim) {
  const random = seededRandom(seed);
  const killAfter = 10 + Math.floor(random() * 110);
  const server = await start();
  const stopSignal = { stopped: false };
  const streamStart = performance.now();
  let killedAtMs = -1;
  let killedAtCount = -1;
  const stream = await streamWrites(
    {
      baseUrl: server.baseUrl,
      random,
      donors: 6,
      receivers: 8,
      lanes,
      onAcknowledged(count) {
        if (stopSignal.stopped || count < killAfter) return;
        stopSignal.stopped = true;
        killedAtMs = performance.now() - streamStart;
        killedAtCount = count;
        server.kill(victim);
      },
    },
    stopSignal,
  );
  if (!stopSignal.stopped) {
    // Every account ran into its hourly limit before the chosen moment: kill now, idle.
    stopSignal.stopped = true;
    killedAtMs = performance.now() - streamStart;
    killedAtCount = stream.ledger.acknowledged;
    server.kill(victim);
  }
  console.log(
    `${label} seed=${seed}: ${victim === 'app' ? 'kill -9' : victim === 'database' ? 'pg_ctl stop -m immediate' : 'kill -9 + pg_ctl stop -m immediate'} ` +
      `after ${killedAtCount} acknowledged writes (target ${killAfter}), ${killedAtMs.toFixed(0)} ms into the stream; ` +
      `${describeLedger(stream.ledger)}; ${stream.unanswered} writes in flight lost their answer`,
  );
  return stream;
}

async function sqliteCycle(cycle: number, seed: number): Promise<CycleReport> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'annadaan-crash-'));
  const problems: string[] = [];
  try {
    const port = await freePort();
    let running: Awaited<ReturnType<typeof startServer>> | undefined;
    const stream = await crashCycle(
      `sqlite cycle ${cycle}/${cycles}`,
      seed,
      async () => {
        running = await startServer({ port, dataDir });
        const server = running;
        return { baseUrl: server.baseUrl, kill: () => server.child.kill('SIGKILL') };
      },
      'app',
    );
    if (running) {
      const exit = await running.exited;
      if (exit.signal !== 'SIGKILL') problems.push(`the server was not killed by SIGKILL but exited with ${exit.code ?? exit.signal}`);
    }
    problems.push(...stream.surprises.map((line) => `unexpected answer before the kill: ${line}`));

    const restartStart = performance.now();
    const restarted = await startServer({ port: await freePort(), dataDir });
    const restartMs = performance.now() - restartStart;
    const sample = [...stream.ledger.donations.keys()].at(-1);
    if (sample !== undefined) {
      const response = await fetch(`${restarted.baseUrl}/api/browse/donations/${sample}`);
      if (response.status !== 200) problems.push(`after the restart GET /api/browse/donations/${sample} answered ${response.status}`);
    }
    const exit = await stopGracefully(restarted);
    if (exit.code !== 0) problems.push(`the restarted server exited with ${exit.code ?? exit.signal} on SIGTERM`);

    // The server is down: open the file read-only, as an operator would after the incident.
    const file = path.join(dataDir, 'annadaan.sqlite');
    const db = new SQLite(file, { readonly: true, fileMustExist: true });
    try {
      const integrity = db.pragma('integrity_check', { simple: true });
      if (integrity !== 'ok') problems.push(`PRAGMA integrity_check: ${String(integrity)}`);
      const foreignKeys = db.pragma('foreign_key_check') as unknown[];
      if (foreignKeys.length > 0) problems.push(`PRAGMA foreign_key_check: ${JSON.stringify(foreignKeys)}`);
      const query: Query = async (sql) => db.prepare(sql).all() as Array<Record<string, unknown>>;
      problems.push(...(await verifyAfterRestart(query, stream.ledger)));
      console.log(
        `  restart ${restartMs.toFixed(0)} ms; integrity_check ${String(integrity)}; ${problems.length === 0 ? 'all acknowledged writes present, no half states' : `${problems.length} problem(s)`}`,
      );
    } finally {
      db.close();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return { problems };
}

async function postgresCycle(cluster: PrivateCluster, cycle: number, seed: number, victim: Victim): Promise<CycleReport> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'annadaan-crash-pg-'));
  const database = `crash_${cycle}_${seed}`;
  const problems: string[] = [];
  try {
    await cluster.query('postgres', `create database ${database}`);
    const url = cluster.url(database);
    let running: Awaited<ReturnType<typeof startServer>> | undefined;
    const stream = await crashCycle(
      `postgres cycle ${cycle}/${cycles}`,
      seed,
      async () => {
        running = await startServer({ port: await freePort(), dataDir, databaseUrl: url });
        const server = running;
        return {
          baseUrl: server.baseUrl,
          kill(chosen) {
            if (chosen !== 'database') server.child.kill('SIGKILL');
            if (chosen !== 'app') cluster.stopImmediately();
          },
        };
      },
      victim,
    );
    problems.push(...stream.surprises.map((line) => `unexpected answer before the kill: ${line}`));
    // The app outlived its database: now it goes too, so both restart.
    if (running && victim === 'database') await killHard(running);
    else if (running) await running.exited;
    if (victim !== 'app') cluster.start();

    const restartStart = performance.now();
    const restarted = await startServer({ port: await freePort(), dataDir, databaseUrl: url });
    const restartMs = performance.now() - restartStart;
    const exit = await stopGracefully(restarted);
    if (exit.code !== 0) problems.push(`the restarted server exited with ${exit.code ?? exit.signal} on SIGTERM`);

    const complaints = cluster.check(database);
    if (complaints) problems.push(complaints);
    problems.push(...(await verifyAfterRestart((sql) => cluster.query(database, sql), stream.ledger)));
    console.log(
      `  restart ${restartMs.toFixed(0)} ms; pg_amcheck ${complaints ? 'FAILED' : 'clean'}; ${problems.length === 0 ? 'all acknowledged writes present, no half states' : `${problems.length} problem(s)`}`,
    );
    await cluster.query('postgres', `drop database ${database} with (force)`);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return { problems };
}

async function main() {
  assertServerBuilt();
  const started = performance.now();
  console.log(`Crash test: ${cycles} cycle(s) on ${databases.join(' and ')}, base seed ${baseSeed} (replay the choices with --seed ${baseSeed})`);
  const failures: string[] = [];

  if (databases.includes('sqlite')) {
    for (let cycle = 1; cycle <= cycles; cycle += 1) {
      const { problems } = await sqliteCycle(cycle, baseSeed + cycle);
      failures.push(...problems.map((problem) => `sqlite cycle ${cycle}: ${problem}`));
    }
  }

  if (databases.includes('postgres')) {
    const binaries = findPostgresBinaries();
    if ('reason' in binaries) {
      console.log(`PostgreSQL part skipped: this machine cannot run a private cluster (${binaries.reason}). The shared server on 5432 is never stopped.`);
    } else {
      const clusterStart = performance.now();
      let cluster: PrivateCluster | undefined;
      try {
        cluster = createPrivateCluster(binaries.bin, await freePort());
      } catch (error) {
        console.log(`PostgreSQL part skipped: a private cluster could not be created: ${error instanceof Error ? error.message : String(error)}`);
      }
      if (cluster) {
        console.log(`Private PostgreSQL cluster (${binaries.bin}) on port ${cluster.port}, ready in ${(performance.now() - clusterStart).toFixed(0)} ms`);
        const victims: Victim[] = ['both', 'database', 'app'];
        try {
          for (let cycle = 1; cycle <= cycles; cycle += 1) {
            const victim = victims[(cycle - 1) % victims.length] ?? 'both';
            const { problems } = await postgresCycle(cluster, cycle, baseSeed + 1000 + cycle, victim);
            failures.push(...problems.map((problem) => `postgres cycle ${cycle}: ${problem}`));
          }
        } finally {
          cluster.destroy();
        }
      }
    }
  }

  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (failures.length > 0) {
    console.error(`\nCrash test FAILED in ${seconds} s (base seed ${baseSeed}):\n${failures.map((line) => `  - ${line}`).join('\n')}`);
    process.exit(1);
  }
  console.log(`Crash test passed in ${seconds} s.`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
