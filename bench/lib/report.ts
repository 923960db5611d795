import type { HandoverResult } from './handovers';
import { type LargeAccountResult, describeLargeAccount } from './large-account';
import type { LighthouseScores } from './lighthouse';
import type { LoadResult } from './load';
import type { RouteSize } from './web-sizes';
import type { ClusterResult } from './cluster';
import type { LiveEventsResult } from './live-events';
import type { SqliteDriverResult } from './sqlite-drivers';

export interface DatabaseResults {
  idleRssMiB: number | null;
  browseRssMiB: number | null;
  health: LoadResult;
  browseByType: LoadResult;
  /** The same query with Cache-Control: no-cache: past the listing cache, every request reads the database. */
  browseUncached: LoadResult;
  browseByPin: LoadResult;
  detail: LoadResult;
  statistics: LoadResult;
  orders: LoadResult;
  /** Issue 12: "my donations" of one donor with a long history (null when the run had none). */
  largeAccount: LargeAccountResult | null;
  handovers: HandoverResult;
  login: (LoadResult & { perCore: number; argon2: { memoryCost: number; timeCost: number; parallelism: number; variant: string } }) | null;
  coldStartMs: number;
  coldStartsMs: number[];
  scaling: ({ donations: number } & LoadResult)[];
}

export interface BenchResults {
  date: string;
  durationSeconds: number;
  machine: {
    cores: number;
    memoryGiB: number;
    cpuModel: string;
    node: string;
    platform: string;
    loadAverageBefore: number[];
    loadAverageAfter: number[];
  };
  settings: Record<string, unknown>;
  sqlite: DatabaseResults;
  postgres: DatabaseResults | null;
  postgresNote: string | null;
  web: RouteSize[];
  /** better-sqlite3 against node:sqlite on the same work (bench/lib/sqlite-drivers.ts). */
  sqliteDrivers?: SqliteDriverResult[];
  /** `--cluster`: through HAProxy with one and two instances (bench/lib/cluster.ts). */
  cluster?: ClusterResult[] | null;
  /** Issue 14: call → stream message and memory per stream with 1,000 streams (bench/lib/live-events.ts). */
  liveEvents?: LiveEventsResult[] | null;
  lighthouse: LighthouseScores[] | null;
}

/** Issue 18: a browse read afresh (past the listing cache) at this share of the health route's rate or more. */
export const FRESH_BROWSE_TARGET = 0.3;

/** The issue's targets, judged on SQLite (the default database). */
export function targets(results: BenchResults) {
  const s = results.sqlite;
  const ratio = s.browseByType.requestsPerSecond / s.health.requestsPerSecond;
  const first = s.scaling[0];
  const last = s.scaling[s.scaling.length - 1];
  const scale = first && last ? last.p50Ms / Math.max(first.p50Ms, 1) : Number.NaN;
  const landing = results.web.find((route) => route.route === '/');
  const list: { target: string; measured: string; met: boolean }[] = [
    { target: 'browse ≥ 40% of baseline req/s', measured: `${(ratio * 100).toFixed(0)}%`, met: ratio >= 0.4 },
    { target: 'browse p99 < 25 ms at 50 connections', measured: `${s.browseByType.p99Ms} ms`, met: s.browseByType.p99Ms < 25 },
    {
      target: `fresh browse ≥ ${FRESH_BROWSE_TARGET * 100}% of health (no-cache, read afresh)`,
      measured: `${((s.browseUncached.requestsPerSecond / s.health.requestsPerSecond) * 100).toFixed(0)}%`,
      met: s.browseUncached.requestsPerSecond / s.health.requestsPerSecond >= FRESH_BROWSE_TARGET,
    },
    { target: 'browse read afresh (no-cache) p99 < 25 ms', measured: `${s.browseUncached.p99Ms} ms`, met: s.browseUncached.p99Ms < 25 },
    {
      target: `browse p50 ${last?.donations.toLocaleString('en-IN')}/${first?.donations.toLocaleString('en-IN')} ≤ 1.5`,
      measured: scale.toFixed(2),
      met: scale <= 1.5,
    },
    { target: 'cold start < 1 s', measured: `${Math.round(s.coldStartMs)} ms`, met: s.coldStartMs < 1000 },
    { target: 'landing first-load JS ≤ 150 kB gzip', measured: `${landing?.jsKiB.toFixed(1)} kB`, met: (landing?.jsKiB ?? Infinity) <= 150 },
  ];
  for (const page of results.lighthouse ?? []) {
    list.push({ target: `Lighthouse ${page.page} performance ≥ 95`, measured: String(page.performance), met: (page.performance ?? 0) >= 95 });
    list.push({ target: `Lighthouse ${page.page} accessibility 100`, measured: String(page.accessibility), met: page.accessibility === 100 });
    list.push({ target: `Lighthouse ${page.page} best practices 100`, measured: String(page.bestPractices), met: page.bestPractices === 100 });
    list.push({ target: `Lighthouse ${page.page} SEO 100`, measured: String(page.seo), met: page.seo === 100 });
    list.push({ target: `Lighthouse ${page.page} CLS < 0.05`, measured: String(page.clsValue), met: page.clsValue !== null && page.clsValue < 0.05 });
  }
  return list;
}

