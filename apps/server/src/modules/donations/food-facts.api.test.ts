import type { Alert } from '@annadaan/contract/alerts';
import { BrowseQuerySchema, type BrowseDonation, type Donation } from '@annadaan/contract/donations';
import type { OpenFoodRequest } from '@annadaan/contract/food-requests';
import type { MapDonationsAnswer, MapFoodRequestsAnswer } from '@annadaan/contract/map';
import type { NotificationPage } from '@annadaan/contract/notifications';
import { expect, it } from 'vitest';
import { HOUR, MINUTE } from '../../lib/clock';
import { describeEachDatabase } from '../../../test/test-app';
import { baseDonation, donate, get, post } from '../../../test/test-handover';
import { foodNeed } from '../../../test/test-people';
import { type TestUser, createTestUser } from '../../../test/test-users';
import { queryPlan } from '../../../test/query-plan';
import { browseQueries } from './browse-queries';

/** What our own form sends for cooked food: every fact stated. */
const cookedFacts = {
  diet: 'VEG',
  jain: true,
  allergens: ['MILK', 'TREE_NUTS'],
  safetyChecklist: ['KEPT_COVERED', 'KEPT_HOT_OR_COLD', 'NO_PLATE_LEFTOVERS'],
} as const;

// The manual clock starts at 2026-06-01T06:30Z, 12:00 in India.
describeEachDatabase('what a donation says about the food', (ctx) => {
  let donors = 0;
  /** A fresh donor each time, so the hourly posting cap never decides a test. */
  const newDonor = () => createTestUser(ctx(), { role: 'DONOR', fullName: `Facts donor ${++donors}` });
  const iso = (offsetMs: number) => new Date(ctx().clock.now().getTime() + offsetMs).toISOString();

  it('stores and shows diet, Jain, allergens, cooking time and checklist; the 4 hours count from cooking', async () => {
    const donor = await newDonor();
    const preparedAt = iso(-90 * MINUTE);
    const response = await post(ctx(), '/api/donations', donor, { ...baseDonation, ...cookedFacts, preparedAt });
    expect(response.statusCode, response.body).toBe(201);
    const donation = response.json<Donation>();
    expect(donation).toMatchObject({
      diet: 'VEG',
      jain: true,
      allergens: ['MILK', 'TREE_NUTS'],
      preparedAt,
      safetyChecklist: ['KEPT_COVERED', 'KEPT_HOT_OR_COLD', 'NO_PLATE_LEFTOVERS'],
      // Cooked 90 minutes ago: listed for the 2.5 hours left of its 4, not 4 from now.
      expiresAt: iso(150 * MINUTE),
      countdownTime: 150 * 60,
    });
    // A receiver (anyone) reads the same facts on the detail page.
    const read = await get(ctx(), `/api/browse/donations/${donation.id}`);
    expect(read.json<Donation>()).toMatchObject({
      diet: 'VEG',
      jain: true,
      allergens: ['MILK', 'TREE_NUTS'],
      preparedAt,
      safetyChecklist: cookedFacts.safetyChecklist,
    });

    // "None known" is an explicit [] and reads back as [], not as not stated.
    const none = await donate(ctx(), donor, { ...cookedFacts, diet: 'NON_VEG', jain: false, allergens: [], preparedAt: iso(0) });
    expect(none).toMatchObject({ diet: 'NON_VEG', jain: false, allergens: [], expiresAt: iso(4 * HOUR) });
    // A cooking time given as India time without an offset, and an expiry before the 4 hours end.
    const local = await donate(ctx(), donor, { ...cookedFacts, preparedAt: '2026-06-01T11:00', expiryDateTime: '2026-06-01T13:00' });
    expect(local).toMatchObject({ preparedAt: '2026-06-01T05:30:00.000Z', expiresAt: '2026-06-01T07:30:00.000Z' });
  });

  it('keeps the earlier client working: cooked or raw food without the facts is listed as not stated', async () => {
    const donor = await newDonor();
    const cooked = await donate(ctx(), donor, {});
    expect(cooked).toMatchObject({ diet: null, jain: null, allergens: null, preparedAt: null, safetyChecklist: null, expiresAt: iso(4 * HOUR) });
    const raw = await donate(ctx(), donor, { foodType: 'RAW', expiryDateTime: '2026-06-04T10:00' });
    expect(raw).toMatchObject({ diet: null, allergens: null, preparedAt: null, safetyChecklist: null });
    // Raw food may state its diet and allergens alone; it has no cooking time or checklist.
    const rawVegan = await donate(ctx(), donor, { foodType: 'RAW', expiryDateTime: '2026-06-04T10:00', diet: 'VEGAN', allergens: ['SOYBEANS'] });
    expect(rawVegan).toMatchObject({ diet: 'VEGAN', jain: null, allergens: ['SOYBEANS'], preparedAt: null, safetyChecklist: null });
  });

  it('refuses partial, contradictory and unknown facts with 400 naming the field', async () => {
    const donor = await newDonor();
    const prepared = iso(-30 * MINUTE);
    const raw = { foodType: 'RAW', expiryDateTime: '2026-06-04T10:00' };
    const cases: Array<[Record<string, unknown>, string, string]> = [
      // Cooked food stating some facts must state them all.
      [{ diet: 'VEG' }, 'allergens', 'Tick the allergens the food contains, or "None known", for cooked food.'],
      [{ diet: 'VEG' }, 'preparedAt', 'Enter when the food was cooked, as a date and time.'],
      [{ diet: 'VEG' }, 'safetyChecklist', 'Confirm each point of the safety checklist for cooked food.'],
      [{ ...cookedFacts, diet: undefined, preparedAt: prepared }, 'diet', 'Choose Veg, Egg, Non-veg or Vegan for cooked food.'],
      [{ jain: false }, 'diet', 'Choose Veg, Egg, Non-veg or Vegan for cooked food.'],
      [
        { ...cookedFacts, preparedAt: prepared, safetyChecklist: ['KEPT_COVERED'] },
        'safetyChecklist',
        'Confirm each point of the safety checklist for cooked food.',
      ],
      [{ ...cookedFacts, preparedAt: prepared, safetyChecklist: ['KEPT_COVERED', 'WASHED'] }, 'safetyChecklist.1', 'Choose points from the safety checklist.'],
      [{ ...cookedFacts, preparedAt: prepared, diet: 'PESCATARIAN' }, 'diet', 'Choose Veg, Egg, Non-veg or Vegan.'],
      [
        { ...cookedFacts, preparedAt: prepared, allergens: ['MILK', 'MUSTARD'] },
        'allergens',
        'Allergens are any of GLUTEN, CRUSTACEANS, EGGS, FISH, PEANUTS, SOYBEANS, MILK, TREE_NUTS, SULPHITES.',
      ],
      [{ ...cookedFacts, preparedAt: prepared, allergens: ['MILK', 'MILK'] }, 'allergens', 'List each allergen once.'],
      [{ ...cookedFacts, preparedAt: prepared, allergens: 'MILK' }, 'allergens', 'Give the allergens as a list, [] for none known.'],
      // Contradictions.
      [{ ...cookedFacts, preparedAt: prepared, allergens: ['FISH'] }, 'allergens', 'Veg food cannot contain Fish.'],
      [{ ...cookedFacts, preparedAt: prepared, diet: 'VEGAN', jain: false, allergens: ['MILK'] }, 'allergens', 'Vegan food cannot contain Milk.'],
      [{ ...cookedFacts, preparedAt: prepared, diet: 'NON_VEG' }, 'jain', 'Jain food is vegetarian: choose Veg or Vegan, or untick Jain.'],
      // The cooking time.
      [{ ...cookedFacts, preparedAt: 'yesterday' }, 'preparedAt', 'Enter when the food was cooked, as a date and time.'],
      [{ ...cookedFacts, preparedAt: iso(5 * MINUTE) }, 'preparedAt', 'The cooking time cannot be in the future.'],
      [
        { ...cookedFacts, preparedAt: iso(-4 * HOUR) },
        'preparedAt',
        'Cooked food is listed for at most 4 hours after cooking; this food was cooked longer ago.',
      ],
      [{ ...cookedFacts, preparedAt: prepared, expiryDateTime: iso(-40 * MINUTE) }, 'preparedAt', 'The cooking time must be before the expiry.'],
      [{ ...raw, preparedAt: prepared }, 'preparedAt', 'Only cooked food has a cooking time.'],
      [{ ...raw, safetyChecklist: cookedFacts.safetyChecklist }, 'safetyChecklist', 'The safety checklist is for cooked food only.'],
    ];
    for (const [overrides, field, message] of cases) {
      const response = await post(ctx(), '/api/donations', donor, { ...baseDonation, ...overrides });
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json<{ fieldErrors: Record<string, string> }>().fieldErrors[field], JSON.stringify(overrides)).toBe(message);
    }
    expect((await get(ctx(), '/api/donations/my-donations', donor)).json()).toEqual([]);
  });

  it('filters browse and the new-donations count by diet ("Veg only" is VEG and VEGAN) and leaves out allergens, in the database', async () => {
    const donor = await newDonor();
    const here = { location: 'Aundh, Pune 411007', geolocation: '18.5590,73.8070' };
    const made = { preparedAt: iso(0), safetyChecklist: cookedFacts.safetyChecklist };
    const start = (await get(ctx(), '/api/browse/new-donations?location=411007')).json<{ newest: number }>().newest;
    const ids = {
      veg: (await donate(ctx(), donor, { ...here, ...made, foodName: 'Paneer thali', diet: 'VEG', allergens: ['MILK'] })).id,
      vegan: (await donate(ctx(), donor, { ...here, ...made, foodName: 'Chana masala', diet: 'VEGAN', allergens: [] })).id,
      egg: (await donate(ctx(), donor, { ...here, ...made, foodName: 'Egg curry', diet: 'EGG', allergens: ['EGGS'] })).id,
      fish: (await donate(ctx(), donor, { ...here, ...made, foodName: 'Fish fry', diet: 'NON_VEG', allergens: ['FISH', 'GLUTEN'] })).id,
      unstated: (await donate(ctx(), donor, { ...here, foodName: 'Mystery box' })).id,
    };
    const browse = async (query: string) => {
      const response = await get(ctx(), `/api/browse/donations?location=411007&sort=OLDEST${query}`);
      expect(response.statusCode, response.body).toBe(200);
      const names = response.json<BrowseDonation[]>().map((d) => Object.entries(ids).find(([, id]) => id === d.id)?.[0]);
      return { names, total: response.headers['x-total-count'] };
    };
    expect(await browse('')).toEqual({ names: ['veg', 'vegan', 'egg', 'fish', 'unstated'], total: '5' });
    expect(await browse('&diet=VEG,VEGAN')).toEqual({ names: ['veg', 'vegan'], total: '2' });
    expect(await browse('&diet=EGG&diet=NON_VEG')).toEqual({ names: ['egg', 'fish'], total: '2' });
    // Food that does not state its allergens is left out once any allergen is excluded.
    expect(await browse('&excludeAllergens=MILK')).toEqual({ names: ['vegan', 'egg', 'fish'], total: '3' });
    expect(await browse('&excludeAllergens=MILK,GLUTEN')).toEqual({ names: ['vegan', 'egg'], total: '2' });
    expect(await browse('&diet=VEG,VEGAN&excludeAllergens=MILK')).toEqual({ names: ['vegan'], total: '1' });
    // An empty filter is no filter; a wrong value names the parameter.
    expect(await browse('&diet=&excludeAllergens=')).toEqual({ names: ['veg', 'vegan', 'egg', 'fish', 'unstated'], total: '5' });
    for (const [query, field, message] of [
      ['&diet=VEG,MEAT', 'diet', 'Give diet as a comma-separated list of VEG, EGG, NON_VEG and VEGAN.'],
      [
        '&excludeAllergens=MUSTARD',
        'excludeAllergens',
        'Give excludeAllergens as a comma-separated list of GLUTEN, CRUSTACEANS, EGGS, FISH, PEANUTS, SOYBEANS, MILK, TREE_NUTS, SULPHITES.',
      ],
    ]) {
      const bad = await get(ctx(), `/api/browse/donations?location=411007${query}`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ code: 'VALIDATION_ERROR', fieldErrors: { [field as string]: message } });
    }
    const fresh = await get(ctx(), `/api/browse/new-donations?location=411007&since=${start}&diet=VEG,VEGAN&excludeAllergens=MILK`);
    expect(fresh.json()).toMatchObject({ count: 1 });
  });

  it('decides the food filters on donations_browse_food_ending_idx, in expiry order', async () => {
    const query = BrowseQuerySchema.parse({ diet: 'VEG,VEGAN', excludeAllergens: 'PEANUTS' });
    const { count, page } = browseQueries(ctx().database.db, query, ctx().clock.now());
    for (const built of [count, page]) {
      const plan = await queryPlan(ctx().database.db, ctx().dialect, built.compile());
      expect(plan).toContain('donations_browse_food_ending_idx');
      expect(plan).not.toMatch(/TEMP B-TREE|Sort Key/);
    }
  });

  it('filters the map by diet and allergens, and each point says its diet', async () => {
    const donor = await newDonor();
    const spot = { location: 'Kothrud, Pune 411038', geolocation: '18.5074,73.8077' };
    const made = { preparedAt: iso(0), safetyChecklist: cookedFacts.safetyChecklist };
    await donate(ctx(), donor, { ...spot, ...made, foodName: 'Map veg', diet: 'VEG', allergens: [] });
    await donate(ctx(), donor, { ...spot, ...made, foodName: 'Map egg', diet: 'EGG', allergens: ['EGGS'] });
    await donate(ctx(), donor, { ...spot, foodName: 'Map unstated' });
    const map = async (query: string) => {
      const response = await get(ctx(), `/api/map/donations?bbox=73.80,18.50,73.815,18.515&zoom=16${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<MapDonationsAnswer>().points.map((point) => [point.foodName, point.diet]);
    };
    expect(await map('')).toEqual(
      expect.arrayContaining([
        ['Map veg', 'VEG'],
        ['Map egg', 'EGG'],
        ['Map unstated', null],
      ]),
    );
    expect(await map('&diet=VEG,VEGAN')).toEqual([['Map veg', 'VEG']]);
    expect(await map('&excludeAllergens=EGGS')).toEqual([['Map veg', 'VEG']]);
    const clusters = await get(ctx(), '/api/map/donations?bbox=73.80,18.50,73.815,18.515&zoom=10&diet=EGG');
    expect(clusters.json<MapDonationsAnswer>().total).toBe(1);
  });

  it('food needs take an optional diet, show it and filter the list and the map by it', async () => {
    const receiver = await createTestUser(ctx(), { role: 'RECEIVER', fullName: 'Needs diet' });
    const where = { location: 'Hadapsar, Pune 411028', geolocation: '18.5089,73.9260' };
    const veg = await post(ctx(), '/api/food-requests/create', receiver, foodNeed({ ...where, diet: 'VEG' }));
    expect(veg.statusCode, veg.body).toBe(201);
    expect(veg.json()).toMatchObject({ diet: 'VEG' });
    const unstated = await post(ctx(), '/api/food-requests/create', receiver, foodNeed(where));
    expect(unstated.json()).toMatchObject({ diet: null });
    const bad = await post(ctx(), '/api/food-requests/create', receiver, foodNeed({ ...where, diet: 'HALAL' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ fieldErrors: { diet: 'Choose Veg, Egg, Non-veg or Vegan.' } });

    const list = async (query: string) =>
      (await get(ctx(), `/api/food-requests/open?location=411028${query}`, receiver)).json<OpenFoodRequest[]>().map((need) => need.diet);
    expect(await list('')).toEqual([null, 'VEG']);
    expect(await list('&diet=VEG,VEGAN')).toEqual(['VEG']);
    const onMap = await get(ctx(), '/api/map/food-requests?bbox=73.92,18.50,73.935,18.515&zoom=16&diet=VEG', receiver);
    expect(onMap.json<MapFoodRequestsAnswer>().points.map((point) => point.diet)).toEqual(['VEG']);
  });

  it('nearby-food alerts keep their diet and allergen filters and apply them when a donation is matched', async () => {
    const receivers: TestUser[] = [];
    const alerts: Alert[] = [];
    const point = { lat: 18.4575, lng: 73.8508 };
    for (const filter of [{}, { diet: ['VEG', 'VEGAN'] }, { excludeAllergens: ['PEANUTS'] }]) {
      const receiver = await createTestUser(ctx(), { role: 'RECEIVER', fullName: `Alert ${receivers.length}` });
      const saved = await ctx().app.inject({
        method: 'POST',
        url: '/api/alerts',
        headers: receiver.headers,
        payload: { ...point, radiusKm: 2, label: 'Katraj', ...filter },
      });
      expect(saved.statusCode, saved.body).toBe(201);
      receivers.push(receiver);
      alerts.push(saved.json<Alert>());
    }
    expect(alerts.map((alert) => [alert.diet, alert.excludeAllergens])).toEqual([
      [[], []],
      [['VEG', 'VEGAN'], []],
      [[], ['PEANUTS']],
    ]);
    const bad = await ctx().app.inject({
      method: 'POST',
      url: '/api/alerts',
      headers: receivers[0]?.headers ?? {},
      payload: { ...point, radiusKm: 2, diet: ['MEAT'] },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json<{ fieldErrors: object }>().fieldErrors)).toEqual(['diet.0']);

    const donor = await newDonor();
    const told = async () =>
      Promise.all(
        receivers.map(async (receiver) => {
          const page = (await get(ctx(), '/api/notifications', receiver)).json<NotificationPage>();
          return page.items.filter((item) => item.kind === 'NEARBY_DONATION').length;
        }),
      );
    const here = { location: 'Katraj, Pune 411046', geolocation: `${point.lat},${point.lng}` };
    // Egg curry with peanuts: only the alert without filters hears of it.
    await donate(ctx(), donor, {
      ...here,
      preparedAt: iso(0),
      safetyChecklist: cookedFacts.safetyChecklist,
      foodName: 'Egg curry',
      diet: 'EGG',
      allergens: ['EGGS', 'PEANUTS'],
    });
    await ctx().app.jobs.runDue();
    expect(await told()).toEqual([1, 0, 0]);
    // Past each alert's 10-minute window: a vegan, peanut-free meal reaches all three.
    ctx().clock.advance(11 * MINUTE);
    await donate(ctx(), donor, {
      ...here,
      preparedAt: iso(0),
      safetyChecklist: cookedFacts.safetyChecklist,
      foodName: 'Vegan pulao',
      diet: 'VEGAN',
      allergens: [],
    });
    await ctx().app.jobs.runDue();
    expect(await told()).toEqual([2, 1, 1]);
    // Not stated: neither the veg-only alert nor the one leaving out peanuts can be promised it fits.
    ctx().clock.advance(11 * MINUTE);
    await donate(ctx(), donor, { ...here, foodName: 'Unlabelled box' });
    await ctx().app.jobs.runDue();
    expect(await told()).toEqual([3, 1, 1]);
  });
});
