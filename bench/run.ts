/**
 * `npm run bench`: builds, seeds its own databases, drives the real server process over loopback
 * and prints one table; the figures also go to bench/results/latest.json. It measures and never
 * fails on time. Options:
 *   --quick            small databases and 3-second runs, for working on the bench itself
 *   --seconds N        length of each load run (default 10)
 *   --no-build         use the existing build
 *   --no-postgres      SQLite only
 *   --no-lighthouse    skip the Lighthouse runs
 *   --large-account N  donations of the one large account (default 20,000; --quick 2,000)
 *   --only-large-account  seed a small database plus the large account and measure only its
 *                      "my donations" list (first page, largest page, every page in turn)
 *   --only sqlite-drivers   only compare better-sqlite3 with Node's built-in node:sqlite (a few seconds)
 *   --cluster          also browse and hand over through HAProxy with one and two instances on PostgreSQL
 *   --no-live-events   skip the live-events run (1,000 open streams: SQLite, PostgreSQL, two PostgreSQL instances)
 *   --only lighthouse  the four public routes under Lighthouse (median of 3 each) on a small database;
 *                      with --lighthouse-reports DIR each run's full report is written there as JSON
 *   --only live-events only that run (about a minute and a half plus the build)
 *   --only runs-near   an approved volunteer's runs near them at 10,000 and 1,000,000 donations (issue 32)
 *   --only portions    whole handovers per second, food in portions against one receiver's food (issue 33)
 *   --only messaging   request → WhatsApp provider at 100 handover events a second, SQLite and PostgreSQL (issue 31)
 *   --only browse-fresh  SQLite with the default run's 100,000 listed donations: the health baseline and
 *                      browse read afresh (no-cache), twice each, and their ratio (about two minutes);
 *                      `--cpu-prof DIR` starts the server under Node's CPU profiler, writing to DIR
 *   --live-streams N   streams held open in that run (default 1,000)
 * Environment: BENCH_DATABASE_URL (PostgreSQL admin URL, default postgres://postgres@127.0.0.1:5432/postgres),
 * CHROME_PATH (default /usr/bin/chromium).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ARGON2_OPTIONS } from '../apps/server/src/modules/auth/password-hashing';
import { type HandoverResult, runHandovers } from './lib/handovers';
import { describeLargeAccount, measureLargeAccount } from './lib/large-account';
import { type LighthouseScores, LIGHTHOUSE_PAGES, runLighthouse } from './lib/lighthouse';
import { startTileServer } from './lib/tile-server';
import { type LoadResult, load } from './lib/load';
import { DEFAULT_ADMIN_URL, createBenchDatabase } from './lib/postgres';
import { type BenchResults, type DatabaseResults, FRESH_BROWSE_TARGET, printLiveEvents, printTable } from './lib/report';
import { BENCH_PASSWORD, BENCH_PIN, type SeedPlan, type SeedResult, seedPostgres, seedSqlite } from './lib/seed';
import { type RunningServer, coldStarts, rssMiB, startServer } from './lib/server';
import { type ClusterResult, benchCluster } from './lib/cluster';
import { type LiveEventsResult, benchLiveEvents } from './lib/live-events';
import { type MessagingResult, benchMessaging } from './lib/messaging';
import { startLocalMessagingProvider } from '../scripts/local-messaging-provider.mjs';
import { type SqliteDriverResult, compareSqliteDrivers } from './lib/sqlite-drivers';
import { MAIN_ROUTES, type RouteSize, measureRoutes } from './lib/web-sizes';

type Kind = 'sqlite' | 'postgres';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const secondsArg = args.indexOf('--seconds');
const SECONDS = secondsArg >= 0 ? Number(args[secondsArg + 1]) : quick ? 3 : 10;
const CONNECTIONS = 50;
const SIZES = quick ? { small: 1_000, main: 10_000, large: 50_000 } : { small: 10_000, main: 100_000, large: 1_000_000 };
const HANDOVER_PAIRS = 3_000;
const ORDERS_REQUESTS = 500;
const COLD_STARTS = quick ? 3 : 7;
const largeAccountArg = args.indexOf('--large-account');
const LARGE_ACCOUNT_DONATIONS = largeAccountArg >= 0 ? Number(args[largeAccountArg + 1]) : quick ? 2_000 : 20_000;
/** Issue 14: 1,000 open streams (`--live-streams N`), one per person: a donor and a receiver per pair. */
const liveStreamsArg = args.indexOf('--live-streams');
const LIVE_PAIRS = Math.ceil((liveStreamsArg >= 0 ? Number(args[liveStreamsArg + 1]) : 1_000) / 2);
/** 1,000 calls at 50 a second: longer than the server's 15 s heartbeat, so a beat over every stream falls inside the run (not with --quick). */
const LIVE_WINDOW_SECONDS = quick ? 6 : 20;
const LIVE_EVENTS = LIVE_WINDOW_SECONDS * 50;

