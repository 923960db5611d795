import { BROWSE_TOTAL_AHEAD, BrowseDonationSchema, BrowseQuerySchema, type Donation } from '@annadaan/contract/donations';
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { MINUTE } from '../../lib/clock';
import { describeEachDatabase } from '../../../test/test-app';
import { donate, get, post } from '../../../test/test-handover';
import { createTestUser } from '../../../test/test-users';
import { browseQueries } from './browse-queries';

describeEachDatabase('browsing donations', (ctx) => {
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    const donor = await createTestUser(ctx(), { fullName: 'Browse donor' });
    const other = await createTestUser(ctx(), { fullName: 'Other donor' });
    // Created one minute apart, in this order; expiries chosen so that "ending soon" differs from creation order.
    const plan: Array<[string, Parameters<typeof donate>[2], typeof donor]> = [
      ['dal', { foodName: 'Dal Tadka', expiryDateTime: '2026-06-01T14:00', location: 'Koregaon Park, Pune 411001', geolocation: '18.5362,73.8940' }, donor],
      [
        'rice',
        { foodName: 'Rice bags', foodType: 'RAW', expiryDateTime: '2026-06-05T10:00', location: 'Andheri, Mumbai 400053', geolocation: '19.1136,72.8697' },
        other,
      ],
      ['biryani', { foodName: 'Chicken BIRYANI', location: 'Camp, Pune 411001', geolocation: '18.5196,73.8553' }, donor],
      [
        'flour',
        { foodName: 'Wheat flour 100%_pure', foodType: 'RAW', expiryDateTime: '2026-06-02T10:00', location: 'Baner, Pune 411045', geolocation: '' },
        other,
      ],
      [
        'veg-biryani',
        { foodName: 'Veg biryani', expiryDateTime: '2026-06-01T13:00', location: 'Indiranagar, Bengaluru 560038', geolocation: '12.9784,77.6408' },
        donor,
      ],
      ['withdrawn', { foodName: 'Withdrawn biryani' }, donor],
    ];
    for (const [key, overrides, who] of plan) {
      ids[key] = (await donate(ctx(), who, overrides)).id;
      ctx().clock.advance(MINUTE);
    }
    expect((await post(ctx(), `/api/donations/${ids.withdrawn}/cancel`, donor)).statusCode).toBe(200);
  });

  async function browse(query: string) {
    const response = await get(ctx(), `/api/browse/donations${query}`);
    expect(response.statusCode, response.body).toBe(200);
    const keys = response.json<Donation[]>().map((d) => Object.keys(ids).find((key) => ids[key] === d.id));
    return { keys, total: response.headers['x-total-count'] };
  }

  it('lists available donations ending soonest first, with the total in X-Total-Count, without a sign-in', async () => {
    expect(await browse('')).toEqual({ keys: ['veg-biryani', 'dal', 'biryani', 'flour', 'rice'], total: '5' });
  });

  it('gives each card exactly the fields of the contract: the public area and point, no donor id or flags', async () => {
    const response = await get(ctx(), '/api/browse/donations?foodName=biryani&sort=OLDEST');
    const cards = response.json<Record<string, unknown>[]>();
    expect(cards.length).toBeGreaterThan(0);
    for (const card of cards) {
      expect(Object.keys(card)).toEqual(Object.keys(BrowseDonationSchema.shape).filter((key) => key !== 'distanceKm'));
      expect(card).toMatchObject({ pickupAddress: null, location: card.area });
      expect(BrowseDonationSchema.strict().safeParse(card).success).toBe(true);
    }
    expect(response.body).not.toContain('18.5196,73.8553');
  });

  it('sorts newest and oldest first, and reads LATEST as oldest', async () => {
    expect((await browse('?sort=NEWEST')).keys).toEqual(['veg-biryani', 'flour', 'biryani', 'rice', 'dal']);
    expect((await browse('?sort=OLDEST')).keys).toEqual(['dal', 'rice', 'biryani', 'flour', 'veg-biryani']);
    expect((await browse('?sort=LATEST')).keys).toEqual(['dal', 'rice', 'biryani', 'flour', 'veg-biryani']);
  });

  it('sorts nearest first from a position, donations without one last', async () => {
    expect((await browse('?sort=NEAREST&lat=18.52&lng=73.855')).keys).toEqual(['biryani', 'dal', 'rice', 'veg-biryani', 'flour']);
    const missing = await get(ctx(), '/api/browse/donations?sort=NEAREST');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors).toHaveProperty('lat');
  });

  it('filters by food name in any case, literally', async () => {
    expect(await browse('?foodName=biRYani')).toEqual({ keys: ['veg-biryani', 'biryani'], total: '2' });
    expect((await browse('?foodName=100%25_')).keys).toEqual(['flour']);
    expect((await browse('?foodName=%25')).keys).toEqual(['flour']);
    expect((await browse('?foodName=_')).keys).toEqual(['flour']);
  });

  it('filters by location text or an exact pin code, and by food type', async () => {
    expect((await browse('?location=pune')).keys).toEqual(['dal', 'biryani', 'flour']);
    expect((await browse('?location=411001')).keys).toEqual(['dal', 'biryani']);
    expect((await browse('?location=41100')).keys).toEqual(['dal', 'biryani']);
    expect((await browse('?foodType=RAW')).keys).toEqual(['flour', 'rice']);
    expect((await browse('?foodType=ALL')).total).toBe('5');
    expect((await browse('?foodType=')).total).toBe('5');
    expect(await browse('?foodType=PRECOOKED&location=pune&foodName=dal')).toEqual({ keys: ['dal'], total: '1' });
  });

  it('pages from 1, with the total of all pages', async () => {
    expect(await browse('?pageSize=2')).toEqual({ keys: ['veg-biryani', 'dal'], total: '5' });
    expect(await browse('?pageSize=2&page=2')).toEqual({ keys: ['biryani', 'flour'], total: '5' });
    expect(await browse('?pageSize=2&page=3')).toEqual({ keys: ['rice'], total: '5' });
    expect(await browse('?pageSize=2&page=4')).toEqual({ keys: [], total: '5' });
  });

  it('refuses bad paging and sorting', async () => {
    for (const query of ['?page=0', '?pageSize=101', '?pageSize=0', '?sort=RANDOM', '?page=1.5', '?foodType=SNACK']) {
      const response = await get(ctx(), `/api/browse/donations${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().code).toBe('VALIDATION_ERROR');
    }
  });

  it('drops each donation from the list the moment it expires', async () => {
    ctx().clock.set('2026-06-01T07:29:59.999Z'); // veg biryani ends at 13:00 IST = 07:30Z
    expect((await browse('')).total).toBe('5');
    ctx().clock.set('2026-06-01T07:30:00.000Z');
    expect(await browse('')).toEqual({ keys: ['dal', 'biryani', 'flour', 'rice'], total: '4' });
    ctx().clock.set('2026-06-03T00:00:00.000Z');
    expect(await browse('')).toEqual({ keys: ['rice'], total: '1' });
  });
});

describeEachDatabase('browse query plans', (ctx) => {
  it('walks an index for every sort and filter instead of reading every row', async () => {
    // Without statistics SQLite may narrow by the expiry range and sort the few rows left, or walk
    // the creation-order index; both read only listed rows. The default sort needs no sort step.
    const anyBrowseIndex = /SEARCH donations USING INDEX donations_browse_/;
    const cases: Array<[Record<string, string>, RegExp]> = [
      // The photo's variants come from one lookup in the uploads' unique index per card (issue 18).
      [
        {},
        /USING INDEX donations_browse_food_ending_idx \(status=\? AND expires_at>\?\) \| SEARCH users USING INTEGER PRIMARY KEY \(rowid=\?\) \| SEARCH giving_organisation USING INTEGER PRIMARY KEY \(rowid=\?\) LEFT-JOIN \| SEARCH photo USING INDEX sqlite_autoindex_uploads_1 \(file_name=\?\) LEFT-JOIN$/,
      ],
      [{ sort: 'NEWEST' }, anyBrowseIndex],
      [{ sort: 'OLDEST' }, anyBrowseIndex],
      [{ foodType: 'RAW' }, /USING INDEX donations_browse_type_ending_idx \(status=\? AND food_type=\? AND expires_at>\?\)/],
      [{ foodType: 'RAW', sort: 'NEWEST' }, /USING INDEX donations_browse_type_/],
      [{ location: '411001' }, /USING INDEX donations_pin_code_idx/],
      [{ foodName: 'dal', sort: 'NEAREST', lat: '18.5', lng: '73.8' }, anyBrowseIndex],
    ];
    for (const [params, expected] of cases) {
      const { count, page } = browseQueries(ctx().database.db, BrowseQuerySchema.parse(params), ctx().clock.now());
      if (ctx().dialect === 'postgres') {
        // On a table this small PostgreSQL rightly prefers a scan; with scans priced out it must
        // still find an index that serves the filter, which is what a big table needs.
        await ctx()
          .database.db.transaction()
          .execute(async (trx) => {
            await sql`set local enable_seqscan = off`.execute(trx);
            for (const query of [count, page]) {
              const compiled = query.compile();
              const result = await trx.executeQuery<{ 'QUERY PLAN': string }>({ ...compiled, sql: `explain ${compiled.sql}` });
              const plan = result.rows.map((row) => row['QUERY PLAN']).join('\n');
              expect(plan, JSON.stringify(params)).toMatch(/Index (Only )?Scan (Backward )?using donations_(browse|pin_code|listed_point)_/);
              expect(plan).not.toMatch(/Seq Scan on donations/);
            }
          });
        continue;
      }
      const explain = async (query: typeof count | typeof page) => {
        const compiled = query.compile();
        const result = await ctx().database.db.executeQuery<{ detail: string }>({ ...compiled, sql: `explain query plan ${compiled.sql}` });
        return result.rows.map((row) => row.detail).join(' | ');
      };
      const pagePlan = await explain(page);
      expect(pagePlan, JSON.stringify(params)).toMatch(expected);
      // The count needs no order, only a range: any of the indexes will do, a full scan will not.
      const countPlan = await explain(count);
      expect(countPlan, JSON.stringify(params)).toMatch(/SEARCH donations USING (COVERING )?INDEX/);
      for (const plan of [pagePlan, countPlan]) expect(plan).not.toMatch(/SCAN donations(?! USING)/);
    }
  });

  it('binds only the time and what the person typed; the fixed values are in the SQL, so SQLite keeps the prepared statement', async () => {
    // SQLite 3.54 with STAT4 re-prepares a statement when some of its parameters are bound again
    // (every run, in better-sqlite3): a bound status, food type or limit made every
    // fresh browse prepare its page anew (LISTING_LITERALS in donations-repository.ts).
    const now = ctx().clock.now();
    const listing = browseQueries(ctx().database.db, BrowseQuerySchema.parse({ foodType: 'PRECOOKED', sort: 'ENDING_SOON', pageSize: '6', page: '3' }), now);
    for (const query of [listing.count, listing.page]) {
      const compiled = query.compile();
      expect(compiled.parameters).toEqual([now.toISOString()]);
      expect(compiled.sql).toContain(`'AVAILABLE'`);
      expect(compiled.sql).toContain(`'PRECOOKED'`);
    }
    expect(listing.page.compile().sql).toMatch(/limit 6 offset 12$/);
    expect(listing.count.compile().sql).toContain(`limit ${3 * 6 + BROWSE_TOTAL_AHEAD})`);

    // Typed words stay parameters: they are never written into SQL.
    const typed = "dal' or 1=1 --";
    const search = browseQueries(ctx().database.db, BrowseQuerySchema.parse({ foodName: typed, location: 'Camp' }), now).page.compile();
    expect(search.sql).not.toContain('or 1=1');
    expect(search.parameters).toContain(now.toISOString());
    expect(search.parameters.filter((value) => typeof value === 'string' && value.includes('or 1=1'))).toHaveLength(1);

    // And a listing written with literals answers what the API does: the pre-cooked food, soonest first.
    const donor = await createTestUser(ctx(), { fullName: 'Literal donor' });
    const first = await donate(ctx(), donor, { foodName: 'Poha' });
    ctx().clock.advance(MINUTE);
    await donate(ctx(), donor, { foodName: 'Rice sacks', foodType: 'RAW', expiryDateTime: '2026-06-05T10:00' });
    ctx().clock.advance(MINUTE);
    const second = await donate(ctx(), donor, { foodName: 'Upma' });
    const later = ctx().clock.now();
    const firstPage = browseQueries(ctx().database.db, BrowseQuerySchema.parse({ foodType: 'PRECOOKED', sort: 'ENDING_SOON', pageSize: '2' }), later);
    expect((await firstPage.page.execute()).map((row) => row.id)).toEqual([first.id, second.id]);
    expect((await firstPage.count.executeTakeFirstOrThrow()).total).toEqual(ctx().dialect === 'postgres' ? '2' : 2);
    const response = await get(ctx(), '/api/browse/donations?foodType=PRECOOKED&pageSize=2');
    expect(response.json<Donation[]>().map((card) => card.id)).toEqual([first.id, second.id]);
  });
});

describeEachDatabase('browse total', (ctx) => {
  it(`counts matches up to ${BROWSE_TOTAL_AHEAD} past the page asked for and stops, reaching further as the reader pages on`, async () => {
    const donor = await createTestUser(ctx(), { fullName: 'Busy donor' });
    const now = ctx().clock.now();
    const at = (minutes: number) => new Date(now.getTime() + minutes * MINUTE).toISOString();
    // Written straight to the table: the API's hourly posting limit would make this take days.
    const rows = Array.from({ length: BROWSE_TOTAL_AHEAD + 25 }, (_, i) => ({
      donor_id: donor.id,
      food_name: `Meal ${i}`,
      description: 'Packed.',
      quantity: '1 plate',
      expiry_date_time: null,
      expires_at: at(60 + i),
      free: 1,
      price_paise: 0,
      location: 'Camp, Pune 411001',
      pin_code: '411001',
      latitude: null,
      longitude: null,
      delivery_type: 'SELF_PICKUP',
      food_type: 'PRECOOKED',
      refrigeration_available: 0,
      image_url: null,
      status: 'AVAILABLE',
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    }));
    for (let start = 0; start < rows.length; start += 500) {
      await ctx()
        .database.db.insertInto('donations')
        .values(rows.slice(start, start + 500))
        .execute();
    }
    const names = (response: Awaited<ReturnType<typeof get>>) => response.json<Donation[]>().map((d) => d.foodName);
    // 125 listed: the first page of 2 says 2 + 100, so the pager offers 51 pages.
    const first = await get(ctx(), '/api/browse/donations?pageSize=2');
    expect(first.headers['x-total-count']).toBe(String(2 + BROWSE_TOTAL_AHEAD));
    expect(names(first)).toEqual(['Meal 0', 'Meal 1']);
    // Page 51 reaches past what page 1 counted: counted again, and now the count is exact.
    const further = await get(ctx(), '/api/browse/donations?pageSize=2&page=51');
    expect(further.headers['x-total-count']).toBe(String(BROWSE_TOTAL_AHEAD + 25));
    expect(names(further)).toEqual(['Meal 100', 'Meal 101']);
    // The same whether the listing was kept or read afresh.
    for (const headers of [{}, { 'cache-control': 'no-cache' }]) {
      const again = await ctx().app.inject({ method: 'GET', url: '/api/browse/donations?pageSize=2', headers });
      expect(again.headers['x-total-count']).toBe(String(2 + BROWSE_TOTAL_AHEAD));
    }
    const last = await get(ctx(), '/api/browse/donations?pageSize=100&page=2');
    expect(last.headers['x-total-count']).toBe(String(BROWSE_TOTAL_AHEAD + 25));
    expect(names(last)).toEqual(Array.from({ length: 25 }, (_, i) => `Meal ${100 + i}`));
  });
});

describeEachDatabase('kept listings', (ctx) => {
  it('serves a burst from the kept listing, shows its own writes at once, and reads afresh on Cache-Control: no-cache', async () => {
    const donor = await createTestUser(ctx(), { fullName: 'Kept donor' });
    const first = await donate(ctx(), donor, { foodName: 'Khichdi', location: 'Camp, Pune 411001' });
    const names = async (headers: Record<string, string> = {}) => {
      const response = await ctx().app.inject({ method: 'GET', url: '/api/browse/donations?location=411001', headers });
      return { names: response.json<Donation[]>().map((d) => d.foodName), total: response.headers['x-total-count'] };
    };
    expect(await names()).toEqual({ names: ['Khichdi'], total: '1' });

    // A rename written behind the app's back: on SQLite a kept listing does not see it, only a
    // fresh read does; on PostgreSQL, which several instances share, every committed write to
    // donations is seen at once (decision 018).
    await ctx().database.db.updateTable('donations').set({ food_name: 'Khichdi (renamed)' }).where('id', '=', first.id).execute();
    expect(await names()).toEqual({ names: [ctx().dialect === 'postgres' ? 'Khichdi (renamed)' : 'Khichdi'], total: '1' });
    expect(await names({ 'cache-control': 'no-cache' })).toEqual({ names: ['Khichdi (renamed)'], total: '1' });

    // A write through the app shows at once.
    await donate(ctx(), donor, { foodName: 'Poha', location: 'Camp, Pune 411001', expiryDateTime: '2026-06-01T13:00' });
    expect(await names()).toEqual({ names: ['Poha', 'Khichdi (renamed)'], total: '2' });
  });
});
