import type { TopDonor } from '@annadaan/contract/analytics';
import type { Donation } from '@annadaan/contract/donations';
import type { DonationRequest, PickupInfo } from '@annadaan/contract/requests';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/test-app';
import { type TestUser, createTestUser } from '../../../test/test-users';
import { acceptedScenario, donate, get, post, requestDonation, scenario } from '../../../test/test-handover';

const HOME = 'Flat 12, 34 Lane 5, Bandra West, Mumbai 400050';
const AREA = 'Bandra West, Mumbai 400050';
const EXACT = '19.059612,72.829543';
/** The centre of the 0.005° cell holding EXACT. */
const CELL = '19.0575,72.8275';

describeEachDatabase('location privacy: who sees the pickup address and exact point', (ctx) => {
  const detail = (id: number, viewer?: TestUser) => get(ctx(), `/api/browse/donations/${id}`, viewer);
  const place = (donation: Donation) => ({
    location: donation.location,
    pickupAddress: donation.pickupAddress,
    area: donation.area,
    geolocation: donation.geolocation,
  });
  const full = { location: HOME, pickupAddress: HOME, area: AREA, geolocation: EXACT };
  const publicOnly = { location: AREA, pickupAddress: null, area: AREA, geolocation: CELL };
  const seenBy = async (id: number, viewer?: TestUser) => {
    const response = await detail(id, viewer);
    expect(response.statusCode, response.body).toBe(200);
    return place(response.json<Donation>());
  };

  it('shows the area to everyone and the address to the donor and the receiver awaiting pickup, until the pickup', async () => {
    const { donor, receiver, stranger, donation, request, code } = await acceptedScenarioAt(HOME, EXACT);
    const pending = await createTestUser(ctx(), { role: 'RECEIVER', fullName: 'Pending Requester' });
    const admin = await createTestUser(ctx(), { role: 'ADMIN', fullName: 'Site Admin' });
    expect(place(donation)).toEqual(full);

    // A requester whose request is still pending (on a second listing of the same home) sees the area.
    const second = await donate(ctx(), donor, { location: HOME, geolocation: EXACT });
    const pendingRequest = await post(ctx(), `/api/requests/create/${second.id}`, pending, { paymentMethod: '' });
    expect(pendingRequest.statusCode, pendingRequest.body).toBe(201);
    expect(await seenBy(second.id, pending)).toEqual(publicOnly);

    expect(await seenBy(donation.id)).toEqual(publicOnly);
    expect(await seenBy(donation.id, stranger)).toEqual(publicOnly);
    expect(await seenBy(donation.id, admin)).toEqual(publicOnly);
    expect(await seenBy(donation.id, receiver)).toEqual(full);
    expect(await seenBy(donation.id, donor)).toEqual(full);

    const confirmed = await post(ctx(), `/api/requests/${request.id}/confirm-pickup`, donor, { pickupCode: code });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await seenBy(donation.id, receiver)).toEqual(publicOnly);
    expect(await seenBy(donation.id, donor)).toEqual(full);
    expect(await seenBy(donation.id)).toEqual(publicOnly);
  });

  it('never puts the street address or exact point in a public list or a filter', async () => {
    const donor = await createTestUser(ctx(), { fullName: 'Street Cook' });
    const donation = await donate(ctx(), donor, { location: HOME, geolocation: EXACT, foodName: 'Street privacy dal' });
    const listed = await get(ctx(), '/api/browse/donations?pageSize=100&foodName=Street%20privacy');
    expect(listed.body).not.toContain('Flat 12');
    expect(listed.body).not.toContain('19.059612');
    expect(listed.json<Donation[]>().map(place)).toEqual([publicOnly]);
    // A filter on the address would tell whether a house number is there.
    const probe = await get(ctx(), `/api/browse/donations?location=${encodeURIComponent('Lane 5')}&foodName=Street%20privacy`);
    expect(probe.json<Donation[]>()).toEqual([]);
    const byArea = await get(ctx(), `/api/browse/donations?location=${encodeURIComponent('bandra west')}&foodName=Street%20privacy`);
    expect(byArea.json<Donation[]>().map((d) => d.id)).toEqual([donation.id]);
    const mine = await get(ctx(), '/api/donations/my-donations', donor);
    expect(place(mine.json<Donation[]>().find((d) => d.id === donation.id) as Donation)).toEqual(full);
  });

  it('gives the receiver the address on the request only while it awaits pickup', async () => {
    const { donor, receiver, request, code } = await acceptedScenarioAt(HOME, EXACT);
    const sent = async () => (await get(ctx(), '/api/requests/my-sent-requests', receiver)).json<DonationRequest[]>().find((r) => r.id === request.id);
    const received = async () => (await get(ctx(), '/api/requests/my-received-requests', donor)).json<DonationRequest[]>().find((r) => r.id === request.id);
    expect((await sent())?.location).toBe(HOME);
    expect((await received())?.location).toBe(HOME);
    expect((await post(ctx(), `/api/requests/${request.id}/confirm-pickup`, donor, { pickupCode: code })).statusCode).toBe(200);
    expect((await sent())?.location).toBe(AREA);
    expect((await received())?.location).toBe(HOME);

    const open = await scenario(ctx(), 'pending view', { location: HOME, geolocation: EXACT });
    const pendingView = (await get(ctx(), '/api/requests/my-sent-requests', open.receiver)).json<DonationRequest[]>();
    expect(pendingView.find((r) => r.id === open.request.id)?.location).toBe(AREA);
  });

  it('ranks nearest on the public point only: two homes in one cell tie, whatever the reference point', async () => {
    const donor = await createTestUser(ctx(), { fullName: 'Oracle Target' });
    // Both in the cell 19.055-19.060 x 72.825-72.830, at opposite corners.
    const a = await donate(ctx(), donor, { foodName: 'Oracle probe', geolocation: '19.0551,72.8251' });
    const b = await donate(ctx(), donor, { foodName: 'Oracle probe', geolocation: '19.0599,72.8299' });
    const order = async (lat: number, lng: number) => {
      const response = await get(ctx(), `/api/browse/donations?sort=NEAREST&lat=${lat}&lng=${lng}&foodName=Oracle%20probe&pageSize=10`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<Donation[]>().map((d) => [d.id, d.geolocation]);
    };
    // From right beside a and right beside b: exact distances would swap the order; the public point cannot.
    const nearA = await order(19.0551, 72.8251);
    const nearB = await order(19.0599, 72.8299);
    expect(nearA).toEqual(nearB);
    expect(nearA).toEqual([
      [a.id, '19.0575,72.8275'],
      [b.id, '19.0575,72.8275'],
    ]);
    const stored = await ctx().database.db.selectFrom('donations').select(['public_latitude', 'public_longitude']).where('id', 'in', [a.id, b.id]).execute();
    expect(stored.map((row) => [Number(row.public_latitude), Number(row.public_longitude)])).toEqual([
      [19.0575, 72.8275],
      [19.0575, 72.8275],
    ]);
  });

  it('lists top donors with their city, never their address', async () => {
    const donor = await createTestUser(ctx(), { fullName: 'Top Cook', location: 'Flat 7, 21 Hill Road, Bandra West, Mumbai 400050' });
    const receiver = await createTestUser(ctx(), { role: 'RECEIVER', fullName: 'Grateful Receiver' });
    const donation = await donate(ctx(), donor, { location: HOME });
    const request = await requestDonation(ctx(), receiver, donation.id);
    expect((await post(ctx(), `/api/requests/${request.id}/accept`, donor)).statusCode).toBe(200);
    const code = (await get(ctx(), `/api/requests/${request.id}/pickup-code`, receiver)).json<PickupInfo>().pickupCode;
    expect((await post(ctx(), `/api/requests/${request.id}/confirm-pickup`, donor, { pickupCode: code })).statusCode).toBe(200);
    const response = await get(ctx(), '/api/analytics/public/top-donors');
    const row = response.json<TopDonor[]>().find((d) => d.userId === donor.id);
    expect(row?.location).toBe('Mumbai');
    expect(response.body).not.toContain('Hill Road');
    const byStreet = await get(ctx(), `/api/analytics/public/top-donors?location=${encodeURIComponent('Hill Road')}`);
    expect(byStreet.json<TopDonor[]>().find((d) => d.userId === donor.id)).toBeUndefined();
    const byCity = await get(ctx(), '/api/analytics/public/top-donors?location=mumbai');
    expect(byCity.json<TopDonor[]>().find((d) => d.userId === donor.id)).toBeDefined();
  });

  /** The accepted scenario with the donation at a given address and point, as its donor reads it. */
  async function acceptedScenarioAt(location: string, geolocation: string) {
    const parts = await acceptedScenario(ctx(), 'privacy', { location, geolocation });
    const own = await get(ctx(), `/api/browse/donations/${parts.donation.id}`, parts.donor);
    return { ...parts, donation: own.json<Donation>() };
  }
});
