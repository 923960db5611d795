import { expect, it } from 'vitest';
import { FOOD_WASTE_SOURCES } from '@annadaan/contract/statistics';
import { describeEachDatabase } from '../../../test/test-app';
import { errorBody } from '../../../test/error-body';

const BASE = '/api/analytics/statistics';

describeEachDatabase('statistics routes', (ctx) => {
  const get = (url: string, headers: Record<string, string> = {}) => ctx().app.inject({ method: 'GET', url, headers });

  it('returns every year 2015-2025 for both regions by default with breakdowns in million tonnes', async () => {
    for (const region of ['India', 'Global']) {
      const response = await get(`${BASE}/yearly?region=${region}`);
      expect(response.statusCode).toBe(200);
      const rows = response.json();
      expect(rows.map((row: { year: number }) => row.year)).toEqual([2015, 2016, 2017, 2018, 2019, 2020, 2021, 2022, 2023, 2024, 2025]);
      for (const row of rows) {
        expect(row.foodWasteUnit).toBe('million tonnes');
        expect(Object.keys(row.foodWasteBreakdown)).toEqual([...FOOD_WASTE_SOURCES]);
        const sum = Object.values<number>(row.foodWasteBreakdown).reduce((a, b) => a + b, 0);
        expect(Math.abs(sum - row.foodWaste)).toBeLessThan(0.02);
        expect(row.hunger).toBeGreaterThan(0);
      }
    }
  });

  it('defaults to India, 2015 to 2025 and both data types', async () => {
    const response = await get(`${BASE}/yearly`);
    expect(response.json()[0]).toEqual({
      year: 2015,
      hunger: 194.6,
      foodWaste: 178.39,
      foodWasteUnit: 'million tonnes',
      foodWasteBreakdown: { Households: 68.76, 'Food Services': 29.49, Retail: 14.26, 'Post-Harvest & Agriculture': 65.88 },
      carriedForward: { hunger: false, foodWaste: false },
    });
  });

  it('says which years only repeat the last measured figure (issue 29)', async () => {
    const rows = (await get(`${BASE}/yearly?region=India&startYear=2020&endYear=2025`)).json() as {
      year: number;
      carriedForward: { hunger: boolean; foodWaste: boolean };
    }[];
    const carried = (measure: 'hunger' | 'foodWaste') => rows.filter((row) => row.carriedForward[measure]).map((row) => row.year);
    // Food waste: last published part in 2022, repeated for 2023-2025. Hunger: 2023 estimated from
    // a published prevalence (a new figure), repeated for 2024 and 2025.
    expect(carried('foodWaste')).toEqual([2023, 2024, 2025]);
    expect(carried('hunger')).toEqual([2024, 2025]);
    const world = (await get(`${BASE}/yearly?region=Global&startYear=2015&endYear=2025`)).json() as typeof rows;
    expect(world.filter((row) => row.carriedForward.hunger).map((row) => row.year)).toEqual([2025]);
    expect(world.filter((row) => row.carriedForward.foodWaste).map((row) => row.year)).toEqual([2023, 2024, 2025]);
  });

  it('nulls the fields outside the data type and honours the year range', async () => {
    const hunger = await get(`${BASE}/yearly?dataType=hunger&region=global&startYear=2024&endYear=2025`);
    expect(hunger.json()).toEqual([
      { year: 2024, hunger: 673, foodWaste: null, foodWasteUnit: null, foodWasteBreakdown: null, carriedForward: { hunger: false, foodWaste: false } },
      { year: 2025, hunger: 673, foodWaste: null, foodWasteUnit: null, foodWasteBreakdown: null, carriedForward: { hunger: true, foodWaste: false } },
    ]);
    const waste = await get(`${BASE}/yearly?dataType=foodWaste&region=Global&startYear=2015&endYear=2015`);
    expect(waste.json()).toEqual([
      {
        year: 2015,
        hunger: null,
        foodWaste: 2241,
        foodWasteUnit: 'million tonnes',
        foodWasteBreakdown: { Households: 569, 'Food Services': 244, Retail: 118, 'Post-Harvest & Agriculture': 1310 },
        carriedForward: { hunger: false, foodWaste: false },
      },
    ]);
  });

  it('summarises India 2015 with the formulas applied', async () => {
    const response = await get(`${BASE}/summary?region=india&year=2015`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      region: 'India',
      year: 2015,
      hunger: 194.6,
      foodWaste: 178.39,
      foodWasteUnit: 'million tonnes',
      // Consumer-level waste only (issue 11): 68.76 + 29.49 + 14.26 = 112.51 Mt;
      // 112,510,000 t x 2000 / 365 = 616,493,150.6..., under India's 1,450.94 million people.
      peopleFed: 616_493_150,
      population: 1450.94,
      dailyHungry: 194_600_000,
      enoughFood: true,
      shortBy: 0,
      coverage: 3.168,
      potentialImpactDays: 1833.4,
      cagrHunger: -1.32,
      cagrFoodWaste: 0.95,
      foodWasteSourceBreakdown: { Households: 38.54, 'Food Services': 16.53, Retail: 7.99, 'Post-Harvest & Agriculture': 36.93 },
    });
  });

  it('summarises Global 2025 and uses the latest year by default', async () => {
    const explicit = await get(`${BASE}/summary?region=GLOBAL&year=2025`);
    const byDefault = await get(`${BASE}/summary?region=Global`);
    expect(byDefault.json()).toEqual(explicit.json());
    expect(explicit.json()).toMatchObject({
      region: 'Global',
      year: 2025,
      hunger: 673,
      foodWaste: 2362,
      dailyHungry: 673_000_000,
      // 631 + 290 + 131 = 1052 Mt of consumer-level waste; the whole 2362 Mt gave 12.9 billion,
      // more people than the world has (issue 11).
      peopleFed: 5_764_383_561,
      population: 8161.97,
      enoughFood: true,
      shortBy: 0,
      cagrHunger: 1.55,
      cagrFoodWaste: 0.53,
    });
    const percents = Object.values<number>(explicit.json().foodWasteSourceBreakdown);
    expect(Math.abs(percents.reduce((a, b) => a + b, 0) - 100)).toBeLessThan(0.05);
    const india = await get(`${BASE}/summary`);
    expect(india.json()).toMatchObject({ region: 'India', year: 2025 });
  });

  it('compares daily hungry and people fed for both regions and edge years', async () => {
    const india2015 = await get(`${BASE}/daily-comparison?region=India&year=2015`);
    expect(india2015.json()).toEqual({
      region: 'India',
      year: 2015,
      dailyHungry: 194_600_000,
      peopleFed: 616_493_150,
      enoughFood: true,
      shortBy: 0,
      coverage: 3.168,
      population: 1450.94,
    });
    const global2025 = await get(`${BASE}/daily-comparison?region=global&year=2025`);
    expect(global2025.json()).toEqual({
      region: 'Global',
      year: 2025,
      dailyHungry: 673_000_000,
      peopleFed: 5_764_383_561,
      enoughFood: true,
      shortBy: 0,
      coverage: 8.5652,
      population: 8161.97,
    });
  });

  it('gives the pie data in million tonnes for both regions', async () => {
    const india = await get(`${BASE}/food-waste-sources?region=India&year=2024`);
    expect(india.json()).toEqual({
      region: 'India',
      year: 2024,
      totalFoodWaste: 196.08,
      unit: 'million tonnes',
      sourceBreakdown: { Households: 78.1, 'Food Services': 35.89, Retail: 16.21, 'Post-Harvest & Agriculture': 65.88 },
    });
    const global = await get(`${BASE}/food-waste-sources?region=Global&year=2015`);
    expect(global.json()).toMatchObject({ region: 'Global', year: 2015, totalFoodWaste: 2241 });
  });

  it('computes growth rates, 0 over a single year, defaults 2015 to 2025', async () => {
    expect((await get(`${BASE}/growth-rate?type=hunger&region=Global`)).json()).toEqual({
      type: 'hunger',
      region: 'Global',
      startYear: 2015,
      endYear: 2025,
      cagr: 1.55,
    });
    expect((await get(`${BASE}/growth-rate?type=foodWaste&region=India&startYear=2019&endYear=2022`)).json()).toEqual({
      type: 'foodWaste',
      region: 'India',
      startYear: 2019,
      endYear: 2022,
      // (196.08 / 178.39)^(1/3) - 1
      cagr: 3.2,
    });
    expect((await get(`${BASE}/growth-rate?type=hunger&region=India&startYear=2025&endYear=2025`)).json().cagr).toBe(0);
  });

  it('rejects a bad region with a message that says what is allowed', async () => {
    const response = await get(`${BASE}/summary?region=Mars&year=2020`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(
      errorBody({
        message: 'Region must be India or Global.',
        code: 'VALIDATION_ERROR',
        fieldErrors: { region: 'Region must be India or Global.' },
      }),
    );
  });

  it('rejects years out of range and non-numbers', async () => {
    const message = 'Year must be a whole number from 2015 to 2025.';
    const range = { min: '2015', max: '2025' };
    const yearRange = { code: 'YEAR_RANGE' as const, params: range };
    for (const url of [
      `${BASE}/summary?year=2014`,
      `${BASE}/daily-comparison?year=2026`,
      `${BASE}/food-waste-sources?year=abc`,
      `${BASE}/summary?year=2020.5`,
      `${BASE}/summary?year=99999999999999999999`,
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual(
        errorBody({ message, code: 'VALIDATION_ERROR', messageCode: 'YEAR_RANGE', fieldErrors: { year: message } }, range, { year: yearRange }),
      );
    }
    const yearly = await get(`${BASE}/yearly?startYear=twenty`);
    expect(yearly.json()).toEqual(
      errorBody({ message, code: 'VALIDATION_ERROR', messageCode: 'YEAR_RANGE', fieldErrors: { startYear: message } }, range, { startYear: yearRange }),
    );
  });

  it('rejects a start year after the end year', async () => {
    for (const url of [`${BASE}/yearly?startYear=2021&endYear=2020`, `${BASE}/growth-rate?type=hunger&startYear=2025&endYear=2015`]) {
      const response = await get(url);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(
        errorBody({
          message: 'The start year must not be after the end year.',
          code: 'VALIDATION_ERROR',
          fieldErrors: { endYear: 'The start year must not be after the end year.' },
        }),
      );
    }
  });

  it('rejects an unknown data type or growth type, and a missing growth type', async () => {
    expect((await get(`${BASE}/yearly?dataType=calories`)).json()).toMatchObject({
      message: 'Data type must be both, hunger or foodWaste.',
      fieldErrors: { dataType: 'Data type must be both, hunger or foodWaste.' },
    });
    for (const url of [`${BASE}/growth-rate?type=people`, `${BASE}/growth-rate`]) {
      const response = await get(url);
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors).toEqual({ type: 'Type must be hunger or foodWaste.' });
    }
  });

  it('rejects a repeated parameter instead of picking one', async () => {
    const response = await get(`${BASE}/summary?region=India&region=Global`);
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({ region: 'Region must be India or Global.' });
  });

  it('sends public cache headers and an ETag, and 304 when the client has this version', async () => {
    const urls = [
      `${BASE}/yearly`,
      `${BASE}/summary?region=Global&year=2020`,
      `${BASE}/daily-comparison`,
      `${BASE}/food-waste-sources`,
      `${BASE}/growth-rate?type=hunger`,
      '/api/analytics/public/provenance',
    ];
    for (const url of urls) {
      const first = await get(url);
      expect(first.statusCode, url).toBe(200);
      expect(first.headers['cache-control'], url).toBe('public, max-age=3600');
      const etag = String(first.headers.etag);
      expect(etag, url).toMatch(/^"[\w-]+"$/);

      const again = await get(url, { 'if-none-match': etag });
      expect(again.statusCode, url).toBe(304);
      expect(again.body, url).toBe('');
      expect(again.headers.etag, url).toBe(etag);
      expect(again.headers['cache-control'], url).toBe('public, max-age=3600');

      const weakInList = await get(url, { 'if-none-match': `"other", W/${etag}` });
      expect(weakInList.statusCode, url).toBe(304);

      const stale = await get(url, { 'if-none-match': '"stale"' });
      expect(stale.statusCode, url).toBe(200);
      expect(stale.json(), url).toEqual(first.json());
    }
  });

  it('gives different ETags to different answers and none to errors', async () => {
    const india = await get(`${BASE}/summary?region=India`);
    const global = await get(`${BASE}/summary?region=Global`);
    expect(india.headers.etag).not.toBe(global.headers.etag);
    const bad = await get(`${BASE}/summary?region=Mars`);
    expect(bad.headers.etag).toBeUndefined();
    expect(bad.headers['cache-control']).toBe('no-store');
  });

  it('publishes the provenance table and the formulas from the data file', async () => {
    const response = await get('/api/analytics/public/provenance');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.version).toMatch(/\S/);
    expect(body.rows).toHaveLength(2 * 11 * 6);
    expect(body.formulas.map((formula: { id: string }) => formula.id)).toContain('peopleFed');
    const ids = new Set(body.sources.map((source: { id: string }) => source.id));
    for (const row of body.rows) {
      expect(ids.has(row.sourceId)).toBe(true);
      expect(['published', 'estimated']).toContain(row.status);
    }
    expect(body.rows).toContainEqual(
      expect.objectContaining({ region: 'Global', year: 2024, measure: 'hunger', value: 673, status: 'published', sourceId: 'fao-sofi-2025' }),
    );
    expect(body.rows).toContainEqual(
      expect.objectContaining({ region: 'India', year: 2025, measure: 'Households', status: 'estimated', method: expect.stringMatching(/Carried forward/) }),
    );
  });

  it('needs no sign-in', async () => {
    const response = await get(`${BASE}/summary`, { authorization: 'Bearer not-a-real-token' });
    expect(response.statusCode).toBe(200);
  });
});
