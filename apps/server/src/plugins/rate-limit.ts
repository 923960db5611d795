import type { Kysely } from 'kysely';
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

/** Throws 429 when the window already holds `limit` hits, without counting this one. */
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

function isWindowOver(windowStart: string, windowMs: number, now: Date) {
  return new Date(windowStart).getTime() + windowMs <= now.getTime();
}

function retryAfterSeconds(windowStart: string, windowMs: number, now: Date) {
  return (new Date(windowStart).getTime() + windowMs - now.getTime()) / 1000;
}
