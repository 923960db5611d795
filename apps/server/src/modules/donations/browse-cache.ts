import { type BrowseQuery, browseTotalCap } from '@annadaan/contract/donations';
import type { FastifyInstance } from 'fastify';
import {
  AliasNode,
  ColumnNode,
  DeleteQueryNode,
  InsertQueryNode,
  type Kysely,
  type KyselyPlugin,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  TableNode,
  type UnknownRow,
  UpdateQueryNode,
  sql,
} from 'kysely';
import type { Listener } from '../../db/database';
import type { Database } from '../../db/schema';
import { browseUnkept, compiledBrowseQueries, countRow } from './browse-queries';
import { type BrowseDonationRecord, toDonation } from './donations-repository';

type Db = Kysely<Database>;

/**
 * Listings kept a few seconds per filter: a burst of visitors opening the same listing (a wedding's
 * leftovers posted at midnight, shared in a group chat) costs one count and one page read, not one
 * each. A kept listing is exactly what a fresh read would return until one of three things happens:
 * a write that changes what a listing shows (every write starts a new generation, so a server's own
 * changes show at once), the first listed donation of the filter expiring (the count reads the
 * filter's donations in expiry order, so it knows when that is), or the TTL running out, which
 * bounds what nothing here sees: a donor renamed through another server (PostgreSQL). A request
 * sent with `Cache-Control: no-cache` reads afresh.
 *
 * The cache belongs to one app (created in app.ts with it) and sees the app's writes itself: its
 * `watch` plugin sits on the app's database handle, and so on every transaction begun from it, and
 * starts a new generation on any insert, update or delete of `donations` or `uploads` (a card's
 * photo) and on any update of `users.full_name` (a card's donor). No write path has to remember it.
 */
const LISTING_TTL_MS = 5_000;
const FILTERS_KEPT = 1_000;
const PAGES_KEPT_PER_FILTER = 50;
interface KeptListing {
  /** Matches counted, up to countCap: exact when below it. */
  counted: number;
  countCap: number;
  generation: number;
  /** The newest committed donation change before it was read (PostgreSQL; 0 elsewhere). */
  change: number;
  /** The app's clock, which decides expiry, and the real one, which bounds staleness even under a frozen test clock. */
  at: number;
  realAt: number;
  /** The total and the pages change when the first listed donation expires. */
  firstExpiry: number;
  pages: Map<string, BrowseDonationRecord[]>;
}

/** Tables whose every write may change a listing; `users` only through the columns below. */
const LISTED_TABLES = new Set(['donations', 'uploads']);
const LISTED_USER_COLUMNS = new Set(['full_name']);

function tableName(node: OperationNode | undefined): string | undefined {
  if (!node) return undefined;
  if (TableNode.is(node)) return node.table.identifier.name;
  if (AliasNode.is(node)) return tableName(node.node);
  return undefined;
}

/** True when the statement writes something a listing shows. */
function changesListings(node: RootOperationNode): boolean {
  if (InsertQueryNode.is(node)) return LISTED_TABLES.has(tableName(node.into) ?? '');
  if (DeleteQueryNode.is(node)) return node.from.froms.some((from) => LISTED_TABLES.has(tableName(from) ?? '') || tableName(from) === 'users');
  if (UpdateQueryNode.is(node)) {
    const table = tableName(node.table);
    if (table && LISTED_TABLES.has(table)) return true;
    return table === 'users' && (node.updates ?? []).some((update) => ColumnNode.is(update.column) && LISTED_USER_COLUMNS.has(update.column.column.name));
  }
  return false;
}

export interface BrowseCache {
  /** The app's handle with the write watch on; every transaction begun from it carries it too. */
  watch(db: Db): Db;
  browse(
    db: Db,
    query: BrowseQuery,
    now: Date,
    options?: { fresh?: boolean; notBlockedFor?: number | undefined },
  ): Promise<{ total: number; donations: BrowseDonationRecord[] }>;
  /** Drops every kept listing: another instance wrote donations. */
  drop(): void;
  /** Whether kept listings may be served; switching either way drops them. */
  trust(trusted: boolean): void;
  /** PostgreSQL: reads the newest committed donation change (migration 0008). */
  probeChangesWith(probe: () => Promise<number>): void;
}

