import { sql } from 'kysely';
import { snapToGrid } from '@annadaan/contract/area';
import type { BrowseDonation } from '@annadaan/contract/donations';
import { haversineKm, roundDistanceKm } from '@annadaan/contract/distance';
import type { OpenFoodRequest } from '@annadaan/contract/food-requests';
import type { PinCodePlace } from '@annadaan/contract/geo';
import { MAP_FEATURES_MAX, type MapDonationsAnswer, type MapFoodRequestsAnswer } from '@annadaan/contract/map';
import { beforeAll, describe, expect, it } from 'vitest';
import { MINUTE } from '../../lib/clock';
import { describeEachDatabase } from '../../../test/test-app';
import { donate, get, post } from '../../../test/test-handover';
import { foodNeed } from '../../../test/test-people';
import { type TestUser, createTestUser } from '../../../test/test-users';
import { browseQueries } from '../donations/browse-queries';
import { openFoodRequestsQueries } from '../food-needs/food-needs-repository';
import { rebuildMapCells } from './map-cells';
import { donationLayer, pointsQuery } from './map-repository';
import { BrowseQuerySchema, browseTotalCap } from '@annadaan/contract/donations';
import { MapQuerySchema } from '@annadaan/contract/map';
import { OpenFoodRequestsQuerySchema } from '@annadaan/contract/food-requests';
import { queryPlan } from '../../../test/query-plan';

/** Known places: Connaught Place, India Gate, Pune station, Mumbai CSMT. */
const CONNAUGHT_PLACE = { lat: 28.6315, lng: 77.2167 };
const INDIA_GATE = { lat: 28.6129, lng: 77.2295 };
const PUNE = { lat: 18.5285, lng: 73.8742 };
const MUMBAI = { lat: 18.9398, lng: 72.8355 };

const publicPoint = (p: { lat: number; lng: number }) => ({ lat: snapToGrid(p.lat), lng: snapToGrid(p.lng) });
const expectedKm = (from: { lat: number; lng: number }, exact: { lat: number; lng: number }) => roundDistanceKm(haversineKm(from, publicPoint(exact)));

describe('distance helpers', () => {
  it('give the known distances: Pune to Mumbai about 120 km, Connaught Place to India Gate about 2.4 km', () => {
    expect(haversineKm(PUNE, MUMBAI)).toBeGreaterThan(115);
    expect(haversineKm(PUNE, MUMBAI)).toBeLessThan(125);
    expect(roundDistanceKm(haversineKm(CONNAUGHT_PLACE, INDIA_GATE))).toBe(2.4);
  });
});