export const BROWSE_BY_TYPE = '/api/browse/donations?foodType=PRECOOKED&sort=ENDING_SOON&pageSize=6';
export const BROWSE_BY_PIN = `/api/browse/donations?location=${BENCH_PIN}&sort=ENDING_SOON&pageSize=6`;

/** Issue 15: nearest-first within 5 km of Mumbai's centre, and the map of Mumbai at a city zoom and a street zoom, and of India. */
export const NEAR_5KM = '/api/browse/donations?lat=19.076&lng=72.8777&radiusKm=5&sort=NEAREST&pageSize=20';
export const MAP_CITY = '/api/map/donations?bbox=72.80,19.00,72.95,19.15&zoom=12';
export const MAP_STREET = '/api/map/donations?bbox=72.870,19.070,72.885,19.082&zoom=16';
/** All of India at once: the widest viewport the endpoint takes. */
export const MAP_INDIA = '/api/map/donations?bbox=68,7,97,36&zoom=5';
const geoLargeArg = args.indexOf('--geo-large');
const GEO_LARGE = geoLargeArg >= 0 ? Number(args[geoLargeArg + 1]) : quick ? 100_000 : 1_000_000;

const tmpRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'annadaan-bench-'));

function log(line: string) {
  console.log(`· ${line}`);
}

