import { type MyFoodRequest, type OpenFoodRequest, OpenFoodRequestsQuerySchema } from '@annadaan/contract/food-requests';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/test-app';
import { get, post } from '../../../test/test-handover';
import { foodNeed } from '../../../test/test-people';
import { createTestUser } from '../../../test/test-users';
import { HOUR } from '../../lib/clock';
import { openFoodRequestsQueries } from './food-needs-repository';
import { errorBody } from '../../../test/error-body';

// The manual clock starts at 2026-06-01T06:30Z, 12:00 in India.
describeEachDatabase('food needs', (ctx) => {
  it('creates a need with defaults, reading times without an offset as India time', async () => {
    const user = await createTestUser(ctx(), { role: 'RECEIVER', fullName: 'Chitra Rao' });
    const { numberOfPeople: _people, ...withoutPeople } = foodNeed();
    const response = await post(ctx(), '/api/food-requests/create', user, { ...withoutPeople, contactNumber: '98765 43210', email: ' Chitra@Example.IN ' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(Number),
      fullName: 'Chitra Rao',
      contactNumber: '9876543210',
      email: 'chitra@example.in',
      location: 'Shivajinagar, Pune 411005',
      pinCode: '411005',
      geolocation: '18.5308,73.8475',
      requestedTime: '2026-06-01T12:30:00.000Z',
      requestExpiryTime: '2026-06-01T16:30:00.000Z',
      foodType: 'PRECOOKED',
      alternativeFood: 'Bread and fruit',
      numberOfPeople: 1,
      message: 'For a night shelter',
      offerPrice: 0,
      foodDescription: 'Dinner, vegetarian',
      paymentMethod: 'CASH',
      diet: null,
      status: 'OPEN',
      createdAt: '2026-06-01T06:30:00.000Z',
      updatedAt: '2026-06-01T06:30:00.000Z',
    });
  });

  it('accepts numbers typed as text, an offer and an explicit offset', async () => {
    const user = await createTestUser(ctx(), { role: 'RECEIVER', fullName: 'Dev Singh' });
    const response = await post(
      ctx(),
      '/api/food-requests/create',
      user,
      foodNeed({
        numberOfPeople: '1000',
        offerPrice: '150.50',
        paymentMethod: 'UPI',
        foodType: 'RAW',
        requestExpiryTime: '2026-06-02T10:00:00Z',
        geolocation: '',
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      numberOfPeople: 1000,
      offerPrice: 150.5,
      paymentMethod: 'UPI',
      foodType: 'RAW',
      requestExpiryTime: '2026-06-02T10:00:00.000Z',
      geolocation: '',
    });
  });

  it('takes the food type as free text up to 80 characters, PRECOOKED and RAW among the values, blank meaning PRECOOKED', async () => {
    const user = await createTestUser(ctx(), { role: 'RECEIVER', fullName: 'Free Text' });
    const written = ['  Rice and dal  ', 'PRECOOKED', 'RAW', 'x'.repeat(80), 'Chapati, sabzi & curd (no onion) — 4 plates', '   '];
    const stored: string[] = [];
    for (const foodType of written) {
      const response = await post(ctx(), '/api/food-requests/create', user, foodNeed({ foodType }));
      expect(response.statusCode, response.body).toBe(201);
      stored.push(response.json<MyFoodRequest>().foodType);
    }
    expect(stored).toEqual(['Rice and dal', 'PRECOOKED', 'RAW', 'x'.repeat(80), 'Chapati, sabzi & curd (no onion) — 4 plates', 'PRECOOKED']);
    const mine = (await get(ctx(), '/api/food-requests/my', user)).json<MyFoodRequest[]>();
    expect(mine.map((need) => need.foodType).sort()).toEqual([...stored].sort());
    const viewer = await createTestUser(ctx(), { role: 'DONOR', fullName: 'Viewer' });
    const open = (await get(ctx(), '/api/food-requests/open?location=Shivajinagar', viewer)).json<OpenFoodRequest[]>();
    expect(open.map((need) => need.foodType)).toContain('Rice and dal');
  });

  it('explains the pin-code rule when the location has none', async () => {
    const user = await createTestUser(ctx(), { role: 'RECEIVER', fullName: 'No Pin' });
    const response = await post(ctx(), '/api/food-requests/create', user, foodNeed({ location: 'Near the bus stand, Shivajinagar, Pune' }));
    expect(response.statusCode).toBe(400);
    const message = 'Add the 6-digit pin code to your location, for example "Aundh, Pune 411007": donors nearby find requests by pin code.';
    expect(response.json()).toEqual(errorBody({ message, code: 'VALIDATION_ERROR', fieldErrors: { location: message } }));
  });

  it('refuses bad input with a message per field', async () => {
    const user = await createTestUser(ctx(), { role: 'RECEIVER', fullName: 'Field Tester' });
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [{ fullName: '  ' }, { fullName: 'Full name is required.' }],
      [{ fullName: 'x'.repeat(101) }, { fullName: 'Full name must be at most 100 characters.' }],
      [{ contactNumber: '12345' }, { contactNumber: 'Enter a 10-digit Indian mobile number starting with 6, 7, 8 or 9.' }],
      [{ email: 'not-an-email' }, { email: 'Enter a valid email address.' }],
      [
        { location: 'Shivajinagar, Pune' },
        { location: 'Add the 6-digit pin code to your location, for example "Aundh, Pune 411007": donors nearby find requests by pin code.' },
      ],
      [{ location: 'x'.repeat(295) + ' 411005' }, { location: 'Location must be at most 300 characters.' }],
      [{ geolocation: 'north' }, { geolocation: 'Enter the location as latitude,longitude.' }],
      [{ numberOfPeople: 0 }, { numberOfPeople: 'Enter the number of people, a whole number from 1 to 1000.' }],
      [{ numberOfPeople: 1001 }, { numberOfPeople: 'Enter the number of people, a whole number from 1 to 1000.' }],
      [{ numberOfPeople: 2.5 }, { numberOfPeople: 'Enter the number of people, a whole number from 1 to 1000.' }],
      [{ numberOfPeople: 'many' }, { numberOfPeople: 'Enter the number of people, a whole number from 1 to 1000.' }],
      [{ requestedTime: 'tonight' }, { requestedTime: 'Enter when you need the food, as a date and time.' }],
      [{ requestExpiryTime: '2026-02-30T10:00' }, { requestExpiryTime: 'Enter until when the request stays open, as a date and time.' }],
      [{ requestExpiryTime: '2026-06-01T18:00' }, { requestExpiryTime: 'The request must stay open until after the time you need the food.' }],
      [
        { requestedTime: '2026-06-01T08:00', requestExpiryTime: '2026-06-01T11:00' },
        { requestExpiryTime: 'The request must stay open until a time in the future.' },
      ],
      [{ requestExpiryTime: '2026-07-05T10:00' }, { requestExpiryTime: 'A request can stay open for at most 30 days.' }],
      [{ foodType: 'x'.repeat(81) }, { foodType: 'Say what food you need in at most 80 characters, for example "Rice and dal".' }],
      [{ foodType: 42 }, { foodType: 'Say what food you need in at most 80 characters, for example "Rice and dal".' }],
      [{ foodType: 'Rice\nand dal' }, { foodType: 'The food type cannot contain line breaks or other control characters.' }],
      [{ foodType: 'Rice\u0007' }, { foodType: 'The food type cannot contain line breaks or other control characters.' }],
      [{ paymentMethod: 'BITCOIN' }, { paymentMethod: 'Choose cash, UPI or card.' }],
      [{ offerPrice: -1 }, { offerPrice: 'Enter an offer in rupees from 0 to 1,00,000, with at most two decimals.' }],
      [{ offerPrice: 10.005 }, { offerPrice: 'Enter an offer in rupees from 0 to 1,00,000, with at most two decimals.' }],
      [{ offerPrice: 100_001 }, { offerPrice: 'Enter an offer in rupees from 0 to 1,00,000, with at most two decimals.' }],
      [{ message: 'x'.repeat(1001) }, { message: 'Message must be at most 1000 characters.' }],
      [{ foodDescription: 'x'.repeat(1001) }, { foodDescription: 'Food description must be at most 1000 characters.' }],
      [{ alternativeFood: 'x'.repeat(201) }, { alternativeFood: 'Alternative food must be at most 200 characters.' }],
    ];
    for (const [payload, fieldErrors] of cases) {
      const response = await post(ctx(), '/api/food-requests/create', user, foodNeed(payload));
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json(), JSON.stringify(payload)).toMatchObject({ code: 'VALIDATION_ERROR', fieldErrors });
    }
    const mine = await get(ctx(), '/api/food-requests/my', user);
    expect(mine.json()).toEqual([]);
  });

  it('refuses anonymous callers on every endpoint', async () => {
    const calls: Array<['GET' | 'POST', string]> = [
      ['POST', '/api/food-requests/create'],
      ['GET', '/api/food-requests/my'],
      ['GET', '/api/food-requests/open'],
      ['POST', '/api/food-requests/1/cancel'],
      ['POST', '/api/food-requests/1/fulfil'],
    ];
    for (const [method, url] of calls) {
      const response = await ctx().app.inject({ method, url, ...(method === 'POST' ? { payload: foodNeed() } : {}) });
      expect(response.statusCode, url).toBe(401);
    }
  });

  it('lets only the owner cancel or fulfil an open need, once', async () => {
    const owner = await createTestUser(ctx(), { role: 'RECEIVER', fullName: 'Owner' });
    const other = await createTestUser(ctx(), { role: 'DONOR', fullName: 'Other' });
    const create = async () => (await post(ctx(), '/api/food-requests/create', owner, foodNeed())).json<MyFoodRequest>();
    const first = await create();
    const second = await create();

    const stranger = await post(ctx(), `/api/food-requests/${first.id}/cancel`, other);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json()).toEqual(errorBody({ message: 'Only the person who posted this food request can change it.', code: 'FORBIDDEN' }));
    expect((await post(ctx(), `/api/food-requests/${first.id}/fulfil`, other)).statusCode).toBe(403);
    const missing = await post(ctx(), '/api/food-requests/999999/cancel', owner);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(errorBody({ message: 'Food request not found.', code: 'NOT_FOUND' }));
    expect((await post(ctx(), '/api/food-requests/abc/cancel', owner)).statusCode).toBe(400);

    const cancelled = await post(ctx(), `/api/food-requests/${first.id}/cancel`, owner);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ id: first.id, status: 'CANCELLED' });
    const fulfilled = await post(ctx(), `/api/food-requests/${second.id}/fulfil`, owner);
    expect(fulfilled.json()).toMatchObject({ id: second.id, status: 'FULFILLED' });

    for (const [id, action] of [
      [first.id, 'cancel'],
      [first.id, 'fulfil'],
      [second.id, 'cancel'],
      [second.id, 'fulfil'],
    ] as const) {
      const again = await post(ctx(), `/api/food-requests/${id}/${action}`, owner);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual(errorBody({ message: 'This food request is no longer open.', code: 'CONFLICT' }));
    }
  });

  it('lists my needs newest first with the status the clock gives, paged', async () => {
    const { clock } = ctx();
    const start = clock.now();
    const owner = await createTestUser(ctx(), { role: 'RECEIVER', fullName: 'Lister' });
    const ids: number[] = [];
    for (const [requestExpiryTime] of [['2026-06-01T13:00'], ['2026-06-01T22:00'], ['2026-06-01T22:00'], ['2026-06-01T22:00']]) {
      const created = await post(ctx(), '/api/food-requests/create', owner, foodNeed({ requestedTime: '2026-06-01T12:30', requestExpiryTime }));
      expect(created.statusCode, created.body).toBe(201);
      ids.push(created.json<MyFoodRequest>().id);
      clock.advance(60_000);
    }
    await post(ctx(), `/api/food-requests/${ids[1]}/fulfil`, owner);
    await post(ctx(), `/api/food-requests/${ids[2]}/cancel`, owner);
    // 13:00 India time has passed for the first need.
    clock.set(new Date(start.getTime() + 2 * HOUR));
    try {
      const expired = await post(ctx(), `/api/food-requests/${ids[0]}/cancel`, owner);
      expect(expired.statusCode).toBe(409);
      expect(expired.json()).toEqual(errorBody({ message: 'This food request has expired.', code: 'CONFLICT' }));

      const all = await get(ctx(), '/api/food-requests/my', owner);
      expect(all.headers['x-total-count']).toBe('4');
      expect(all.json<MyFoodRequest[]>().map((need) => [need.id, need.status])).toEqual([
        [ids[3], 'OPEN'],
        [ids[2], 'CANCELLED'],
        [ids[1], 'FULFILLED'],
        [ids[0], 'EXPIRED'],
      ]);
      const page2 = await get(ctx(), '/api/food-requests/my?page=2&pageSize=3', owner);
      expect(page2.json<MyFoodRequest[]>().map((need) => need.id)).toEqual([ids[0]]);
      expect(page2.headers['x-total-count']).toBe('4');
    } finally {
      clock.set(start);
    }
  });

  it('lists open needs to anyone signed in, newest first, filtered and paged, without contacts', async () => {
    const { clock } = ctx();
    const start = clock.now();
    // A later instant than every other test's needs, so this test's needs come first.
    clock.set('2026-06-01T08:00:00.000Z');
    try {
      const asker = await createTestUser(ctx(), { role: 'RECEIVER', fullName: 'Asker' });
      const viewer = await createTestUser(ctx(), { role: 'DONOR', fullName: 'Viewer' });
      const made: OpenFoodRequest[] = [];
      for (const location of ['Andheri East, Mumbai 400069', 'Bandra 50% Colony, Mumbai 400050', 'Kothrud, Pune 411038']) {
        const created = await post(
          ctx(),
          '/api/food-requests/create',
          asker,
          foodNeed({ location, requestedTime: '2026-06-01T14:00', requestExpiryTime: '2026-06-02T14:00' }),
        );
        made.push(created.json<OpenFoodRequest>());
        clock.advance(60_000);
      }
      const cancelled = await post(
        ctx(),
        '/api/food-requests/create',
        asker,
        foodNeed({ location: 'Andheri West, Mumbai 400058', requestExpiryTime: '2026-06-02T14:00' }),
      );
      await post(ctx(), `/api/food-requests/${cancelled.json<MyFoodRequest>().id}/cancel`, asker);

      const mumbai = await get(ctx(), '/api/food-requests/open?location=MUMBAI', viewer);
      expect(mumbai.statusCode).toBe(200);
      expect(mumbai.headers['x-total-count']).toBe('2');
      expect(mumbai.json<OpenFoodRequest[]>().map((need) => need.id)).toEqual([made[1]?.id, made[0]?.id]);
      const item = mumbai.json<Record<string, unknown>[]>()[0];
      expect(Object.keys(item ?? {}).sort()).toEqual([
        'alternativeFood',
        'createdAt',
        'diet',
        'foodDescription',
        'foodType',
        'id',
        'location',
        'message',
        'numberOfPeople',
        'offerPrice',
        'paymentMethod',
        'pinCode',
        'requestExpiryTime',
        'requestedTime',
        'requesterName',
        'status',
      ]);
      expect(mumbai.body).not.toContain('9876543210');
      expect(mumbai.body).not.toContain('chitra@example.in');
      expect(mumbai.body).not.toContain('18.5308');

      const byPin = await get(ctx(), '/api/food-requests/open?location=411038', viewer);
      expect(byPin.json<OpenFoodRequest[]>().map((need) => need.id)).toEqual([made[2]?.id]);
      // A 6-digit number matches the pin code exactly, not as a part of another number.
      expect((await get(ctx(), '/api/food-requests/open?location=400000', viewer)).json()).toEqual([]);
      // LIKE wildcards typed by a person match themselves.
      const literal = await get(ctx(), '/api/food-requests/open?location=50%25', viewer);
      expect(literal.json<OpenFoodRequest[]>().map((need) => need.id)).toEqual([made[1]?.id]);

      const firstPage = await get(ctx(), '/api/food-requests/open?pageSize=2', viewer);
      expect(firstPage.json<OpenFoodRequest[]>().map((need) => need.id)).toEqual([made[2]?.id, made[1]?.id]);

      // Past its expiry a need leaves the list without any sweep.
      clock.set('2026-06-02T08:31:00.000Z');
      const later = await createTestUser(ctx(), { role: 'DONOR', fullName: 'Later Viewer' });
      const after = await get(ctx(), '/api/food-requests/open?location=mumbai', later);
      expect(after.json()).toEqual([]);
      expect(after.headers['x-total-count']).toBe('0');

      for (const query of ['?page=0', '?pageSize=101', '?pageSize=abc', `?location=${'x'.repeat(301)}`]) {
        expect((await get(ctx(), `/api/food-requests/open${query}`, later)).statusCode, query).toBe(400);
      }
    } finally {
      clock.set(start);
    }
  });

  it('caps how many needs one account posts per hour', async () => {
    const user = await createTestUser(ctx(), { role: 'RECEIVER', fullName: 'Flooder' });
    for (let i = 0; i < 20; i += 1) {
      expect((await post(ctx(), '/api/food-requests/create', user, foodNeed())).statusCode).toBe(201);
    }
    const over = await post(ctx(), '/api/food-requests/create', user, foodNeed());
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
  });
});