export function createBrowseCache(): BrowseCache {
  const kept = new Map<string, KeptListing>();
  let generation = 0;
  let trusted = true;
  let changeProbe: (() => Promise<number>) | null = null;

  const plugin: KyselyPlugin = {
    transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
      if (changesListings(args.node)) generation += 1;
      return args.node;
    },
    async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      return args.result;
    },
  };

  async function browse(
    db: Db,
    query: BrowseQuery,
    now: Date,
    options: { fresh?: boolean; notBlockedFor?: number | undefined } = {},
  ): Promise<{ total: number; donations: BrowseDonationRecord[] }> {
    // A listing filtered for one person's blocks is theirs alone: read afresh, never kept.
    if (options.notBlockedFor !== undefined) return browseUnkept(db, query, now, options.notBlockedFor);
    const radiusKey = query.radiusKm === undefined ? null : [query.lat, query.lng, query.radiusKm];
    const filterKey = JSON.stringify([
      query.foodType ?? '',
      query.foodName ?? '',
      query.location ?? '',
      radiusKey,
      [...(query.diet ?? [])].sort(),
      [...(query.excludeAllergens ?? [])].sort(),
    ]);
    const pageKey = JSON.stringify([query.sort, query.lat ?? null, query.lng ?? null, query.page, query.pageSize]);
    const realNow = performance.now();
    const time = now.getTime();
    let listing = kept.get(filterKey);
    const usable =
      !options.fresh &&
      trusted &&
      listing !== undefined &&
      listing.generation === generation &&
      time >= listing.at &&
      time - listing.at < LISTING_TTL_MS &&
      time < listing.firstExpiry &&
      realNow - listing.realAt < LISTING_TTL_MS;
    const change = changeProbe && !options.fresh ? await changeProbe() : 0;
    const current = usable && listing !== undefined && listing.change === change;
    const keptPage = current ? listing?.pages.get(pageKey) : undefined;
    // A kept page was stored with a count reaching at least its own cap.
    if (current && listing && keptPage) return { total: Math.min(listing.counted, browseTotalCap(query)), donations: keptPage };

    if (query.radiusKm !== undefined && query.lat !== undefined && query.lng !== undefined) return browseUnkept(db, query, now);

    const { count, page } = compiledBrowseQueries(db, query, now);
    const readAt = generation;
    const countCap = browseTotalCap(query);
    if (!current || !listing) {
      const counted = await countRow(db, count);
      listing = {
        counted: Number(counted.total),
        countCap,
        generation: readAt,
        change,
        at: time,
        realAt: realNow,
        firstExpiry: counted.firstExpiry ? new Date(counted.firstExpiry).getTime() : Number.POSITIVE_INFINITY,
        pages: new Map(),
      };
    } else if (listing.counted >= listing.countCap && listing.countCap < countCap) {
      // A page further on than the kept count reached: counted again up to its own cap.
      listing = { ...listing, counted: Number((await countRow(db, count)).total), countCap };
    }
    const donations = (await db.executeQuery(page)).rows.map((row) => ({
      ...toDonation(row, now),
      ...(row.distanceKm === null ? (query.lat === undefined ? {} : { distanceKm: null }) : { distanceKm: Number(row.distanceKm) }),
    }));
    // A write that landed while reading may or may not be in what was read: keep it only if none did.
    if (readAt === generation && listing.generation === generation && trusted) {
      if (kept.size >= FILTERS_KEPT && !kept.has(filterKey)) kept.delete(kept.keys().next().value ?? '');
      if (listing.pages.size >= PAGES_KEPT_PER_FILTER) listing.pages.delete(listing.pages.keys().next().value ?? '');
      listing.pages.set(pageKey, donations);
      kept.set(filterKey, listing);
    }
    return { total: Math.min(listing.counted, countCap), donations };
  }

  return {
    watch: (db) => db.withPlugin(plugin),
    browse,
    drop: () => {
      generation += 1;
    },
    trust: (value) => {
      trusted = value;
      generation += 1;
    },
    probeChangesWith: (probe) => {
      changeProbe = probe;
    },
  };
}

/** Notified on commit by the trigger on donations (migration 0008), whichever instance wrote. */
export const DONATIONS_CHANGED_CHANNEL = 'annadaan_donations_changed';

/**
 * Several instances over one PostgreSQL: each keeps browse listings only while it listens for
 * donation writes, and drops them on every notification. While the listening connection is down
 * (or not up yet) listings are read afresh, so nobody sees a listing older than a write they made
 * through another instance. A kept listing is also served only while no donation change newer than
 * the one it was read after has committed (one index lookup), so a write acknowledged by any
 * instance is in the next browse on every instance, notification delivered or not; this also
 * covers a read that ran while this instance's own write was not committed yet. SQLite has one
 * process and one connection, whose own writes the watch sees.
 */
export function registerBrowseCacheInvalidation(app: FastifyInstance) {
  const { listen } = app.database;
  if (!listen) return;
  const cache = app.browseCache;
  const db = app.db;
  cache.probeChangesWith(async () => {
    const { rows } = await sql<{ id: string | number | null }>`select max(id) as id from donation_changes`.execute(db);
    return Number(rows[0]?.id ?? 0);
  });
  cache.trust(false);
  let listener: Listener | undefined;
  app.addHook('onReady', async () => {
    listener = listen(DONATIONS_CHANGED_CHANNEL, {
      onNotify: () => cache.drop(),
      onUp: () => cache.trust(true),
      onDown: (error) => {
        cache.trust(false);
        app.log.warn({ err: error }, 'donation change listener down: browse listings read afresh until it is back');
      },
    });
  });
  app.addHook('onClose', async () => {
    cache.trust(false);
    await listener?.close();
  });
}
