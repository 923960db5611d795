import type { MonthlyDonations, MonthlyFoodRequests, UserSummary } from '@annadaan/contract/analytics';
import type { MyFoodRequest } from '@annadaan/contract/food-requests';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/test-app';
import { donate, get, post, requestDonation } from '../../../test/test-handover';
import { type Person, completeHandover, foodNeed, signInAgain, signUp } from '../../../test/test-people';
import { errorBody } from '../../../test/error-body';

/** The last 12 India-time months at the scenario's end (1 June 2026, 12:00 IST), oldest first. */
const MONTHS = ['2025-07', '2025-08', '2025-09', '2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06'];

function series<K extends string>(key: K, counts: Record<string, number>) {
  return MONTHS.map((month) => ({ month, [key]: counts[month] ?? 0 }));
}

function requestSeries(onDonations: Record<string, number>, needs: Record<string, number>): MonthlyFoodRequests {
  return MONTHS.map((month) => {
    const donationRequests = onDonations[month] ?? 0;
    const foodNeeds = needs[month] ?? 0;
    return { month, requests: donationRequests + foodNeeds, donationRequests, foodNeeds };
  });
}

/**
 * Two donors (Asha in Bengaluru, Bala in Mumbai), two receivers (Chitra, Dev). Every state is
 * reached through the API on the manual clock; the file has its own database, so the platform
 * figures are exactly this scenario's.
 */
