import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';
import { toIso } from '../lib/clock';
import { tooManyRequests } from '../lib/http-errors';

/**
 * Fixed-window counters kept in the database, so a restart does not reset them and every server
 * instance shares them. A key names what is counted, e.g. `login-ip:1.2.3.4`.
 */
export interface Limit {
  key: string;
  limit: number;
  windowMs: number;
}

/** Counts one hit and throws 429 with Retry-After once the window already holds `limit` hits. */
export async function consumeLimit(db: Kysely<Database>, now: Date, { key, limit, windowMs }: Limit): Promise<void> {
  const count = await recordHit(db, now, key, windowMs);
  if (count.count > limit) throw tooManyRequests(retryAfterSeconds(count.windowStart, windowMs, now));
}

/**
 * Throws 429 when the window already holds `limit` hits, without counting this one. Only for
 * reading a limit that something else counts: a check followed by the work and then a count lets
 * a burst through, so limits on work are counted first with `consumeLimit`.
 */
export async function checkLimit(db: Kysely<Database>, now: Date, { key, limit, windowMs }: Limit): Promise<void> {
  const row = await db.selectFrom('rate_limits').select(['count', 'window_start']).where('key', '=', key).executeTakeFirst();
  if (!row || isWindowOver(row.window_start, windowMs, now)) return;
  if (row.count >= limit) throw tooManyRequests(retryAfterSeconds(row.window_start, windowMs, now));
}

/** Adds one hit to the key's current window (starting a new window when the old one is over). */
export async function recordHit(db: Kysely<Database>, now: Date, key: string, windowMs: number) {
  const windowOpenedAfter = toIso(new Date(now.getTime() - windowMs));
  const row = await db
    .insertInto('rate_limits')
    .values({ key, window_start: toIso(now), count: 1 })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet((eb) => ({
        count: eb
          .case()
          .when('rate_limits.window_start', '<=', windowOpenedAfter)
          .then(1)
          .else(eb('rate_limits.count', '+', 1))
          .end(),
        window_start: eb
          .case()
          .when('rate_limits.window_start', '<=', windowOpenedAfter)
          .then(eb.ref('excluded.window_start'))
          .else(eb.ref('rate_limits.window_start'))
          .end(),
      })),
    )
    .returning(['count', 'window_start'])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), windowStart: row.window_start };
}

export async function clearHits(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute();
}

/**
 * Forgets every counter whose key ends in `:<email>` (sign-in failures, known addresses, contact
 * messages per address): an account being deleted leaves no trace of its email in the counters.
 */
export async function clearHitsOfEmail(db: Kysely<Database>, email: string): Promise<void> {
  const pattern = `%:${email.replace(/[!%_]/g, (c) => `!${c}`)}`;
  await db
    .deleteFrom('rate_limits')
    .where(sql<boolean>`${sql.ref('key')} like ${pattern} escape '!'`)
    .execute();
}

function isWindowOver(windowStart: string, windowMs: number, now: Date) {
  return new Date(windowStart).getTime() + windowMs <= now.getTime();
}

function retryAfterSeconds(windowStart: string, windowMs: number, now: Date) {
  return (new Date(windowStart).getTime() + windowMs - now.getTime()) / 1000;
}

/**
 * Consecutive failures with a growing wait (the per-account sign-in throttle). The row's `count`
 * is the number of consecutive failures and its `window_start` the earliest time of the next try.
 */
export interface Backoff {
  key: string;
  /** Failures allowed before any wait. */
  free: number;
  /** Wait after the `free`-th failure; it doubles with each further failure, up to `maxWaitMs`. */
  firstWaitMs: number;
  maxWaitMs: number;
  /** After this many consecutive failures nothing is tried until the key is cleared. */
  hardLimit: number;
}

export type BackoffClaim = { claimed: true } | { claimed: false; retryAfterSeconds: number | null };

/** The wait after the `failures`-th consecutive failure. */
export function backoffWaitMs(backoff: Omit<Backoff, 'key'>, failures: number): number {
  if (failures < backoff.free) return 0;
  return Math.min(backoff.firstWaitMs * 2 ** (failures - backoff.free), backoff.maxWaitMs);
}

/**
 * Claims one try before it is evaluated, in one statement: the try is counted as a failure and
 * the wait before the next one is set, unless the key is waiting (`ignoreWait` skips only that)
 * or at its hard limit. The caller clears the key when the try succeeds.
 */
export async function claimBackoffAttempt(db: Kysely<Database>, now: Date, backoff: Backoff, options: { ignoreWait: boolean }): Promise<BackoffClaim> {
  const nowIso = toIso(now);
  const at = (failures: number) => toIso(new Date(now.getTime() + backoffWaitMs(backoff, failures)));
  // The new failure count is the old one plus one: one WHEN per distinct wait, computed here so
  // that both databases only compare integers and copy text.
  const whens = [];
  for (let failures = backoff.free; backoffWaitMs(backoff, failures) < backoff.maxWaitMs; failures += 1) {
    whens.push(sql`WHEN rate_limits.count = ${failures - 1} THEN ${at(failures)}`);
  }
  const nextTry = sql<string>`CASE WHEN rate_limits.count < ${backoff.free - 1} THEN ${nowIso} ${sql.join(whens, sql` `)} ELSE ${toIso(new Date(now.getTime() + backoff.maxWaitMs))} END`;
  const row = await db
    .insertInto('rate_limits')
    .values({ key: backoff.key, window_start: at(1), count: 1 })
    .onConflict((conflict) =>
      conflict
        .column('key')
        .doUpdateSet((eb) => ({ count: eb('rate_limits.count', '+', 1), window_start: nextTry }))
        .where((eb) =>
          options.ignoreWait
            ? eb('rate_limits.count', '<', backoff.hardLimit)
            : eb.and([eb('rate_limits.count', '<', backoff.hardLimit), eb('rate_limits.window_start', '<=', nowIso)]),
        ),
    )
    .returning('count')
    .executeTakeFirst();
  if (row) return { claimed: true };

  const current = await db.selectFrom('rate_limits').select(['count', 'window_start']).where('key', '=', backoff.key).executeTakeFirst();
  if (!current || Number(current.count) >= backoff.hardLimit) return { claimed: false, retryAfterSeconds: null };
  return { claimed: false, retryAfterSeconds: Math.max(1, Math.ceil((new Date(current.window_start).getTime() - now.getTime()) / 1000)) };
}

/** Notes that `key` happened now (e.g. a sign-in from an address), for `seenSince`. */
export async function markSeen(db: Kysely<Database>, now: Date, key: string): Promise<void> {
  await db
    .insertInto('rate_limits')
    .values({ key, window_start: toIso(now), count: 1 })
    .onConflict((conflict) => conflict.column('key').doUpdateSet({ window_start: toIso(now) }))
    .execute();
}

export async function seenSince(db: Kysely<Database>, key: string, since: Date): Promise<boolean> {
  const row = await db.selectFrom('rate_limits').select('window_start').where('key', '=', key).executeTakeFirst();
  return row !== undefined && row.window_start > toIso(since);
}