describeEachDatabase('open food needs query plans', (ctx) => {
  it('reads open needs through an index, newest first, for every filter', async () => {
    const cases: Array<[Record<string, string>, RegExp]> = [
      [{}, /SEARCH food_requests USING (COVERING )?INDEX food_requests_open_(point_)?idx \(status=\?\)/],
      [{ location: 'andheri' }, /SEARCH food_requests USING (COVERING )?INDEX food_requests_open_(point_)?idx \(status=\?\)/],
      [{ location: '400058' }, /SEARCH food_requests USING INDEX food_requests_pin_code_idx \(pin_code=\? AND status=\?\)/],
    ];
    for (const [params, expected] of cases) {
      const { count, rows } = openFoodRequestsQueries(ctx().database.db, OpenFoodRequestsQuerySchema.parse(params), ctx().clock.now());
      if (ctx().dialect === 'postgres') {
        // An empty table is best read whole; with scans priced out the planner must still find an index that serves the filter.
        await ctx()
          .database.db.transaction()
          .execute(async (trx) => {
            await sql`set local enable_seqscan = off`.execute(trx);
            for (const query of [count, rows]) {
              const compiled = query.compile();
              const result = await trx.executeQuery<{ 'QUERY PLAN': string }>({ ...compiled, sql: `explain ${compiled.sql}` });
              const plan = result.rows.map((row) => row['QUERY PLAN']).join('\n');
              expect(plan, JSON.stringify(params)).toMatch(
                /(Index (Only )?Scan (Backward )?|Bitmap Index Scan )on food_requests_(open|pin_code|open_point)_idx|Index (Only )?Scan (Backward )?using food_requests_(open|pin_code|open_point)_idx/,
              );
              expect(plan).not.toMatch(/Seq Scan on food_requests/);
            }
          });
        continue;
      }
      for (const query of [count, rows]) {
        const compiled = query.compile();
        const result = await ctx().database.db.executeQuery<{ detail: string }>({ ...compiled, sql: `explain query plan ${compiled.sql}` });
        const plan = result.rows.map((row) => row.detail).join(' | ');
        expect(plan, JSON.stringify(params)).toMatch(expected);
        expect(plan).not.toMatch(/SCAN food_requests(?! USING)/);
      }
    }
  });
});