describeEachDatabase('near me: distance and radius on browse', (ctx) => {
  let donor: TestUser;
  const ids: Record<string, number> = {};
  const at = (p: { lat: number; lng: number }) => `${p.lat},${p.lng}`;

  beforeAll(async () => {
    donor = await createTestUser(ctx(), { fullName: 'Near donor' });
    const plan: Array<[string, Parameters<typeof donate>[2]]> = [
      ['india-gate', { foodName: 'Chole bhature', location: 'Flat 3, Rajpath Lane, India Gate, New Delhi 110001', geolocation: at(INDIA_GATE) }],
      ['pune', { foodName: 'Misal pav', location: 'Station Road, Pune 411001', geolocation: at(PUNE) }],
      ['mumbai', { foodName: 'Vada pav', location: 'Fort, Mumbai 400001', geolocation: at(MUMBAI) }],
      // Same grid cell as india-gate, later expiry: a tie on distance that falls to expiry.
      [
        'india-gate-late',
        { foodName: 'Rajma', foodType: 'RAW', expiryDateTime: '2026-06-03T10:00', location: 'India Gate, New Delhi 110001', geolocation: '28.6131,77.2297' },
      ],
      ['no-point', { foodName: 'Poha', location: 'Camp, Pune 411001', geolocation: '' }],
    ];
    for (const [key, overrides] of plan) {
      ids[key] = (await donate(ctx(), donor, overrides)).id;
      ctx().clock.advance(MINUTE);
    }
  });

  async function browse(query: string) {
    const response = await get(ctx(), `/api/browse/donations${query}`);
    expect(response.statusCode, response.body).toBe(200);
    const items = response.json<BrowseDonation[]>();
    return { keys: items.map((d) => Object.keys(ids).find((key) => ids[key] === d.id)), items, total: response.headers['x-total-count'], body: response.body };
  }

  it('adds distanceKm to the public point, one decimal, whenever lat and lng are given; none without them', async () => {
    const { items } = await browse(`?lat=${CONNAUGHT_PLACE.lat}&lng=${CONNAUGHT_PLACE.lng}&sort=NEAREST`);
    const byId = new Map(items.map((d) => [d.id, d.distanceKm]));
    expect(byId.get(ids['india-gate'] as number)).toBe(expectedKm(CONNAUGHT_PLACE, INDIA_GATE));
    expect(byId.get(ids['india-gate'] as number)).toBe(2.4);
    expect(byId.get(ids.pune as number)).toBe(expectedKm(CONNAUGHT_PLACE, PUNE));
    expect(byId.get(ids['no-point'] as number)).toBeNull();

    const fromPune = await browse(`?lat=${PUNE.lat}&lng=${PUNE.lng}&sort=NEAREST`);
    const mumbai = fromPune.items.find((d) => d.id === ids.mumbai);
    expect(mumbai?.distanceKm).toBe(expectedKm(PUNE, MUMBAI));
    expect(mumbai?.distanceKm).toBeGreaterThan(115);
    expect(mumbai?.distanceKm).toBeLessThan(125);

    const plain = await browse('');
    expect(plain.items.every((d) => !('distanceKm' in d))).toBe(true);
  });

  it('orders NEAREST by the distance shown, ties by expiry, items without a position last', async () => {
    const { keys, items } = await browse(`?lat=${CONNAUGHT_PLACE.lat}&lng=${CONNAUGHT_PLACE.lng}&sort=NEAREST`);
    // From Delhi, Mumbai (about 1,150 km) is nearer than Pune (about 1,170 km).
    expect(keys).toEqual(['india-gate', 'india-gate-late', 'mumbai', 'pune', 'no-point']);
    expect(items[0]?.distanceKm).toBe(items[1]?.distanceKm);
  });

  it('keeps an item exactly on the radius and drops one just beyond it', async () => {
    const exact = haversineKm(CONNAUGHT_PLACE, publicPoint(INDIA_GATE));
    const on = await browse(`?lat=${CONNAUGHT_PLACE.lat}&lng=${CONNAUGHT_PLACE.lng}&radiusKm=${exact}&sort=NEAREST`);
    expect(on.keys).toEqual(['india-gate', 'india-gate-late']);
    expect(on.total).toBe('2');
    const beyond = await browse(`?lat=${CONNAUGHT_PLACE.lat}&lng=${CONNAUGHT_PLACE.lng}&radiusKm=${exact - 0.01}`);
    expect(beyond.keys).toEqual([]);
    expect(beyond.total).toBe('0');
    const pune = await browse(`?lat=${PUNE.lat}&lng=${PUNE.lng}&radiusKm=50`);
    expect(pune.keys).toEqual(['pune']);
    const both = await browse(`?lat=${PUNE.lat}&lng=${PUNE.lng}&radiusKm=50&location=411001`);
    expect(both.keys).toEqual(['pune']);
  });

  it('never shows the exact point or the street address in a near-me answer', async () => {
    const { body, items } = await browse(`?lat=${CONNAUGHT_PLACE.lat}&lng=${CONNAUGHT_PLACE.lng}&radiusKm=5`);
    expect(body).not.toContain(String(INDIA_GATE.lat));
    expect(body).not.toContain('28.6131');
    expect(body).not.toContain('Rajpath Lane');
    for (const item of items) {
      expect(item.pickupAddress).toBeNull();
      const [lat, lng] = item.geolocation.split(',').map(Number);
      expect({ lat, lng }).toEqual(publicPoint({ lat: lat as number, lng: lng as number }));
    }
  });

  it.each([
    ['?lat=28.6&lng=77.2&radiusKm=60', 'radiusKm'],
    ['?lat=28.6&lng=77.2&radiusKm=0.2', 'radiusKm'],
    ['?lat=28.6&lng=77.2&radiusKm=near', 'radiusKm'],
    ['?radiusKm=5', 'lat'],
    ['?lat=28.6&radiusKm=5', 'lng'],
    ['?lat=91&lng=77.2', 'lat'],
    ['?lat=28.6&lng=abc', 'lng'],
    ['?sort=NEAREST', 'lat'],
  ])('refuses %s with 400 naming %s', async (query, field) => {
    const response = await get(ctx(), `/api/browse/donations${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(response.json().fieldErrors).toHaveProperty(field);
  });
});

describeEachDatabase('the map', (ctx) => {
  let donor: TestUser;
  let receiver: TestUser;

  /** Listed donations written straight to the table (the hourly posting limit would take days), each at its own point. */
  async function insertDonations(points: Array<{ lat: number; lng: number }>, overrides: Record<string, unknown> = {}) {
    const now = ctx().clock.now();
    const rows = points.map((p, i) => ({
      donor_id: donor.id,
      food_name: `Map meal ${i}`,
      description: 'Packed.',
      quantity: '1 plate',
      expiry_date_time: null,
      expires_at: new Date(now.getTime() + (60 + i) * MINUTE).toISOString(),
      free: 1,
      price_paise: 0,
      location: 'Secret Lane 9, Andheri, Mumbai 400053',
      pin_code: '400053',
      latitude: p.lat,
      longitude: p.lng,
      area: 'Andheri, Mumbai 400053',
      public_latitude: snapToGrid(p.lat),
      public_longitude: snapToGrid(p.lng),
      delivery_type: 'SELF_PICKUP',
      food_type: 'PRECOOKED',
      refrigeration_available: 0,
      image_url: null,
      status: 'AVAILABLE',
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
      ...overrides,
    }));
    for (let start = 0; start < rows.length; start += 200) {
      await ctx()
        .database.db.insertInto('donations')
        .values(rows.slice(start, start + 200))
        .execute();
    }
    // Written past the repository, so counted for the map the way the bench's bulk seed is.
    await rebuildMapCells(ctx().database.db, now);
  }

  beforeAll(async () => {
    donor = await createTestUser(ctx(), { fullName: 'Map donor' });
    receiver = await createTestUser(ctx(), { role: 'RECEIVER', fullName: 'Map receiver' });
    // 520 listed donations around Andheri, on a 26 x 20 lattice 0.002° apart (several share a grid cell).
    const lattice = Array.from({ length: 520 }, (_, i) => ({ lat: 19.1 + Math.floor(i / 26) * 0.002 + 0.0003, lng: 72.84 + (i % 26) * 0.002 + 0.0003 }));
    await insertDonations(lattice);
    // Not listed: withdrawn, and expired before the sweep ran. Neither may count.
    await insertDonations([{ lat: 19.12, lng: 72.86 }], { status: 'CANCELLED' });
    await insertDonations([{ lat: 19.12, lng: 72.86 }], { expires_at: new Date(ctx().clock.now().getTime() - MINUTE).toISOString() });
  });

  async function map<T = MapDonationsAnswer>(query: string, user?: TestUser) {
    const response = await get(ctx(), `/api/map/${query}`, user);
    expect(response.statusCode, response.body).toBe(200);
    return { answer: response.json<T>(), body: response.body };
  }

  it('clusters at low zoom on a grid counted in the database, the counts adding up to every listed donation in the bbox', async () => {
    const { answer } = await map('donations?bbox=72.7,18.9,73.1,19.3&zoom=10');
    expect(answer.kind).toBe('clusters');
    expect(answer.points).toEqual([]);
    expect(answer.clusters.length).toBeGreaterThan(1);
    expect(answer.clusters.length).toBeLessThanOrEqual(MAP_FEATURES_MAX);
    expect(answer.clusters.reduce((sum, c) => sum + c.count, 0)).toBe(520);
    expect(answer).toMatchObject({ total: 520, truncated: false });

    // A smaller box holds fewer: each count is of donations inside it only.
    const part = await map('donations?bbox=72.84,19.1,72.86,19.12&zoom=12');
    const inside = Array.from({ length: 520 }, (_, i) => ({ lat: 19.1 + Math.floor(i / 26) * 0.002 + 0.0003, lng: 72.84 + (i % 26) * 0.002 + 0.0003 }))
      .map(publicPoint)
      .filter((p) => p.lat >= 19.1 && p.lat <= 19.12 && p.lng >= 72.84 && p.lng <= 72.86).length;
    expect(part.answer.clusters.reduce((sum, c) => sum + c.count, 0)).toBe(inside);
    expect(part.answer.total).toBe(inside);
  });

  it('gives the same NEAREST pages in a dense area as the whole radius would (rings first, then the circle)', async () => {
    const from = { lat: 19.1201, lng: 72.8633 };
    const lattice = Array.from({ length: 520 }, (_, i) => ({
      i,
      ...publicPoint({ lat: 19.1 + Math.floor(i / 26) * 0.002 + 0.0003, lng: 72.84 + (i % 26) * 0.002 + 0.0003 }),
    }));
    const expected = lattice
      .map((p) => ({ name: `Map meal ${p.i}`, km: roundDistanceKm(haversineKm(from, p)), i: p.i }))
      .filter((p) => haversineKm(from, lattice[p.i] as { lat: number; lng: number }) <= 5)
      .sort((a, b) => a.km - b.km || a.i - b.i);
    for (const [page, pageSize] of [
      [1, 7],
      [2, 7],
      [3, 50],
    ] as const) {
      const response = await get(ctx(), `/api/browse/donations?lat=${from.lat}&lng=${from.lng}&radiusKm=5&sort=NEAREST&page=${page}&pageSize=${pageSize}`);
      expect(response.statusCode, response.body).toBe(200);
      const got = response.json<BrowseDonation[]>().map((d) => [d.foodName, d.distanceKm]);
      expect(got).toEqual(expected.slice((page - 1) * pageSize, page * pageSize).map((p) => [p.name, p.km]));
      // Counted up to a hundred past the page (decision 038).
      expect(response.headers['x-total-count']).toBe(String(Math.min(expected.length, browseTotalCap({ page, pageSize }))));
    }
  });

  it('gives public points at high zoom, at most 500, in expiry order, and says when it cut', async () => {
    const { answer, body } = await map('donations?bbox=72.83,19.09,72.9,19.15&zoom=16');
    expect(answer.kind).toBe('points');
    expect(answer.points).toHaveLength(MAP_FEATURES_MAX);
    expect(answer).toMatchObject({ total: 520, truncated: true, clusters: [] });
    expect(answer.points[0]).toEqual({
      id: expect.any(Number),
      lat: snapToGrid(19.1003),
      lng: snapToGrid(72.8403),
      foodName: 'Map meal 0',
      foodType: 'PRECOOKED',
      diet: null,
      expiresAt: expect.any(String),
      portions: null,
    });
    for (const point of answer.points) expect(point).toEqual({ ...point, ...publicPoint(point) });
    expect(body).not.toContain('19.1003');
    expect(body).not.toContain('Secret Lane');
    // One grid cell (centre 19.1025, 72.8425) holds 3 x 3 of the lattice's donations.
    const few = await map('donations?bbox=72.842,19.102,72.843,19.103&zoom=18');
    expect(few.answer).toMatchObject({ kind: 'points', total: 9, truncated: false });
  });

  it('runs the radius prefilter and the map points on donations_listed_point_idx', async () => {
    const query = BrowseQuerySchema.parse({ lat: '19.12', lng: '72.86', radiusKm: '5', sort: 'NEAREST' });
    const { count, page } = browseQueries(ctx().database.db, query, ctx().clock.now());
    const points = pointsQuery(donationLayer, MapQuerySchema.parse({ bbox: '72.84,19.1,72.86,19.12', zoom: '15' }), ctx().clock.now());
    // With the 520 rows of this suite and 1,000 more in Delhi, outside every box here, analysed.
    await insertDonations(Array.from({ length: 1000 }, (_, i) => ({ lat: 28.5 + (i % 40) * 0.005, lng: 77.1 + Math.floor(i / 40) * 0.005 })));
    if (ctx().dialect === 'postgres') await sql`analyze donations`.execute(ctx().database.db);
    else await sql`analyze`.execute(ctx().database.db);
    const compiled = [count.compile(), page.compile(), points.compile(ctx().database.db)];
    for (const one of compiled) {
      const plan = await queryPlan(ctx().database.db, ctx().dialect, one);
      if (ctx().dialect === 'postgres') {
        expect(plan, one.sql).toMatch(/Index (Only )?Scan using donations_listed_point_idx|Bitmap Index Scan on donations_listed_point_idx/);
        expect(plan).not.toMatch(/Seq Scan on donations/);
      } else {
        expect(plan, one.sql).toMatch(
          /SEARCH donations USING (COVERING )?INDEX donations_listed_point_idx \(status=\? AND public_latitude>\? AND public_latitude<\?\)/,
        );
        expect(plan).not.toMatch(/SCAN donations(?! USING)/);
      }
    }
  });
  it.each([
    ['donations?bbox=60,5,100,38&zoom=5', 'bbox'],
    ['donations?bbox=72,18,73&zoom=5', 'bbox'],
    ['donations?bbox=73,18,72,19&zoom=5', 'bbox'],
    ['donations?bbox=a,b,c,d&zoom=5', 'bbox'],
    ['donations?zoom=5', 'bbox'],
    ['donations?bbox=72,18,73,19', 'zoom'],
    ['donations?bbox=72,18,73,19&zoom=30', 'zoom'],
  ])('refuses %s with 400 naming %s', async (query, field) => {
    const response = await get(ctx(), `/api/map/${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toHaveProperty(field);
  });

  it('shows open food needs to people signed in, on their public point (the pin code centroid when they gave no position)', async () => {
    const withPoint = await post(
      ctx(),
      '/api/food-requests/create',
      receiver,
      foodNeed({ location: 'Flat 2, Secret Road, Shivajinagar, Pune 411005', geolocation: '18.5308,73.8475' }),
    );
    expect(withPoint.statusCode, withPoint.body).toBe(201);
    const fromPin = await post(ctx(), '/api/food-requests/create', receiver, foodNeed({ location: 'Camp, Pune 411001', geolocation: '' }));
    expect(fromPin.statusCode, fromPin.body).toBe(201);
    expect((await get(ctx(), '/api/map/food-requests?bbox=73.7,18.4,74,18.7&zoom=15')).statusCode).toBe(401);

    const { answer, body } = await map<MapFoodRequestsAnswer>('food-requests?bbox=73.7,18.4,74,18.7&zoom=15', receiver);
    expect(answer.kind).toBe('points');
    const pin = (await get(ctx(), '/api/pincodes/411001')).json<PinCodePlace>();
    expect(answer.points.map(({ lat, lng }) => ({ lat, lng })).sort((a, b) => a.lat - b.lat)).toEqual(
      [publicPoint({ lat: 18.5308, lng: 73.8475 }), publicPoint(pin)].sort((a, b) => a.lat - b.lat),
    );
    expect(answer.points[0]).toMatchObject({ foodType: 'PRECOOKED', numberOfPeople: 12 });
    expect(body).not.toContain('18.5308');
    const clusters = await map<MapFoodRequestsAnswer>('food-requests?bbox=73.7,18.4,74,18.7&zoom=8', receiver);
    expect(clusters.answer.clusters.reduce((sum, c) => sum + c.count, 0)).toBe(2);

    // The list: distance, radius and NEAREST like browse.
    const from = publicPoint(pin);
    const list = await get(ctx(), `/api/food-requests/open?lat=${from.lat}&lng=${from.lng}&radiusKm=1&sort=NEAREST`, receiver);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<OpenFoodRequest[]>().map((n) => [n.id, n.distanceKm])).toEqual([[fromPin.json().id, 0]]);
    const all = await get(ctx(), `/api/food-requests/open?lat=${from.lat}&lng=${from.lng}&sort=NEAREST`, receiver);
    expect(all.json<OpenFoodRequest[]>().map((n) => n.distanceKm)).toEqual([0, expectedKm(from, { lat: 18.5308, lng: 73.8475 })]);
    expect(all.body).not.toContain('18.5308');
    const bad = await get(ctx(), '/api/food-requests/open?radiusKm=100&lat=18.5&lng=73.8', receiver);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toHaveProperty('radiusKm');

    const query = OpenFoodRequestsQuerySchema.parse({ lat: '18.5', lng: '73.8', radiusKm: '5', sort: 'NEAREST' });
    const { count, rows } = openFoodRequestsQueries(ctx().database.db, query, ctx().clock.now());
    for (const one of [count.compile(), rows.compile()]) {
      const plan = await queryPlan(ctx().database.db, ctx().dialect, one);
      expect(plan, one.sql).toMatch(
        ctx().dialect === 'postgres'
          ? /Index (Only )?Scan using food_requests_open_point_idx|Bitmap Index Scan on food_requests_open_point_idx/
          : /SEARCH food_requests USING (COVERING )?INDEX food_requests_open_point_idx/,
      );
    }
  });
});

describeEachDatabase('pin codes', (ctx) => {
  it('answers a pin code with its centroid, district and state, from the bundled table', async () => {
    const response = await get(ctx(), '/api/pincodes/411001');
    expect(response.statusCode, response.body).toBe(200);
    const place = response.json<PinCodePlace>();
    expect(place).toMatchObject({ pin: '411001', district: 'Pune', state: 'Maharashtra' });
    expect(haversineKm(place, PUNE)).toBeLessThan(5);
    const delhi = (await get(ctx(), '/api/pincodes/110001')).json<PinCodePlace>();
    expect(haversineKm(delhi, CONNAUGHT_PLACE)).toBeLessThan(3);
  });

  it.each([
    ['12345', 400],
    ['0110001', 400],
    ['011000', 400],
    ['41100a', 400],
    ['999999', 404],
  ])('answers %s with %i', async (pin, status) => {
    const response = await get(ctx(), `/api/pincodes/${pin}`);
    expect(response.statusCode).toBe(status);
    if (status === 400) expect(response.json().fieldErrors).toHaveProperty('pin');
  });
});