const rate = (value: number) => Math.round(value).toLocaleString('en-IN');

function loadCells(result: LoadResult | undefined, baseline?: LoadResult) {
  if (!result) return '–';
  const ratio = baseline ? ` (${((result.requestsPerSecond / baseline.requestsPerSecond) * 100).toFixed(0)}%)` : '';
  const failed = result.failures ? ` ${result.failures} FAILED` : '';
  return `${rate(result.requestsPerSecond)} req/s${ratio}, p50 ${result.p50Ms} / p99 ${result.p99Ms} ms${failed}`;
}

export function printTable(results: BenchResults) {
  const s = results.sqlite;
  const p = results.postgres;
  const rows: [string, string, string][] = [];
  const both = (label: string, pick: (r: DatabaseResults) => string) => rows.push([label, pick(s), p ? pick(p) : (results.postgresNote ?? '–')]);
  const size = (n: number) => n.toLocaleString('en-IN');
  const main = s.scaling.find((entry) => entry.donations !== s.scaling[0]?.donations && entry.donations !== s.scaling[s.scaling.length - 1]?.donations);

  both('GET /api/health/live (baseline)', (r) => loadCells(r.health));
  both(`browse, food type + ending soon, ${size(main?.donations ?? 0)} listed`, (r) => loadCells(r.browseByType, r.health));
  both('  same, Cache-Control: no-cache (read afresh)', (r) => loadCells(r.browseUncached, r.health));
  both('browse, pin code + ending soon', (r) => loadCells(r.browseByPin, r.health));
  both('browse scaling (no-cache): p50 by size', (r) => r.scaling.map((entry) => `${size(entry.donations)}: ${entry.p50Ms} ms`).join(', '));
  both('browse scaling (no-cache): p50 largest/smallest', (r) => {
    const first = r.scaling[0];
    const last = r.scaling[r.scaling.length - 1];
    return first && last
      ? `${(last.p50Ms / Math.max(first.p50Ms, 1)).toFixed(2)} (req/s ${rate(first.requestsPerSecond)} → ${rate(last.requestsPerSecond)})`
      : '–';
  });
  both('donation detail by id', (r) => loadCells(r.detail, r.health));
  both('statistics summary', (r) => loadCells(r.statistics, r.health));
  both('my-sent-requests (500 requests), signed in', (r) => loadCells(r.orders, r.health));
  both('my-donations of a large account', (r) => (r.largeAccount ? describeLargeAccount(r.largeAccount) : '–'));
  both(
    'handovers (donate→request→accept→code→confirm)',
    (r) => `${r.handovers.handoversPerSecond.toFixed(1)}/s, ${r.handovers.workers} workers${r.handovers.failures ? `, ${r.handovers.failures} FAILED` : ''}`,
  );
  rows.push([
    'login',
    s.login
      ? `${s.login.requestsPerSecond.toFixed(1)} req/s = ${s.login.perCore.toFixed(1)}/core; argon2id m=${s.login.argon2.memoryCost} KiB t=${s.login.argon2.timeCost} p=${s.login.argon2.parallelism}`
      : '–',
    'same code path (argon2 dominates)',
  ]);
  both('cold start: spawn → first 200 (median)', (r) => `${Math.round(r.coldStartMs)} ms (${r.coldStartsMs.map((ms) => Math.round(ms)).join(', ')})`);
  both('RSS idle / after browse load', (r) => `${r.idleRssMiB?.toFixed(0)} / ${r.browseRssMiB?.toFixed(0)} MiB`);
  for (const route of results.web) rows.push([`web first load ${route.route}`, `JS ${route.jsKiB.toFixed(1)} kB, CSS ${route.cssKiB.toFixed(1)} kB gzip`, '']);
  for (const page of results.lighthouse ?? []) {
    rows.push([
      `Lighthouse mobile ${page.page} (median of 3)`,
      `perf ${page.performance}, a11y ${page.accessibility}, best ${page.bestPractices}, SEO ${page.seo}`,
      `LCP ${Math.round(page.lcpMs ?? 0)} ms, TBT ${Math.round(page.tbtMs ?? 0)} ms, CLS ${(page.clsValue ?? 0).toFixed(3)}`,
    ]);
  }

  const header: [string, string, string] = ['measure', 'SQLite', 'PostgreSQL'];
  const widths = [0, 1, 2].map((column) => Math.max(...[header, ...rows].map((row) => row[column]?.length ?? 0)));
  const line = (row: [string, string, string]) => `| ${row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  const m = results.machine;
  console.log(
    `\nAnnadaan bench, ${results.date}: ${m.cores} cores (${m.cpuModel}), ${m.memoryGiB} GiB, Node ${m.node}, load average before ${m.loadAverageBefore.join(' ')}`,
  );
  console.log(`${results.settings.connections} connections, ${results.settings.secondsPerRun} s per run, client and server on the same machine\n`);
  console.log(line(header));
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const row of rows) console.log(line(row));
  console.log('\nTargets (SQLite):');
  for (const target of targets(results)) console.log(`  ${target.met ? 'met    ' : 'MISSED '} ${target.target}: ${target.measured}`);
  if (results.liveEvents) printLiveEvents(results.liveEvents);
}

/** Issue 14's goals: p99 under 1 s from the call to the stream message, under 50 kB per open stream. */
export function liveEventsTargets(runs: LiveEventsResult[]) {
  return runs.flatMap((run) => [
    {
      target: `${run.label}: call → stream message p99 < 1 s`,
      measured: `${run.p99Ms} ms${run.missed ? `, ${run.missed} missed` : ''}`,
      met: run.p99Ms < 1000 && run.missed === 0,
    },
    {
      target: `${run.label}: < 50 kB per open stream`,
      measured: `RSS ${run.rssPerStreamKiB} kB, heap+external ${run.totalPerStreamKiB} kB`,
      met: (run.rssPerStreamKiB ?? Infinity) < 50 && (run.totalPerStreamKiB ?? Infinity) < 50,
    },
  ]);
}

export function printLiveEvents(runs: LiveEventsResult[], machine?: { cores: number; node: string; loadAverageBefore: number[] }) {
  if (machine)
    console.log(`\nAnnadaan live-events bench: ${machine.cores} cores, Node ${machine.node}, load average before ${machine.loadAverageBefore.join(' ')}`);
  console.log('\nLive events (GET /api/events), one stream per signed-in person:\n');
  console.log(
    '| setup | streams | events | call → stream message p50 / p99 / max | the call itself p50 / p99 | heartbeats: all streams pinged within / slowest event in the second after | per stream: RSS / heap / heap+external |',
  );
  console.log('|---|---|---|---|---|---|---|');
  for (const run of runs) {
    console.log(
      `| ${run.label} | ${run.streams.toLocaleString('en-IN')} | ${run.events.toLocaleString('en-IN')} at ${run.rate}/s${run.missed ? `, ${run.missed} MISSED` : ''} | ` +
        `${run.p50Ms} / ${run.p99Ms} / ${run.maxMs} ms | ${run.callP50Ms} / ${run.callP99Ms} ms | ` +
        `${run.heartbeats ? `${run.heartbeats}: ${run.heartbeatSpreadMs} / ${run.afterBeatMaxMs ?? '–'} ms` : 'none in the run'} | ${run.rssPerStreamKiB} / ${run.heapPerStreamKiB} / ${run.totalPerStreamKiB} kB |`,
    );
  }
  console.log('\nTargets (issue 14):');
  for (const target of liveEventsTargets(runs)) console.log(`  ${target.met ? 'met    ' : 'MISSED '} ${target.target}: ${target.measured}`);
}