describeEachDatabase('analytics scenario', (ctx) => {
  let asha: Person;
  let bala: Person;
  let chitra: Person;
  let dev: Person;
  let fresh: Person;

  const rate = async (by: Person, requestId: number, rating: number) => {
    const response = await post(ctx(), '/api/ratings/submit', by, { donationRequestId: requestId, rating });
    expect(response.statusCode, response.body).toBe(201);
  };
  const postNeed = async (by: Person, payload: Record<string, unknown>) => {
    const response = await post(ctx(), '/api/food-requests/create', by, foodNeed(payload));
    expect(response.statusCode, response.body).toBe(201);
    return response.json<MyFoodRequest>();
  };

  beforeAll(async () => {
    const { clock } = ctx();
    const at = async (instant: string) => {
      clock.set(instant);
      for (const person of [asha, bala, chitra, dev]) await signInAgain(ctx(), person);
    };
    clock.set('2025-12-20T06:30:00.000Z');
    asha = await signUp(ctx(), 'Asha Verma', 'DONOR', 'Koramangala, Bengaluru 560034');
    bala = await signUp(ctx(), 'Bala Iyer', 'DONOR', 'Andheri, Mumbai 400053');
    chitra = await signUp(ctx(), 'Chitra Rao', 'RECEIVER', 'Shivajinagar, Pune 411005');
    dev = await signUp(ctx(), 'Dev Singh', 'RECEIVER', 'Andheri, Mumbai 400058');

    // January: Asha's biryani goes to Chitra; they rate each other 5 and 4.
    await at('2026-01-10T04:30:00.000Z');
    const d1 = await donate(ctx(), asha);
    const r1 = await requestDonation(ctx(), chitra, d1.id);
    await completeHandover(ctx(), asha, chitra, r1.id);
    await rate(chitra, r1.id, 5);
    await rate(asha, r1.id, 4);

    // 31 Jan 20:00 UTC is 1 Feb 01:30 in India: this donation and request count for February.
    await at('2026-01-31T20:00:00.000Z');
    const d2 = await donate(ctx(), asha);
    const r2 = await requestDonation(ctx(), dev, d2.id);
    expect((await post(ctx(), `/api/requests/${r2.id}/reject`, asha)).statusCode).toBe(200);

    // February: Chitra posts a need that expires the next day.
    await at('2026-02-10T05:00:00.000Z');
    await postNeed(chitra, { requestedTime: '2026-02-10T18:00', requestExpiryTime: '2026-02-11T10:00' });

    // March: raw rice from Asha to Dev (Dev rates 4, Asha does not rate); Bala's food to Chitra (3 and 2).
    await at('2026-03-15T06:00:00.000Z');
    const d3 = await donate(ctx(), asha, { foodType: 'RAW', foodName: 'Rice', expiryDateTime: '2026-03-17T12:00' });
    const r3 = await requestDonation(ctx(), dev, d3.id);
    await completeHandover(ctx(), asha, dev, r3.id);
    await rate(dev, r3.id, 4);
    const d4 = await donate(ctx(), bala, { location: 'Andheri, Mumbai 400053' });
    const r4 = await requestDonation(ctx(), chitra, d4.id);
    await completeHandover(ctx(), bala, chitra, r4.id);
    await rate(chitra, r4.id, 3);
    await rate(bala, r4.id, 2);

    // April: Chitra requests and withdraws; Dev's request is still pending when the food expires.
    await at('2026-04-20T07:00:00.000Z');
    const d5 = await donate(ctx(), bala, { location: 'Andheri, Mumbai 400053' });
    const r5 = await requestDonation(ctx(), chitra, d5.id);
    expect((await post(ctx(), `/api/requests/${r5.id}/cancel`, chitra)).statusCode).toBe(200);
    await requestDonation(ctx(), dev, d5.id);

    // May: Chitra's need is met, Dev withdraws his.
    await at('2026-05-05T09:00:00.000Z');
    const met = await postNeed(chitra, { requestedTime: '2026-05-05T19:00', requestExpiryTime: '2026-05-06T19:00' });
    expect((await post(ctx(), `/api/food-requests/${met.id}/fulfil`, chitra)).statusCode).toBe(200);
    const withdrawn = await postNeed(dev, { fullName: 'Dev Singh', requestedTime: '2026-05-05T19:00', requestExpiryTime: '2026-05-06T19:00' });
    expect((await post(ctx(), `/api/food-requests/${withdrawn.id}/cancel`, dev)).statusCode).toBe(200);

    // June, the scenario's end: Bala's food awaits pickup by Chitra; Asha has one pending request
    // from Dev and one donation nobody asked for yet; Dev needs food tonight.
    await at('2026-06-01T06:30:00.000Z');
    const d6 = await donate(ctx(), bala, { location: 'Andheri, Mumbai 400053' });
    const r6 = await requestDonation(ctx(), chitra, d6.id);
    expect((await post(ctx(), `/api/requests/${r6.id}/accept`, bala)).statusCode).toBe(200);
    const d7 = await donate(ctx(), asha);
    await requestDonation(ctx(), dev, d7.id);
    await donate(ctx(), asha, { foodName: 'Idli' });
    await postNeed(dev, { fullName: 'Dev Singh', location: 'Andheri, Mumbai 400058' });

    fresh = await signUp(ctx(), 'Nia New', 'RECEIVER', 'Salt Lake, Kolkata 700091');
  });

  describe('summary', () => {
    it('counts each person exactly', async () => {
      const expected: Array<[() => Person, UserSummary]> = [
        [
          () => asha,
          {
            myDonations: 5,
            myFoodRequests: 0,
            myDonationRequests: 0,
            myFoodNeeds: 0,
            myRatingsGiven: 1,
            myRatingsReceived: 2,
            completedHandovers: 2,
            averageRatingReceived: 4.5,
          },
        ],
        [
          () => bala,
          {
            myDonations: 3,
            myFoodRequests: 0,
            myDonationRequests: 0,
            myFoodNeeds: 0,
            myRatingsGiven: 1,
            myRatingsReceived: 1,
            completedHandovers: 1,
            averageRatingReceived: 3,
          },
        ],
        [
          () => chitra,
          {
            myDonations: 0,
            myFoodRequests: 6,
            myDonationRequests: 4,
            myFoodNeeds: 2,
            myRatingsGiven: 2,
            myRatingsReceived: 2,
            completedHandovers: 2,
            averageRatingReceived: 3,
          },
        ],
        [
          () => dev,
          {
            myDonations: 0,
            myFoodRequests: 6,
            myDonationRequests: 4,
            myFoodNeeds: 2,
            myRatingsGiven: 1,
            myRatingsReceived: 0,
            completedHandovers: 1,
            averageRatingReceived: 0,
          },
        ],
        [
          () => fresh,
          {
            myDonations: 0,
            myFoodRequests: 0,
            myDonationRequests: 0,
            myFoodNeeds: 0,
            myRatingsGiven: 0,
            myRatingsReceived: 0,
            completedHandovers: 0,
            averageRatingReceived: 0,
          },
        ],
      ];
      for (const [who, summary] of expected) {
        const response = await get(ctx(), '/api/analytics/user/summary', who());
        expect(response.statusCode).toBe(200);
        expect(response.json(), who().fullName).toEqual(summary);
      }
    });
  });

  describe('monthly series', () => {
    it('gives donations per India-time month, zeros included', async () => {
      const cases: Array<[() => Person, MonthlyDonations]> = [
        [() => asha, series('donations', { '2026-01': 1, '2026-02': 1, '2026-03': 1, '2026-06': 2 }) as MonthlyDonations],
        [() => bala, series('donations', { '2026-03': 1, '2026-04': 1, '2026-06': 1 }) as MonthlyDonations],
        [() => chitra, series('donations', {}) as MonthlyDonations],
      ];
      for (const [who, expected] of cases) {
        const response = await get(ctx(), '/api/analytics/user/donations', who());
        expect(response.statusCode).toBe(200);
        expect(response.json(), who().fullName).toEqual(expected);
      }
    });

    it('gives requests for food per month, both kinds', async () => {
      const cases: Array<[() => Person, MonthlyFoodRequests]> = [
        [() => chitra, requestSeries({ '2026-01': 1, '2026-03': 1, '2026-04': 1, '2026-06': 1 }, { '2026-02': 1, '2026-05': 1 })],
        [() => dev, requestSeries({ '2026-02': 1, '2026-03': 1, '2026-04': 1, '2026-06': 1 }, { '2026-05': 1, '2026-06': 1 })],
        [() => asha, requestSeries({}, {})],
      ];
      for (const [who, expected] of cases) {
        const response = await get(ctx(), '/api/analytics/user/food-requests', who());
        expect(response.statusCode).toBe(200);
        expect(response.json(), who().fullName).toEqual(expected);
      }
    });

    it('drops months older than twelve as the clock moves on', async () => {
      const { clock } = ctx();
      const before = clock.now();
      // 1 Jan 2027 00:00 IST is 31 Dec 2026 18:30 UTC: the window is Jan 2026 to Jan 2027 in India.
      clock.set('2026-12-31T18:30:00.000Z');
      try {
        const later = { ...asha };
        await signInAgain(ctx(), later);
        const response = await get(ctx(), '/api/analytics/user/donations', later);
        const body = response.json<MonthlyDonations>();
        expect(body.map((row) => row.month)).toEqual([
          '2026-02',
          '2026-03',
          '2026-04',
          '2026-05',
          '2026-06',
          '2026-07',
          '2026-08',
          '2026-09',
          '2026-10',
          '2026-11',
          '2026-12',
          '2027-01',
        ]);
        expect(body.filter((row) => row.donations > 0)).toEqual([
          { month: '2026-02', donations: 1 },
          { month: '2026-03', donations: 1 },
          { month: '2026-06', donations: 2 },
        ]);
      } finally {
        clock.set(before);
      }
    });
  });

  describe('ratings', () => {
    it('gives the rating statistics of ratings received', async () => {
      const cases: Array<[() => Person, object]> = [
        [
          () => asha,
          { averageRating: 4.5, totalRatings: 2, fiveStarRatings: 1, fourStarRatings: 1, threeStarRatings: 0, twoStarRatings: 0, oneStarRatings: 0 },
        ],
        [() => bala, { averageRating: 3, totalRatings: 1, fiveStarRatings: 0, fourStarRatings: 0, threeStarRatings: 1, twoStarRatings: 0, oneStarRatings: 0 }],
        [
          () => chitra,
          { averageRating: 3, totalRatings: 2, fiveStarRatings: 0, fourStarRatings: 1, threeStarRatings: 0, twoStarRatings: 1, oneStarRatings: 0 },
        ],
        [() => dev, { averageRating: 0, totalRatings: 0, fiveStarRatings: 0, fourStarRatings: 0, threeStarRatings: 0, twoStarRatings: 0, oneStarRatings: 0 }],
      ];
      for (const [who, expected] of cases) {
        const response = await get(ctx(), '/api/ratings/statistics', who());
        expect(response.statusCode).toBe(200);
        expect(response.json(), who().fullName).toEqual(expected);
      }
    });

    it('gives ratings given and received per star value', async () => {
      const response = await get(ctx(), '/api/analytics/user/ratings', chitra);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        given: { count: 2, average: 4 },
        received: { count: 2, average: 3 },
        byStars: [
          { stars: 5, given: 1, received: 0 },
          { stars: 4, given: 0, received: 1 },
          { stars: 3, given: 1, received: 0 },
          { stars: 2, given: 0, received: 1 },
          { stars: 1, given: 0, received: 0 },
        ],
      });
      const newcomer = await get(ctx(), '/api/analytics/user/ratings', fresh);
      expect(newcomer.json()).toEqual({
        given: { count: 0, average: 0 },
        received: { count: 0, average: 0 },
        byStars: [5, 4, 3, 2, 1].map((stars) => ({ stars, given: 0, received: 0 })),
      });
    });
  });

  describe('public figures', () => {
    it('ranks top donors by completed handovers, with names and cities only', async () => {
      const ashaRow = { userId: asha.id, name: 'Asha Verma', donations: 2, location: 'Bengaluru', available: true };
      // Bala's only live donation is awaiting pickup, so nothing of his is listed right now.
      const balaRow = { userId: bala.id, name: 'Bala Iyer', donations: 1, location: 'Mumbai', available: false };
      const cases: Array<[string, object[]]> = [
        ['', [ashaRow, balaRow]],
        ['?location=mumbai', [balaRow]],
        ['?location=bengaluru', [ashaRow]],
        // The list shows and filters on the city only, so a pin code or street finds nobody.
        ['?location=560034', []],
        ['?location=koramangala', []],
        ['?available=true', [ashaRow]],
        ['?available=false', [balaRow]],
        ['?location=kolkata', []],
        ['?location=&available=', [ashaRow, balaRow]],
      ];
      for (const [query, expected] of cases) {
        const response = await ctx().app.inject({ method: 'GET', url: `/api/analytics/public/top-donors${query}` });
        expect(response.statusCode, query).toBe(200);
        expect(response.json(), query).toEqual(expected);
        expect(response.headers['cache-control']).toBe('public, max-age=60');
      }
      const bad = await ctx().app.inject({ method: 'GET', url: '/api/analytics/public/top-donors?available=maybe' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fieldErrors).toEqual({ available: 'available must be true or false.' });
    });

    it('reports the platform figures, cacheable briefly', async () => {
      const response = await ctx().app.inject({ method: 'GET', url: '/api/analytics/public/impact' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ completedHandovers: 3, donationsListed: 8, donors: 2, receiversServed: 2 });
      expect(response.headers['cache-control']).toBe('public, max-age=60');
      const etag = response.headers.etag;
      expect(typeof etag).toBe('string');
      const again = await ctx().app.inject({ method: 'GET', url: '/api/analytics/public/impact', headers: { 'if-none-match': String(etag) } });
      expect(again.statusCode).toBe(304);
    });
  });

  describe('food needs in the scenario', () => {
    it('shows each person their needs with the status the clock gives', async () => {
      const mine = await get(ctx(), '/api/food-requests/my', chitra);
      expect(mine.json<MyFoodRequest[]>().map((need) => need.status)).toEqual(['FULFILLED', 'EXPIRED']);
      const devs = await get(ctx(), '/api/food-requests/my', dev);
      expect(devs.json<MyFoodRequest[]>().map((need) => need.status)).toEqual(['OPEN', 'CANCELLED']);
      const open = await get(ctx(), '/api/food-requests/open', fresh);
      expect(open.headers['x-total-count']).toBe('1');
      expect(open.json()).toMatchObject([{ requesterName: 'Dev Singh', location: 'Andheri, Mumbai 400058', pinCode: '400058', status: 'OPEN' }]);
    });
  });

  describe('access', () => {
    it('refuses anonymous callers on every personal figure and keeps the public ones open', async () => {
      for (const url of [
        '/api/analytics/user/summary',
        '/api/analytics/user/donations',
        '/api/analytics/user/food-requests',
        '/api/analytics/user/ratings',
        '/api/ratings/statistics',
      ]) {
        const response = await ctx().app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(401);
        expect(response.json(), url).toEqual(errorBody({ message: 'Please sign in to continue.', code: 'UNAUTHORIZED' }));
      }
      for (const url of ['/api/analytics/public/top-donors', '/api/analytics/public/impact']) {
        expect((await ctx().app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
      }
    });

    it("never lets a user see another user's figures", async () => {
      // There is no user parameter to tamper with: whatever is added, the figures are the caller's own.
      for (const url of [
        `/api/analytics/user/summary?userId=${asha.id}`,
        `/api/analytics/user/summary?id=${asha.id}`,
        `/api/ratings/statistics?userId=${asha.id}`,
        `/api/analytics/user/donations?userId=${asha.id}`,
      ]) {
        const response = await get(ctx(), url, fresh);
        expect(response.statusCode, url).toBe(200);
        const body = response.json<Record<string, unknown>>();
        const values = Array.isArray(body)
          ? body.map((row: Record<string, unknown>) => Object.values(row).filter((v) => typeof v === 'number')).flat()
          : Object.values(body);
        expect(
          values.every((value) => value === 0),
          url,
        ).toBe(true);
      }
      for (const path of [`/api/analytics/user/${asha.id}/summary`, `/api/analytics/users/${asha.id}/summary`]) {
        expect((await get(ctx(), path, fresh)).statusCode, path).toBe(404);
      }
    });
  });
});
