import type { NewDonations } from '@annadaan/contract/donations';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/test-app';
import { donate, get } from '../../../test/test-handover';
import { type TestUser, createTestUser } from '../../../test/test-users';
import { NEW_DONATIONS_CAP, newDonationsQueries } from './browse-queries';
import { queryPlan } from '../../../test/query-plan';

async function fresh(ctx: Parameters<typeof get>[0], query: string): Promise<NewDonations> {
  const response = await get(ctx, `/api/browse/new-donations${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<NewDonations>();
}

/** Browse's "N new donations": what arrived since the page was read, with the page's filters. */
describeEachDatabase('new donations since Browse was read', (ctx) => {
  let donor: TestUser;
  beforeAll(async () => {
    donor = await createTestUser(ctx(), { role: 'DONOR', fullName: 'Dev Donor' });
  });

  it('starts from the newest id, then counts what is listed after it, with the filters, on any instance', async () => {
    const existing = await donate(ctx(), donor, { foodName: 'Old poha' });
    const start = await fresh(ctx(), '');
    expect(start).toEqual({ count: 0, newest: existing.id });

    // Written through the other instance (PostgreSQL), read through this one: nothing is kept in memory.
    const second = await ctx().secondInstance();
    const cooked = second
      ? (
          await second.inject({
            method: 'POST',
            url: '/api/donations',
            headers: donor.headers,
            payload: { foodName: 'Masala dosa', description: 'Fresh', quantity: '4', location: 'Koregaon Park, Pune 411001', refrigerationAvailable: false },
          })
        ).json<{ id: number }>()
      : await donate(ctx(), donor, { foodName: 'Masala dosa', location: 'Koregaon Park, Pune 411001' });
    const raw = await donate(ctx(), donor, {
      foodName: 'Wheat flour',
      foodType: 'RAW',
      location: 'Baner, Pune 411045',
      expiryDateTime: new Date(ctx().clock.now().getTime() + 86_400_000).toISOString(),
    });
    const withdrawn = await donate(ctx(), donor, { foodName: 'Withdrawn idli' });
    expect((await ctx().app.inject({ method: 'POST', url: `/api/donations/${withdrawn.id}/cancel`, headers: donor.headers })).statusCode).toBe(200);

    expect(await fresh(ctx(), `?since=${start.newest}`)).toEqual({ count: 2, newest: withdrawn.id });
    expect(await fresh(ctx(), `?since=${start.newest}&foodType=RAW`)).toEqual({ count: 1, newest: withdrawn.id });
    expect(await fresh(ctx(), `?since=${start.newest}&foodName=DOSA`)).toEqual({ count: 1, newest: withdrawn.id });
    expect(await fresh(ctx(), `?since=${start.newest}&location=411045`)).toEqual({ count: 1, newest: withdrawn.id });
    expect(await fresh(ctx(), `?since=${start.newest}&location=koregaon`)).toEqual({ count: 1, newest: withdrawn.id });
    expect(await fresh(ctx(), `?since=${raw.id}`)).toEqual({ count: 0, newest: withdrawn.id });
    expect(cooked.id).toBeGreaterThan(start.newest);
  });

  it('with near me on, counts only new food whose public point is inside the radius', async () => {
    const start = await fresh(ctx(), '');
    // Shivajinagar, Pune, and Andheri, Mumbai (about 120 km apart).
    await donate(ctx(), donor, { foodName: 'Near thali', location: 'FC Road, Pune 411004', geolocation: '18.5204,73.8567' });
    await donate(ctx(), donor, { foodName: 'Far thali', location: 'Andheri West, Mumbai 400058', geolocation: '19.1364,72.8296' });
    const nearPune = 'lat=18.5196&lng=73.8553';
    expect((await fresh(ctx(), `?since=${start.newest}&${nearPune}&radiusKm=5`)).count).toBe(1);
    expect((await fresh(ctx(), `?since=${start.newest}&${nearPune}&radiusKm=50`)).count).toBe(1);
    expect((await fresh(ctx(), `?since=${start.newest}`)).count).toBe(2);
    // A radius without a place is refused on the missing field.
    const refused = await get(ctx(), `/api/browse/new-donations?since=${start.newest}&radiusKm=5`);
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json<{ fieldErrors: Record<string, string> }>().fieldErrors).sort()).toEqual(['lat', 'lng']);
  });

  it(`counts up to ${NEW_DONATIONS_CAP + 1} and stops`, async () => {
    const since = (await fresh(ctx(), '')).newest;
    for (let i = 0; i < NEW_DONATIONS_CAP + 3; i += 1) {
      await ctx()
        .database.db.insertInto('donations')
        .values({
          donor_id: donor.id,
          food_name: `Bulk ${i}`,
          description: 'x',
          quantity: '1',
          expiry_date_time: null,
          expires_at: new Date(ctx().clock.now().getTime() + 3_600_000).toISOString(),
          free: 1,
          price_paise: 0,
          location: 'Pune 411001',
          pin_code: '411001',
          latitude: null,
          longitude: null,
          delivery_type: 'SELF_PICKUP',
          food_type: 'PRECOOKED',
          refrigeration_available: 0,
          image_url: null,
          status: 'AVAILABLE',
          created_at: ctx().clock.now().toISOString(),
          updated_at: ctx().clock.now().toISOString(),
        })
        .execute();
    }
    expect((await fresh(ctx(), `?since=${since}`)).count).toBe(NEW_DONATIONS_CAP + 1);
  });

  it('refuses a bad since or filter, naming it', async () => {
    for (const [query, field] of [
      ['since=-1', 'since'],
      ['since=abc', 'since'],
      ['since=1.5', 'since'],
      ['foodType=FROZEN', 'foodType'],
    ] as const) {
      const response = await get(ctx(), `/api/browse/new-donations?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(Object.keys(response.json<{ fieldErrors: Record<string, string> }>().fieldErrors), query).toEqual([field]);
    }
  });

  it('reads through an index (the primary key or the listing indexes), never every donation', async () => {
    const db = ctx().database.db;
    const { count, newest } = newDonationsQueries(db, { foodType: 'PRECOOKED' }, 5, ctx().clock.now());
    for (const query of [count, newest]) {
      const plan = await queryPlan(db, ctx().dialect, query.compile());
      if (ctx().dialect === 'postgres') {
        expect(plan).toMatch(/Index (Only )?Scan (Backward )?using donations_\w+ on donations|Bitmap Index Scan on donations_\w+/);
        expect(plan).not.toMatch(/Seq Scan on donations/);
        continue;
      }
      // max(id) is one step to the end of the key (SQLite says only "SEARCH donations").
      expect(plan).toMatch(/(^|\| )SEARCH donations($| USING (INTEGER PRIMARY KEY \(rowid>\?\)|(COVERING )?INDEX donations_\w+))/);
      expect(plan).not.toMatch(/SCAN donations(?! USING)/);
    }
  });
});
