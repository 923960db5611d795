import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, PageQuerySchema } from '@annadaan/contract/paging';
import { RatingsQuerySchema } from '@annadaan/contract/ratings';
import { type Compilable, sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { toIso } from '../src/lib/clock';
import { donorDonationsQueries } from '../src/modules/donations/donations-repository';
import { ratingListQueries } from '../src/modules/ratings/ratings-repository';
import { requestListQueries } from '../src/modules/requests/requests-repository';
import { type TestContext, describeEachDatabase } from './test-app';
import { get } from './test-handover';
import { type TestUser, createTestUser } from './test-users';

/** Rows each list holds for its owner: more than two default pages, fewer than the largest page. */
const ROWS = 45;

/**
 * A donor with ROWS completed donations, each requested by one receiver and rated both ways, written
 * straight to the tables (the lists are under test here, not the handover). Every second pair shares
 * its timestamp, so the id must break ties for each row to land on exactly one page.
 */
async function seedHistory(ctx: TestContext, donor: TestUser, receiver: TestUser) {
  const db = ctx.database.db;
  const start = ctx.clock.now().getTime() - ROWS * 60_000;
  for (let i = 0; i < ROWS; i += 1) {
    const at = toIso(new Date(start + Math.floor(i / 2) * 60_000));
    const donation = await db
      .insertInto('donations')
      .values({
        donor_id: donor.id,
        food_name: `Meal ${i}`,
        description: 'Packed',
        quantity: '5 plates',
        expiry_date_time: null,
        expires_at: toIso(new Date(start + 4 * 3_600_000)),
        free: 1,
        price_paise: 0,
        location: 'MG Road, Pune 411001',
        pin_code: '411001',
        latitude: null,
        longitude: null,
        delivery_type: 'SELF_PICKUP',
        food_type: 'PRECOOKED',
        refrigeration_available: 0,
        image_url: null,
        status: 'COMPLETED',
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const request = await db
      .insertInto('donation_requests')
      .values({
        donation_id: donation.id,
        receiver_id: receiver.id,
        status: 'COMPLETED',
        payment_method: 'NOT_APPLICABLE',
        pickup_code: null,
        codes_issued: 1,
        created_at: at,
        updated_at: at,
        accepted_at: at,
        completed_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [rater, ratee] of [
      [receiver, donor],
      [donor, receiver],
    ] as const) {
      await db
        .insertInto('ratings')
        .values({ donation_request_id: request.id, rater_id: rater.id, ratee_id: ratee.id, rating: 1 + (i % 5), comment: '', created_at: at })
        .execute();
    }
  }
}

/** A PostgreSQL plan line that reads the named index (walking it, or through a bitmap). */
const pgIndex = (name: string) => new RegExp(`(Index (Only )?Scan (Backward )?using|Bitmap Index Scan on) ${name}\\b`);

/** Each list and whose it is. */
const LISTS = [
  { url: '/api/donations/my-donations', owner: 'donor' },
  { url: '/api/requests/my-sent-requests', owner: 'receiver' },
  { url: '/api/requests/my-received-requests', owner: 'donor' },
  { url: '/api/ratings/given', owner: 'receiver' },
  { url: '/api/ratings/received', owner: 'donor' },
] as const;

describeEachDatabase('my lists are paged', (ctx) => {
  let people: { donor: TestUser; receiver: TestUser; stranger: TestUser };

  beforeAll(async () => {
    const donor = await createTestUser(ctx(), { role: 'DONOR', fullName: 'Paging donor' });
    const receiver = await createTestUser(ctx(), { role: 'RECEIVER', fullName: 'Paging receiver' });
    const stranger = await createTestUser(ctx(), { role: 'RECEIVER', fullName: 'Paging stranger' });
    await seedHistory(ctx(), donor, receiver);
    people = { donor, receiver, stranger };
  });

  const ids = (body: Array<{ id: number }>) => body.map((row) => row.id);

  for (const list of LISTS) {
    describe(list.url, () => {
      it(`answers the first ${PAGE_SIZE_DEFAULT} in today's shape, with the total in X-Total-Count, when no paging is asked for`, async () => {
        const response = await get(ctx(), list.url, people[list.owner]);
        expect(response.statusCode, response.body).toBe(200);
        const body = response.json<Array<{ id: number }>>();
        expect(Array.isArray(body)).toBe(true);
        expect(body).toHaveLength(PAGE_SIZE_DEFAULT);
        expect(response.headers['x-total-count']).toBe(String(ROWS));
        const all = await get(ctx(), `${list.url}?pageSize=${PAGE_SIZE_MAX}`, people[list.owner]);
        expect(ids(body)).toEqual(ids(all.json<Array<{ id: number }>>()).slice(0, PAGE_SIZE_DEFAULT));
      });

      it('walks every row exactly once, newest first, and ends with an empty page', async () => {
        const all = await get(ctx(), `${list.url}?pageSize=${PAGE_SIZE_MAX}`, people[list.owner]);
        expect(all.json()).toHaveLength(ROWS);
        const walked: number[] = [];
        for (let page = 1; page <= 7; page += 1) {
          const response = await get(ctx(), `${list.url}?page=${page}&pageSize=7`, people[list.owner]);
          expect(response.statusCode, response.body).toBe(200);
          expect(response.headers['x-total-count']).toBe(String(ROWS));
          const rows = ids(response.json<Array<{ id: number }>>());
          expect(rows).toHaveLength(page < 7 ? 7 : ROWS - 6 * 7);
          walked.push(...rows);
        }
        expect(walked).toEqual(ids(all.json<Array<{ id: number }>>()));
        expect(new Set(walked).size).toBe(ROWS);
        const past = await get(ctx(), `${list.url}?page=8&pageSize=7`, people[list.owner]);
        expect(past.json()).toEqual([]);
        expect(past.headers['x-total-count']).toBe(String(ROWS));
        const createdAt = all.json<Array<{ createdAt: string }>>().map((row) => row.createdAt);
        expect(createdAt).toEqual([...createdAt].sort().reverse());
      });

      it(`refuses page sizes over ${PAGE_SIZE_MAX} and pages below 1 with the field named`, async () => {
        for (const [query, field] of [
          ['pageSize=101', 'pageSize'],
          ['pageSize=0', 'pageSize'],
          ['pageSize=abc', 'pageSize'],
          ['page=0', 'page'],
          ['page=1.5', 'page'],
        ] as const) {
          const response = await get(ctx(), `${list.url}?${query}`, people[list.owner]);
          expect(response.statusCode, query).toBe(400);
          const body = response.json<{ code: string; fieldErrors: Record<string, string> }>();
          expect(body.code).toBe('VALIDATION_ERROR');
          expect(Object.keys(body.fieldErrors), query).toEqual([field]);
        }
        const tooBig = await get(ctx(), `${list.url}?pageSize=101`, people[list.owner]);
        expect(tooBig.json().fieldErrors).toEqual({ pageSize: 'The page size is a whole number from 1 to 100.' });
      });

      it('counts only what is the caller’s', async () => {
        const response = await get(ctx(), list.url, people.stranger);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual([]);
        expect(response.headers['x-total-count']).toBe('0');
      });
    });
  }

  it('narrows my ratings to one pickup', async () => {
    const some = (await get(ctx(), '/api/ratings/given?page=3&pageSize=10', people.receiver)).json<Array<{ donationRequestId: number }>>();
    const target = some[0]?.donationRequestId ?? 0;
    const response = await get(ctx(), `/api/ratings/given?donationRequestId=${target}`, people.receiver);
    expect(response.statusCode).toBe(200);
    expect(response.json<Array<{ donationRequestId: number }>>().map((row) => row.donationRequestId)).toEqual([target]);
    expect(response.headers['x-total-count']).toBe('1');
    expect((await get(ctx(), `/api/ratings/given?donationRequestId=${target}`, people.stranger)).json()).toEqual([]);
    expect((await get(ctx(), '/api/ratings/given?donationRequestId=x', people.receiver)).statusCode).toBe(400);
  });

  it('reads each list through its index, not the whole table', async () => {
    const db = ctx().database.db;
    const page = PageQuerySchema.parse({});
    const cases: Array<{ name: string; queries: Compilable[]; sqlite: RegExp[]; postgres: RegExp }> = [
      {
        name: 'my donations',
        queries: Object.values(donorDonationsQueries(db, people.donor.id, page)),
        sqlite: [/SEARCH donations USING (COVERING )?INDEX donations_donor_idx \(donor_id=\?\)/],
        postgres: pgIndex('donations_donor_idx'),
      },
      {
        name: 'sent requests',
        queries: Object.values(requestListQueries(db, 'sent', people.receiver.id, page)),
        sqlite: [/SEARCH donation_requests USING (COVERING )?INDEX donation_requests_receiver_idx \(receiver_id=\?\)/],
        // The count may read the outcome index (receiver_id leads it, migration 0018) instead: fewer columns, same rows.
        postgres: pgIndex('donation_requests_(receiver|outcome)_idx'),
      },
      {
        name: 'received requests',
        queries: Object.values(requestListQueries(db, 'received', people.donor.id, page)),
        sqlite: [
          /SEARCH donations USING (COVERING )?INDEX donations_donor_idx \(donor_id=\?\)/,
          /SEARCH donation_requests USING (COVERING )?INDEX donation_requests_donation_idx/,
        ],
        postgres: pgIndex('donations_donor_idx'),
      },
      {
        name: 'ratings given',
        queries: Object.values(ratingListQueries(db, people.receiver.id, 'given', RatingsQuerySchema.parse({}))),
        sqlite: [/SEARCH ratings USING (COVERING )?INDEX ratings_rater_idx \(rater_id=\?\)/],
        postgres: pgIndex('ratings_rater_idx'),
      },
      {
        name: 'ratings received',
        queries: Object.values(ratingListQueries(db, people.donor.id, 'received', RatingsQuerySchema.parse({}))),
        sqlite: [/SEARCH ratings USING (COVERING )?INDEX ratings_ratee_idx \(ratee_id=\?\)/],
        postgres: pgIndex('ratings_ratee_idx'),
      },
    ];
    for (const { name, queries, sqlite, postgres } of cases) {
      for (const query of queries) {
        const compiled = query.compile();
        if (ctx().dialect === 'postgres') {
          // On tables this small PostgreSQL rightly prefers a scan; priced out, it must find the index.
          await db.transaction().execute(async (trx) => {
            await sql`set local enable_seqscan = off`.execute(trx);
            const result = await trx.executeQuery<{ 'QUERY PLAN': string }>({ ...compiled, sql: `explain ${compiled.sql}` });
            const plan = result.rows.map((row) => row['QUERY PLAN']).join('\n');
            expect(plan, name).toMatch(postgres);
            expect(plan, name).not.toMatch(/Seq Scan on (donations|donation_requests|ratings)\b/);
          });
          continue;
        }
        const result = await db.executeQuery<{ detail: string }>({ ...compiled, sql: `explain query plan ${compiled.sql}` });
        const plan = result.rows.map((row) => row.detail).join(' | ');
        for (const expected of sqlite) expect(plan, `${name}: ${plan}`).toMatch(expected);
        expect(plan, name).not.toMatch(/SCAN (donations|donation_requests|ratings)(?! USING)/);
      }
    }
  });
});
