import fs from 'node:fs';
import { expect, it } from 'vitest';
import { haversineKm } from '@annadaan/contract/distance';
import { describeEachDatabase } from '../../test/test-app';
import { findPinCode } from '../modules/geo/pin-codes';
import { demoSignInsFile, loadDemoData } from './demo-data';

/** A pin code's area in a city is a few km across: a point farther from its centre is in another place. */
const WITHIN_KM = 3;

describeEachDatabase('demo data', (ctx) => {
  it('loads donors, receivers, donations and requests in every status into an empty database, once', async () => {
    const { database, config, app } = ctx();
    const signIns = await loadDemoData(database, config, new Date());
    expect(signIns?.accounts.filter((a) => a.role === 'DONOR')).toHaveLength(4);
    // Four receivers and a volunteer who signed up as one.
    expect(signIns?.accounts.filter((a) => a.role === 'RECEIVER')).toHaveLength(5);
    const runs = await database.db.selectFrom('delivery_runs').select('status').execute();
    expect(runs).toEqual([{ status: 'OPEN' }]);
    expect(fs.readFileSync(demoSignInsFile(config), 'utf8')).toContain(signIns?.password);

    const requestStatuses = await database.db.selectFrom('donation_requests').select('status').distinct().execute();
    expect(requestStatuses.map((r) => r.status).sort()).toEqual(['AWAITING_PICKUP', 'CANCELLED', 'COMPLETED', 'PENDING', 'REJECTED']);
    const donationStatuses = await database.db.selectFrom('donations').select('status').distinct().execute();
    expect(donationStatuses.map((r) => r.status)).toEqual(expect.arrayContaining(['AVAILABLE', 'PENDING', 'COMPLETED', 'CANCELLED']));

    const needStatuses = await database.db.selectFrom('food_requests').select('status').distinct().execute();
    expect(needStatuses.map((r) => r.status).sort()).toEqual(['CANCELLED', 'FULFILLED', 'OPEN']);

    // Both food types are on offer to an anonymous visitor, and a demo account can sign in.
    const browse = await app.inject({ method: 'GET', url: '/api/browse/donations?pageSize=100' });
    const types = new Set((browse.json() as { foodType: string }[]).map((d) => d.foodType));
    expect(types).toEqual(new Set(['PRECOOKED', 'RAW']));
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: signIns?.accounts[0]?.email, password: signIns?.password },
    });
    expect(login.statusCode).toBe(200);

    expect(await loadDemoData(database, config, new Date())).toBeNull();
  });

  it("places every demo donation and food need inside its own pin code's area, so the distance filter finds them where their address says", async () => {
    const { database, config } = ctx();
    await loadDemoData(database, config, new Date());
    const donations = await database.db.selectFrom('donations').select(['food_name', 'location', 'pin_code', 'latitude', 'longitude']).execute();
    const needs = await database.db.selectFrom('food_requests').select(['location', 'pin_code', 'latitude', 'longitude']).execute();
    const places = [...donations.map((d) => ({ ...d, what: d.food_name })), ...needs.map((n) => ({ ...n, what: 'food need' }))];
    expect(donations.length).toBeGreaterThan(10);
    expect(needs).toHaveLength(4);
    const misplaced = places.flatMap((place) => {
      const area = findPinCode(place.pin_code);
      if (!area || place.latitude === null || place.longitude === null) return [`${place.what} at ${place.location}: no point or unknown pin code`];
      const km = haversineKm({ lat: Number(place.latitude), lng: Number(place.longitude) }, area);
      return km <= WITHIN_KM ? [] : [`${place.what} at ${place.location} is ${km.toFixed(1)} km from ${place.pin_code}`];
    });
    expect(misplaced).toEqual([]);
  });
});
