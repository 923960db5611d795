import type { DonationRequest } from '@annadaan/contract/requests';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/test-app';
import { type TestUser, createTestUser } from '../../../test/test-users';
import { acceptedScenario, get, post, requestDonation, scenario } from '../../../test/test-handover';

const HOME = 'Flat 12, 34 Lane 5, Bandra West, Mumbai 400050';
const EXACT = '19.059612,72.829543';
const POINT = { lat: 19.059612, lng: 72.829543 };

/*
 * Issue 29: the accepted receiver's card draws the pickup on a map with directions, so a request
 * carries the exact point, under the same rule as its full address: the donor, and the receiver
 * only while the pickup is to be made.
 */
describeEachDatabase('the pickup point on a request', (ctx) => {
  const sentBy = async (receiver: TestUser, id: number) => {
    const response = await get(ctx(), '/api/requests/my-sent-requests', receiver);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<DonationRequest[]>().find((r) => r.id === id);
  };
  const receivedBy = async (donor: TestUser, id: number) => {
    const response = await get(ctx(), '/api/requests/my-received-requests', donor);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<DonationRequest[]>().find((r) => r.id === id);
  };

  it('goes to the receiver awaiting pickup and the donor, and leaves the receiver at the handover', async () => {
    const { donor, receiver, stranger, donation, request, code } = await acceptedScenario(ctx(), 'point', { location: HOME, geolocation: EXACT });
    expect((await sentBy(receiver, request.id))?.pickupPoint).toEqual(POINT);
    expect((await receivedBy(donor, request.id))?.pickupPoint).toEqual(POINT);
    // The receiver's own request on the donation's page says the same.
    const mine = await get(ctx(), `/api/requests/for-donation/${donation.id}`, receiver);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json<{ request: DonationRequest }>().request.pickupPoint).toEqual(POINT);
    // A stranger has no request to read it from.
    expect(await sentBy(stranger, request.id)).toBeUndefined();

    const confirmed = await post(ctx(), `/api/requests/${request.id}/confirm-pickup`, donor, { pickupCode: code });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const after = await sentBy(receiver, request.id);
    expect(after?.status).toBe('COMPLETED');
    expect(after).not.toHaveProperty('pickupPoint');
    expect(JSON.stringify(after)).not.toContain('19.059612');
    expect((await receivedBy(donor, request.id))?.pickupPoint).toEqual(POINT);
  });

  it('is not given while the request waits, nor to another requester, nor after a cancel', async () => {
    const { donor, receiver, donation, request } = await scenario(ctx(), 'waiting', { location: HOME, geolocation: EXACT });
    const pending = await sentBy(receiver, request.id);
    expect(pending?.status).toBe('PENDING');
    expect(pending).not.toHaveProperty('pickupPoint');

    const other = await createTestUser(ctx(), { role: 'RECEIVER', fullName: 'Other Requester' });
    const second = await requestDonation(ctx(), other, donation.id);
    expect(second).not.toHaveProperty('pickupPoint');
    expect((await post(ctx(), `/api/requests/${request.id}/accept`, donor)).statusCode).toBe(200);
    // Only the accepted receiver gets it; the other one's request is settled without it.
    expect((await sentBy(receiver, request.id))?.pickupPoint).toEqual(POINT);
    const otherView = await sentBy(other, second.id);
    expect(otherView).not.toHaveProperty('pickupPoint');
    expect(JSON.stringify(otherView)).not.toContain('19.059612');

    const cancelled = await post(ctx(), `/api/requests/${request.id}/cancel`, receiver);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const gone = await sentBy(receiver, request.id);
    expect(gone?.status).toBe('CANCELLED');
    expect(gone).not.toHaveProperty('pickupPoint');
  });

  it('is absent when the donor gave no point', async () => {
    const { donor, receiver, request } = await acceptedScenario(ctx(), 'no point', { location: HOME, geolocation: undefined });
    expect((await sentBy(receiver, request.id))?.location).toBe(HOME);
    expect(await sentBy(receiver, request.id)).not.toHaveProperty('pickupPoint');
    expect(await receivedBy(donor, request.id)).not.toHaveProperty('pickupPoint');
  });
});