describeEachDatabase("a food need's public page", (ctx) => {
  it('shows anyone what is needed, for how many, by when and the district, and nothing that names or reaches the person', async () => {
    const user = await createTestUser(ctx(), { role: 'RECEIVER', fullName: 'Chitra Rao' });
    const created = await post(
      ctx(),
      '/api/food-requests/create',
      user,
      foodNeed({ numberOfPeople: '40', contactNumber: '98765 43210', email: 'chitra@example.in' }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<{ id: number }>();

    const response = await ctx().app.inject({ method: 'GET', url: `/api/food-requests/${id}/public` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    expect(response.json()).toEqual({
      id,
      pinCode: '411005',
      district: 'Pune',
      state: 'Maharashtra',
      foodType: 'PRECOOKED',
      alternativeFood: 'Bread and fruit',
      numberOfPeople: 40,
      foodDescription: 'Dinner, vegetarian',
      diet: null,
      requestExpiryTime: '2026-06-01T16:30:00.000Z',
      status: 'OPEN',
    });
    for (const secret of ['Chitra', '98765', 'chitra@example.in', 'Shivajinagar', 'night shelter']) expect(response.body).not.toContain(secret);
  });

  it('answers 404 for an unknown or hidden need and 400 for an id that is not one', async () => {
    const user = await createTestUser(ctx(), { role: 'RECEIVER', fullName: 'Hidden Need' });
    const created = await post(ctx(), '/api/food-requests/create', user, foodNeed());
    const { id } = created.json<{ id: number }>();
    await ctx().database.db.updateTable('food_requests').set({ hidden_status: 'OPEN', status: 'CANCELLED' }).where('id', '=', id).execute();

    const hidden = await ctx().app.inject({ method: 'GET', url: `/api/food-requests/${id}/public` });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual(errorBody({ message: 'Food request not found.', code: 'NOT_FOUND' }));
    expect((await ctx().app.inject({ method: 'GET', url: '/api/food-requests/99999999/public' })).statusCode).toBe(404);
    const bad = await ctx().app.inject({ method: 'GET', url: '/api/food-requests/abc/public' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ fieldErrors: { id: expect.any(String) } });
  });
});