function build() {
  const result = spawnSync('npm', ['run', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) throw new Error('npm run build failed');
  log('built web app and server');
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** A seeded database of one kind and size, and how to start a server on it. */
interface Prepared {
  seed: SeedResult;
  serverOptions: () => Promise<{ port: number; dataDir: string; databaseUrl?: string }>;
  drop(): Promise<void>;
}

async function prepare(kind: Kind, available: number, plan: Omit<SeedPlan, 'available'>): Promise<Prepared | null> {
  const label = `${kind}-${available}`;
  if (kind === 'sqlite') {
    const dataDir = path.join(tmpRoot, label);
    const seed = await seedSqlite(path.join(dataDir, 'annadaan.sqlite'), { ...plan, available });
    log(`seeded SQLite with ${available.toLocaleString('en-IN')} donations in ${seed.seconds.toFixed(1)} s`);
    return {
      seed,
      serverOptions: async () => ({ port: await freePort(), dataDir }),
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const scratch = await createBenchDatabase(process.env.BENCH_DATABASE_URL ?? DEFAULT_ADMIN_URL, String(available));
  if (!scratch) return null;
  try {
    const seed = await seedPostgres(scratch.url, { ...plan, available });
    log(`seeded PostgreSQL with ${available.toLocaleString('en-IN')} donations in ${seed.seconds.toFixed(1)} s`);
    const dataDir = path.join(tmpRoot, label);
    return {
      seed,
      serverOptions: async () => ({ port: await freePort(), dataDir, databaseUrl: scratch.url }),
      drop: () => scratch.drop(),
    };
  } catch (error) {
    await scratch.drop();
    throw error;
  }
}

async function withServer<T>(prepared: Prepared, work: (server: RunningServer) => Promise<T>): Promise<T> {
  const server = await startServer(await prepared.serverOptions());
  try {
    return await work(server);
  } finally {
    // autocannon drops its sockets at the deadline while the server may still be answering them;
    // stopping at once would close the database under those handlers and log errors.
    await new Promise((resolve) => setTimeout(resolve, 500));
    await server.stop();
  }
}

function checked(name: string, result: LoadResult): LoadResult {
  log(
    `${name}: ${Math.round(result.requestsPerSecond)} req/s, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms${result.failures ? `, ${result.failures} FAILED` : ''}`,
  );
  return result;
}

async function benchDatabase(kind: Kind, chromePath: string | null): Promise<{ results: DatabaseResults; lighthouse: LighthouseScores[] | null } | null> {
  const plan = { handoverPairs: HANDOVER_PAIRS, ordersRequests: ORDERS_REQUESTS, largeAccountDonations: LARGE_ACCOUNT_DONATIONS };
  const main = await prepare(kind, SIZES.main, plan);
  if (!main) return null;
  let lighthouse: LighthouseScores[] | null = null;
  try {
    const measured = await withServer(main, async (server) => {
      const base = server.url;
      const get = (name: string, pathName: string, extra: Partial<Parameters<typeof load>[0]> = {}) =>
        load({ url: base, path: pathName, connections: CONNECTIONS, seconds: SECONDS, ...extra }).then((result) => checked(`${kind} ${name}`, result));

      // Settle: the first requests compile the routes' serializers and warm the caches.
      await load({ url: base, path: BROWSE_BY_TYPE, connections: 10, seconds: 1 });
      // The baseline is the cheapest route there is: /api/health itself now writes (and rolls back) a row.
      await load({ url: base, path: '/api/health/live', connections: 10, seconds: 1 });
      const idleRssMiB = rssMiB(server.pid);
      const health = await get('health', '/api/health/live');
      const browseByType = await get('browse by food type', BROWSE_BY_TYPE);
      const browseRssMiB = rssMiB(server.pid);
      // The same query read afresh every time, past the few-second listing cache (a hard reload).
      const browseUncached = await get('browse by food type, no-cache', BROWSE_BY_TYPE, { headers: { 'cache-control': 'no-cache' } });
      const browseByPin = await get('browse by pin code', BROWSE_BY_PIN);
      let detailId = 0;
      const detail = await get('detail', '/api/browse/donations/1', {
        next: () => {
          detailId = (detailId * 7919 + 13) % main.seed.maxDonationId;
          return { path: `/api/browse/donations/${detailId + 1}` };
        },
      });
      const statistics = await get('statistics summary', '/api/analytics/statistics/summary?region=India&year=2025');
      const orders = await get(`my-sent-requests (${ORDERS_REQUESTS} requests)`, '/api/requests/my-sent-requests', {
        headers: { authorization: `Bearer ${main.seed.ordersToken}` },
      });
      const largeAccount = main.seed.largeAccountToken ? await measureLargeAccount(base, main.seed.largeAccountToken, SECONDS, CONNECTIONS) : null;
      if (largeAccount) log(`${kind} large account: ${describeLargeAccount(largeAccount)}`);
      const handovers: HandoverResult = await runHandovers(base, main.seed.pairs, 8, SECONDS);
      log(`${kind} handovers: ${handovers.handoversPerSecond.toFixed(1)}/s with ${handovers.workers} workers (${handovers.completed} done)`);

      let login: DatabaseResults['login'] = null;
      if (kind === 'sqlite') {
        let n = 0;
        const emails = main.seed.loginEmails;
        const result = await load({
          url: base,
          path: '/api/auth/login',
          method: 'POST',
          connections: 8,
          seconds: SECONDS,
          headers: { 'content-type': 'application/json' },
          next: () => {
            n += 1;
            // One simulated client address per request: the login limit is per address and minute.
            return {
              path: '/api/auth/login',
              headers: { 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` },
              body: JSON.stringify({ email: emails[n % emails.length], password: BENCH_PASSWORD }),
            };
          },
        });
        checked('sqlite login', result);
        login = { ...result, perCore: result.requestsPerSecond / os.cpus().length, argon2: { ...ARGON2_OPTIONS, variant: 'argon2id' } };
        if (chromePath) {
          // A donation's page: the first on offer in the seeded database.
          const listed = (await (await fetch(`${base}/api/browse/donations?pageSize=1`)).json()) as { id: number }[];
          const pages = LIGHTHOUSE_PAGES.map((page) => page.replace(':donation', String(listed[0]?.id ?? 1)));
          lighthouse = await runLighthouse(base, pages, chromePath);
          for (const scores of lighthouse) log(`lighthouse ${scores.page}: ${JSON.stringify(scores)}`);
        }
      }
      return { idleRssMiB, browseRssMiB, health, browseByType, browseUncached, browseByPin, detail, statistics, orders, largeAccount, handovers, login };
    });
    const starts = await coldStarts(await main.serverOptions(), COLD_STARTS);
    log(`${kind} cold starts (ms): ${starts.map((ms) => Math.round(ms)).join(', ')}`);

    // Scaling: the same browse query, read afresh each time, on a tenth and on ten times the data.
    const scaling: DatabaseResults['scaling'] = [{ donations: SIZES.main, ...measured.browseUncached }];
    for (const size of [SIZES.small, SIZES.large]) {
      const prepared = await prepare(kind, size, { handoverPairs: 0, ordersRequests: 0 });
      if (!prepared) continue;
      try {
        const result = await withServer(prepared, async (server) => {
          const headers = { 'cache-control': 'no-cache' };
          await load({ url: server.url, path: BROWSE_BY_TYPE, connections: 10, seconds: 1, headers });
          return load({ url: server.url, path: BROWSE_BY_TYPE, connections: CONNECTIONS, seconds: SECONDS, headers });
        });
        checked(`${kind} browse at ${size}`, result);
        scaling.push({ donations: size, ...result });
      } finally {
        await prepared.drop();
      }
    }
    scaling.sort((a, b) => a.donations - b.donations);
    return { results: { ...measured, coldStartMs: median(starts), coldStartsMs: starts, scaling }, lighthouse };
  } finally {
    await main.drop();
  }
}

/**
 * Issue 14: call → stream message with 1,000 streams open, on SQLite, on PostgreSQL, and across two
 * PostgreSQL instances (the call to one, the streams on the other, carried by LISTEN/NOTIFY).
 */
async function liveEvents(): Promise<LiveEventsResult[]> {
  const results: LiveEventsResult[] = [];
  const setups = [
    { kind: 'sqlite', instances: 1, label: 'SQLite, one instance' },
    { kind: 'postgres', instances: 1, label: 'PostgreSQL, one instance' },
    { kind: 'postgres', instances: 2, label: 'PostgreSQL, call on A, streams on B' },
  ] as const;
  for (const setup of setups) {
    if (setup.kind === 'postgres' && args.includes('--no-postgres')) continue;
    const prepared = await prepare(setup.kind, 200, { handoverPairs: LIVE_PAIRS, ordersRequests: 0, pairDonations: true });
    if (!prepared) {
      log(`live events on ${setup.label} skipped: no PostgreSQL server`);
      continue;
    }
    try {
      const options = await prepared.serverOptions();
      const inspectorPort = await freePort();
      const holder = await startServer({ ...options, nodeArgs: [`--inspect=127.0.0.1:${inspectorPort}`] });
      const caller = setup.instances === 2 ? await startServer({ ...options, port: await freePort(), dataDir: `${options.dataDir}-a` }) : holder;
      try {
        results.push(
          await benchLiveEvents({
            label: setup.label,
            callBase: caller.url,
            streamBase: holder.url,
            inspectorPort,
            pairs: prepared.seed.pairs,
            windowSeconds: LIVE_WINDOW_SECONDS,
            events: LIVE_EVENTS,
            log,
          }),
        );
      } finally {
        if (caller !== holder) await caller.stop();
        await holder.stop();
      }
    } finally {
      await prepared.drop();
    }
  }
  return results;
}

/** Issue 31: 100 handover events a second for 6 s on each database, event → WhatsApp provider request. */
const MESSAGING_RATE = 100;
const MESSAGING_EVENTS = 600;

async function messaging(): Promise<MessagingResult[]> {
  const results: MessagingResult[] = [];
  for (const kind of ['sqlite', 'postgres'] as const) {
    if (kind === 'postgres' && args.includes('--no-postgres')) continue;
    const prepared = await prepare(kind, 200, { handoverPairs: MESSAGING_EVENTS, ordersRequests: 0, pairDonations: true });
    if (!prepared) {
      log(`messaging on ${kind} skipped: no PostgreSQL server`);
      continue;
    }
    const provider = await startLocalMessagingProvider();
    try {
      const options = await prepared.serverOptions();
      const server = await startServer({ ...options, env: { ...provider.env(), PUBLIC_URL: 'https://annadaan.example', MESSAGING_WAIT_SECONDS: '0' } });
      provider.setAppUrl(server.url);
      try {
        results.push(
          await benchMessaging({
            label: kind === 'sqlite' ? 'SQLite' : 'PostgreSQL',
            base: server.url,
            provider,
            pairs: prepared.seed.pairs,
            rate: MESSAGING_RATE,
            log,
          }),
        );
      } finally {
        await server.stop();
      }
    } finally {
      await provider.close();
      await prepared.drop();
    }
  }
  return results;
}

function machine() {
  const cpus = os.cpus();
  return {
    cores: cpus.length,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    cpuModel: cpus[0]?.model ?? 'unknown',
    node: process.version,
    platform: `${os.type()} ${os.release()}`,
    loadAverageBefore: os.loadavg().map((value) => Number(value.toFixed(2))),
  };
}

/**
 * `--only browse-fresh` (issue 18): the health baseline and browse read afresh, alternated twice on
 * one server so each ratio compares runs taken under the same load of a shared machine.
 */
async function browseFreshOnly() {
  const prepared = await prepare('sqlite', SIZES.main, { handoverPairs: 0, ordersRequests: 0 });
  if (!prepared) throw new Error('SQLite bench did not run');
  const profileArg = args.indexOf('--cpu-prof');
  const profileDir = profileArg >= 0 ? path.resolve(args[profileArg + 1] ?? 'bench/results/profiles') : null;
  try {
    const server = await startServer({
      ...(await prepared.serverOptions()),
      ...(profileDir ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] } : {}),
    });
    try {
      const headers = { 'cache-control': 'no-cache' };
      await load({ url: server.url, path: BROWSE_BY_TYPE, connections: 10, seconds: 1, headers });
      await load({ url: server.url, path: '/api/health/live', connections: 10, seconds: 1 });
      const ratios: number[] = [];
      for (let round = 1; round <= 2; round += 1) {
        const health = checked(
          `health (round ${round})`,
          await load({ url: server.url, path: '/api/health/live', connections: CONNECTIONS, seconds: SECONDS }),
        );
        const fresh = checked(
          `browse read afresh (round ${round})`,
          await load({ url: server.url, path: BROWSE_BY_TYPE, connections: CONNECTIONS, seconds: SECONDS, headers }),
        );
        ratios.push(fresh.requestsPerSecond / health.requestsPerSecond);
      }
      const met = ratios.every((ratio) => ratio >= FRESH_BROWSE_TARGET);
      console.log(
        `\n  ${met ? 'met    ' : 'MISSED '} fresh browse ≥ ${FRESH_BROWSE_TARGET * 100}% of health: ${ratios.map((ratio) => `${(ratio * 100).toFixed(0)}%`).join(', ')}`,
      );
    } finally {
      await new Promise((resolve) => setTimeout(resolve, 500));
      // SIGTERM lets Node write the profile on its way out.
      await server.stop();
    }
    if (profileDir) log(`CPU profile in ${profileDir}`);
  } finally {
    await prepared.drop();
  }
}

/**
 * `--only lighthouse` (issue 18): the four public routes under Lighthouse's mobile profile, each
 * the median of three runs, on a small seeded SQLite database, with each route's first-load JS.
 */
async function lighthouseOnly() {
  const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  if (!fs.existsSync(chromePath)) throw new Error(`No Chromium at ${chromePath}; set CHROME_PATH.`);
  const prepared = await prepare('sqlite', SIZES.small, { handoverPairs: 0, ordersRequests: 0 });
  if (!prepared) throw new Error('SQLite bench did not run');
  const tiles = await startTileServer();
  try {
    const server = await startServer({ ...(await prepared.serverOptions()), env: { MAP_TILE_URL: tiles.tileUrl } });
    try {
      const listed = (await (await fetch(`${server.url}/api/browse/donations?pageSize=1`)).json()) as { id: number }[];
      const pages = LIGHTHOUSE_PAGES.map((page) => page.replace(':donation', String(listed[0]?.id ?? 1)));
      const reportsArg = process.argv.indexOf('--lighthouse-reports');
      const reportsDir = reportsArg >= 0 ? process.argv[reportsArg + 1] : undefined;
      if (reportsDir) fs.mkdirSync(reportsDir, { recursive: true });
      const scores = await runLighthouse(server.url, pages, chromePath, undefined, reportsDir);
      const sizes = measureRoutes();
      console.log(
        '\n| Lighthouse, mobile profile, median of 3 | performance | accessibility | best practices | SEO | FCP | LCP | Speed Index | TBT | CLS | first-load JS |',
      );
      console.log('|---|---|---|---|---|---|---|---|---|---|---|');
      for (const [index, page] of scores.entries()) {
        const size = sizes.find((route) => route.route === MAIN_ROUTES[index]?.route);
        console.log(
          `| \`${page.page}\` | ${page.performance} | ${page.accessibility} | ${page.bestPractices} | ${page.seo} | ${((page.fcpMs ?? 0) / 1000).toFixed(1)} s | ${((page.lcpMs ?? 0) / 1000).toFixed(1)} s | ${((page.speedIndexMs ?? 0) / 1000).toFixed(1)} s | ${Math.round(page.tbtMs ?? 0)} ms | ${(page.clsValue ?? 0).toFixed(3)} | ${size ? `${size.jsKiB.toFixed(1)} kB` : ''} |`,
        );
      }
    } finally {
      await server.stop();
    }
  } finally {
    await tiles.close();
    await prepared.drop();
  }
}

/** `--only-large-account`: a small browse set plus the large account, and only its list measured. */
async function largeAccountOnly() {
  for (const kind of ['sqlite', 'postgres'] as const) {
    if (kind === 'postgres' && args.includes('--no-postgres')) continue;
    const prepared = await prepare(kind, 1_000, { handoverPairs: 0, ordersRequests: 0, largeAccountDonations: LARGE_ACCOUNT_DONATIONS });
    if (!prepared) {
      log(`PostgreSQL skipped: no server at ${process.env.BENCH_DATABASE_URL ?? DEFAULT_ADMIN_URL}`);
      continue;
    }
    try {
      const token = prepared.seed.largeAccountToken;
      if (!token) throw new Error('The seed made no large account.');
      const result = await withServer(prepared, (server) => measureLargeAccount(server.url, token, SECONDS, CONNECTIONS));
      log(`${kind} large account: ${describeLargeAccount(result)}`);
    } finally {
      await prepared.drop();
    }
  }
}

/**
 * `--only-geo`: the near-me and map queries (issue 15) at 10,000 and at GEO_LARGE donations
 * (`--geo-large N`, 1,000,000 by default), every donation listed, read afresh each time;
 * `--no-sqlite` / `--no-postgres` measure one database only.
 */
async function geoOnly() {
  const rows: string[] = [];
  for (const kind of ['sqlite', 'postgres'] as const) {
    if (kind === 'postgres' && args.includes('--no-postgres')) continue;
    if (kind === 'sqlite' && args.includes('--no-sqlite')) continue;
    const bySize: Record<string, Record<number, LoadResult>> = {};
    for (const size of [10_000, GEO_LARGE]) {
      const prepared = await prepare(kind, size, { handoverPairs: 0, ordersRequests: 0 });
      if (!prepared) {
        log(`PostgreSQL skipped: no server at ${process.env.BENCH_DATABASE_URL ?? DEFAULT_ADMIN_URL}`);
        break;
      }
      try {
        await withServer(prepared, async (server) => {
          const headers = { 'cache-control': 'no-cache' };
          for (const [name, pathName] of [
            ['near 5 km', NEAR_5KM],
            ['map city zoom 12', MAP_CITY],
            ['map street zoom 16', MAP_STREET],
            ['map India zoom 5', MAP_INDIA],
          ] as const) {
            await load({ url: server.url, path: pathName, connections: 10, seconds: 1, headers });
            const result = checked(
              `${kind} ${name} at ${size}`,
              await load({ url: server.url, path: pathName, connections: CONNECTIONS, seconds: SECONDS, headers }),
            );
            bySize[name] = { ...bySize[name], [size]: result };
          }
        });
      } finally {
        await prepared.drop();
      }
    }
    for (const [name, results] of Object.entries(bySize)) {
      const small = results[10_000];
      const large = results[GEO_LARGE];
      if (!small || !large) continue;
      rows.push(
        `${kind} ${name}: p50 ${small.p50Ms} ms at 10,000 / ${large.p50Ms} ms at ${GEO_LARGE.toLocaleString('en-IN')} = ${(large.p50Ms / Math.max(small.p50Ms, 1)).toFixed(2)}x; ` +
          `${Math.round(small.requestsPerSecond)} / ${Math.round(large.requestsPerSecond)} req/s`,
      );
    }
  }
  console.log(`\n${rows.join('\n')}`);
}

/**
 * `--only portions` (issue 33): whole handovers per second of food shared in portions against one
 * receiver's food, on the same server and database, alternated twice so a drift in the machine's
 * load shows in both. Reported as the ratio (portions / without).
 */
async function portionsOnly(): Promise<string[]> {
  const rows: string[] = [];
  for (const kind of ['sqlite', 'postgres'] as const) {
    if (kind === 'postgres' && args.includes('--no-postgres')) continue;
    if (kind === 'sqlite' && args.includes('--no-sqlite')) continue;
    const prepared = await prepare(kind, 10_000, { handoverPairs: HANDOVER_PAIRS, ordersRequests: 0 });
    if (!prepared) {
      log(`PostgreSQL skipped: no server at ${process.env.BENCH_DATABASE_URL ?? DEFAULT_ADMIN_URL}`);
      continue;
    }
    try {
      await withServer(prepared, async (server) => {
        const rates: Record<'plain' | 'portions', number[]> = { plain: [], portions: [] };
        // Each of the four runs has its own quarter of the pairs, so no one's hourly limits carry over.
        const quarter = Math.floor(prepared.seed.pairs.length / 4);
        let run = 0;
        for (let round = 0; round < 2; round += 1) {
          for (const mode of ['plain', 'portions'] as const) {
            const pairs = prepared.seed.pairs.slice(run * quarter, (run + 1) * quarter);
            run += 1;
            const result = await runHandovers(server.url, pairs, 8, SECONDS, mode === 'portions');
            if (result.failures > 0) throw new Error(`${kind} ${mode} handovers: ${result.failures} failed`);
            rates[mode].push(result.handoversPerSecond);
            log(`${kind} ${mode} handovers round ${round + 1}: ${result.handoversPerSecond.toFixed(1)}/s`);
          }
        }
        const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
        const plain = mean(rates.plain);
        const withPortions = mean(rates.portions);
        rows.push(
          `${kind} whole handovers: ${plain.toFixed(1)}/s one receiver's food, ${withPortions.toFixed(1)}/s in portions = ${(withPortions / plain).toFixed(2)}x`,
        );
      });
    } finally {
      await prepared.drop();
    }
  }
  console.log(`\n${rows.join('\n')}`);
  return rows;
}

/** Open delivery runs seeded for `--only runs-near`, whatever the number of donations. */
const RUNS_SEEDED = 2_000;

/**
 * `--only runs-near` (issue 32): an approved volunteer's runs near them (5 km, first page) at
 * 10,000 and at GEO_LARGE donations, with RUNS_SEEDED open runs spread over the donations either
 * way: the query reads the open runs' index, so the donations around it must not slow it.
 */
async function runsNearOnly(): Promise<string[]> {
  const rows: string[] = [];
  for (const kind of ['sqlite', 'postgres'] as const) {
    if (kind === 'postgres' && args.includes('--no-postgres')) continue;
    if (kind === 'sqlite' && args.includes('--no-sqlite')) continue;
    const results: Record<number, LoadResult> = {};
    for (const size of [10_000, GEO_LARGE]) {
      const prepared = await prepare(kind, size, { handoverPairs: 0, ordersRequests: 0, runsEvery: Math.max(1, Math.floor(size / RUNS_SEEDED)) });
      if (!prepared) {
        log(`PostgreSQL skipped: no server at ${process.env.BENCH_DATABASE_URL ?? DEFAULT_ADMIN_URL}`);
        break;
      }
      try {
        await withServer(prepared, async (server) => {
          const headers = { authorization: `Bearer ${prepared.seed.volunteerToken ?? ''}`, 'cache-control': 'no-cache' };
          await load({ url: server.url, path: '/api/runs/near', connections: 10, seconds: 1, headers });
          results[size] = checked(
            `${kind} runs near at ${size}`,
            await load({ url: server.url, path: '/api/runs/near', connections: CONNECTIONS, seconds: SECONDS, headers }),
          );
        });
      } finally {
        await prepared.drop();
      }
    }
    const small = results[10_000];
    const large = results[GEO_LARGE];
    if (small && large) {
      rows.push(
        `${kind} runs near a volunteer: p50 ${small.p50Ms} ms at 10,000 donations / ${large.p50Ms} ms at ${GEO_LARGE.toLocaleString('en-IN')} = ` +
          `${(large.p50Ms / Math.max(small.p50Ms, 1)).toFixed(2)}x; ${Math.round(small.requestsPerSecond)} / ${Math.round(large.requestsPerSecond)} req/s`,
      );
    }
  }
  console.log(`\n${rows.join('\n')}`);
  return rows;
}

function sqliteDrivers(): SqliteDriverResult[] {
  const drivers = compareSqliteDrivers();
  for (const result of drivers) {
    log(
      `${result.driver} (SQLite ${result.sqliteVersion}): ${result.insertRowsPerSecond.toLocaleString('en-IN')} inserts/s, ` +
        `${result.pointReadsPerSecond.toLocaleString('en-IN')} reads by id/s, ${result.pageReadsPerSecond.toLocaleString('en-IN')} browse pages/s`,
    );
  }
  return drivers;
}

async function main() {
  const startedAt = new Date();
  const machineInfo = machine();
  log(
    `machine: ${machineInfo.cores} cores, ${machineInfo.memoryGiB} GiB, ${machineInfo.cpuModel}, Node ${machineInfo.node}, load ${machineInfo.loadAverageBefore.join(' ')}`,
  );
  const onlyArg = args.indexOf('--only');
  if (onlyArg >= 0 && args[onlyArg + 1] === 'sqlite-drivers') {
    sqliteDrivers();
    return;
  }
  if (onlyArg >= 0 && args[onlyArg + 1] === 'browse-fresh') {
    if (!args.includes('--no-build')) build();
    await browseFreshOnly();
    return;
  }
  if (onlyArg >= 0 && args[onlyArg + 1] === 'lighthouse') {
    if (!args.includes('--no-build')) build();
    await lighthouseOnly();
    return;
  }
  if (onlyArg >= 0 && args[onlyArg + 1] === 'portions') {
    if (!args.includes('--no-build')) build();
    const portions = await portionsOnly();
    fs.mkdirSync('bench/results', { recursive: true });
    fs.writeFileSync('bench/results/portions.json', `${JSON.stringify({ date: startedAt.toISOString(), machine: machineInfo, portions }, null, 2)}\n`);
    return;
  }
  if (onlyArg >= 0 && args[onlyArg + 1] === 'runs-near') {
    if (!args.includes('--no-build')) build();
    const runsNear = await runsNearOnly();
    fs.mkdirSync('bench/results', { recursive: true });
    fs.writeFileSync('bench/results/runs-near.json', `${JSON.stringify({ date: startedAt.toISOString(), machine: machineInfo, runsNear }, null, 2)}\n`);
    return;
  }
  if (onlyArg >= 0 && args[onlyArg + 1] === 'messaging') {
    if (!args.includes('--no-build')) build();
    const runs = await messaging();
    fs.mkdirSync('bench/results', { recursive: true });
    fs.writeFileSync('bench/results/messaging.json', `${JSON.stringify({ date: startedAt.toISOString(), machine: machineInfo, messaging: runs }, null, 2)}\n`);
    console.log('\nWritten to bench/results/messaging.json');
    return;
  }
  if (onlyArg >= 0 && args[onlyArg + 1] === 'live-events') {
    if (!args.includes('--no-build')) build();
    const live = await liveEvents();
    fs.mkdirSync('bench/results', { recursive: true });
    fs.writeFileSync(
      'bench/results/live-events.json',
      `${JSON.stringify({ date: startedAt.toISOString(), machine: machineInfo, liveEvents: live }, null, 2)}\n`,
    );
    printLiveEvents(live, machineInfo);
    console.log('\nWritten to bench/results/live-events.json');
    return;
  }
  const drivers = sqliteDrivers();
  if (!args.includes('--no-build')) build();
  const web: RouteSize[] = measureRoutes();

  const chromePath = args.includes('--no-lighthouse') ? null : (process.env.CHROME_PATH ?? '/usr/bin/chromium');
  if (chromePath && !fs.existsSync(chromePath)) throw new Error(`No Chromium at ${chromePath}; set CHROME_PATH or pass --no-lighthouse.`);

  const sqlite = await benchDatabase('sqlite', chromePath);
  if (!sqlite) throw new Error('SQLite bench did not run');
  let postgres: DatabaseResults | null = null;
  let postgresNote: string | null = null;
  if (args.includes('--no-postgres')) postgresNote = 'skipped (--no-postgres)';
  else {
    const run = await benchDatabase('postgres', null);
    if (run) postgres = run.results;
    else postgresNote = `skipped: no PostgreSQL server at ${process.env.BENCH_DATABASE_URL ?? DEFAULT_ADMIN_URL}`;
  }
  if (postgresNote) log(`PostgreSQL ${postgresNote}`);

  let cluster: ClusterResult[] | null = null;
  if (args.includes('--cluster')) {
    const prepared = await prepare('postgres', SIZES.small, { handoverPairs: HANDOVER_PAIRS, ordersRequests: 0 });
    if (!prepared) log('cluster skipped: no PostgreSQL server');
    else {
      try {
        const { databaseUrl } = await prepared.serverOptions();
        if (databaseUrl)
          cluster = await benchCluster({ databaseUrl, seed: prepared.seed, browsePath: BROWSE_BY_TYPE, connections: CONNECTIONS, seconds: SECONDS, log });
      } finally {
        await prepared.drop();
      }
    }
  }

  const live = args.includes('--no-live-events') ? null : await liveEvents();

  const results: BenchResults = {
    date: startedAt.toISOString(),
    durationSeconds: Math.round((Date.now() - startedAt.getTime()) / 1000),
    machine: { ...machineInfo, loadAverageAfter: os.loadavg().map((value) => Number(value.toFixed(2))) },
    settings: { secondsPerRun: SECONDS, connections: CONNECTIONS, sizes: SIZES, quick, browseByType: BROWSE_BY_TYPE, browseByPin: BROWSE_BY_PIN },
    sqlite: sqlite.results,
    postgres,
    postgresNote,
    web,
    lighthouse: sqlite.lighthouse,
    sqliteDrivers: drivers,
    cluster,
    liveEvents: live,
  };
  fs.mkdirSync('bench/results', { recursive: true });
  fs.writeFileSync('bench/results/latest.json', `${JSON.stringify(results, null, 2)}\n`);
  printTable(results);
  console.log('\nWritten to bench/results/latest.json');
}

try {
  if (args.includes('--only-large-account')) {
    if (!args.includes('--no-build')) build();
    await largeAccountOnly();
  } else if (args.includes('--only-geo')) {
    if (!args.includes('--no-build')) {
      const build = spawnSync('npm', ['run', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });
      if (build.status !== 0) throw new Error('npm run build failed');
    }
    await geoOnly();
  } else await main();
} finally {
  fs.rmSync(tmpRoot, { recursive: true, force: true });
}
