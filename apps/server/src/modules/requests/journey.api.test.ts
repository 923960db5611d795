import type { MyRequestForDonation, PendingReceived } from '@annadaan/contract/requests';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/test-app';
import { donate, get, post, requestDonation } from '../../../test/test-handover';
import { foodNeed } from '../../../test/test-people';
import { createTestUser } from '../../../test/test-users';
import { errorBody } from '../../../test/error-body';

/*
 * Issue 11: what the navigation and the detail page need to lead people through the handover:
 * the donor's count of requests waiting for an answer, and the receiver's own request on a donation.
 */
describeEachDatabase('handover journey reads', (ctx) => {
  it("counts the donor's pending requests, in all and per donation, and nobody else's", async () => {
    const donor = await createTestUser(ctx(), { fullName: 'Counting Donor' });
    const otherDonor = await createTestUser(ctx(), { fullName: 'Other Donor' });
    const receivers = await Promise.all(['A', 'B', 'C'].map((name) => createTestUser(ctx(), { role: 'RECEIVER', fullName: `Receiver ${name}` })));
    const [a, b, c] = receivers;
    if (!a || !b || !c) throw new Error('three receivers');

    const empty = await get(ctx(), '/api/requests/my-received-requests/pending-count', donor);
    expect(empty.statusCode).toBe(200);
    expect(empty.json<PendingReceived>()).toEqual({ pending: 0, donations: [] });
    expect(empty.headers['cache-control']).toBe('no-store');

    const first = await donate(ctx(), donor, { foodName: 'Idli' });
    const second = await donate(ctx(), donor, { foodName: 'Poha' });
    const elsewhere = await donate(ctx(), otherDonor, { foodName: 'Upma' });
    await requestDonation(ctx(), a, first.id);
    const rejected = await requestDonation(ctx(), b, first.id);
    await requestDonation(ctx(), c, first.id);
    const accepted = await requestDonation(ctx(), a, second.id);
    await requestDonation(ctx(), b, elsewhere.id);
    expect((await post(ctx(), `/api/requests/${rejected.id}/reject`, donor)).statusCode).toBe(200);
    expect((await post(ctx(), `/api/requests/${accepted.id}/accept`, donor)).statusCode).toBe(200);

    const counted = await get(ctx(), '/api/requests/my-received-requests/pending-count', donor);
    expect(counted.json<PendingReceived>()).toEqual({ pending: 2, donations: [{ donationId: first.id, pending: 2 }] });

    // The count is what the received list shows as PENDING.
    const list = (await get(ctx(), '/api/requests/my-received-requests', donor)).json<{ status: string }[]>();
    expect(list.filter((request) => request.status === 'PENDING')).toHaveLength(2);

    // A receiver has nothing waiting; another donor sees only their own.
    expect((await get(ctx(), '/api/requests/my-received-requests/pending-count', a)).json()).toEqual({ pending: 0, donations: [] });
    expect((await get(ctx(), '/api/requests/my-received-requests/pending-count', otherDonor)).json()).toEqual({
      pending: 1,
      donations: [{ donationId: elsewhere.id, pending: 1 }],
    });

    // Once the donation's time has run out its requests read as cancelled and stop counting.
    ctx().clock.advance(5 * 60 * 60 * 1000);
    expect((await get(ctx(), '/api/requests/my-received-requests/pending-count', donor)).json()).toEqual({ pending: 0, donations: [] });
  });

  it("lists the donor's waiting requests first, and one donation's requests on ?donationId=", async () => {
    const donor = await createTestUser(ctx(), { fullName: 'Ordering Donor' });
    const [a, b] = await Promise.all(['A', 'B'].map((name) => createTestUser(ctx(), { role: 'RECEIVER', fullName: `Orderer ${name}` })));
    if (!a || !b) throw new Error('two receivers');
    const older = await donate(ctx(), donor, { foodName: 'Dosa' });
    const newer = await donate(ctx(), donor, { foodName: 'Vada' });
    const waiting = await requestDonation(ctx(), a, older.id);
    const answered = await requestDonation(ctx(), b, newer.id);
    expect((await post(ctx(), `/api/requests/${answered.id}/reject`, donor)).statusCode).toBe(200);

    // Newest first would put the rejected request on top; the waiting one comes first instead.
    const all = await get(ctx(), '/api/requests/my-received-requests', donor);
    expect(all.json<{ id: number }[]>().map((request) => request.id)).toEqual([waiting.id, answered.id]);

    const one = await get(ctx(), `/api/requests/my-received-requests?donationId=${newer.id}`, donor);
    expect(one.statusCode).toBe(200);
    expect(one.json<{ id: number }[]>().map((request) => request.id)).toEqual([answered.id]);
    expect(one.headers['x-total-count']).toBe('1');

    // Another donor's donation gives nothing, and a bad id is a 400 naming the field.
    expect((await get(ctx(), `/api/requests/my-received-requests?donationId=${newer.id}`, a)).json()).toEqual([]);
    const bad = await get(ctx(), '/api/requests/my-received-requests?donationId=abc', donor);
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toHaveProperty('donationId');
  });

  it('needs a session', async () => {
    const anonymous = await get(ctx(), '/api/requests/my-received-requests/pending-count');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    expect((await get(ctx(), '/api/requests/for-donation/1')).statusCode).toBe(401);
  });

  it("tells the receiver their own request on a donation, as it moves on, and nobody else's", async () => {
    const donor = await createTestUser(ctx(), { fullName: 'Detail Donor' });
    const receiver = await createTestUser(ctx(), { role: 'RECEIVER', fullName: 'Detail Receiver' });
    const stranger = await createTestUser(ctx(), { role: 'RECEIVER', fullName: 'Detail Stranger' });
    const donation = await donate(ctx(), donor, { foodName: 'Khichdi' });
    const mine = () => get(ctx(), `/api/requests/for-donation/${donation.id}`, receiver);

    const before = await mine();
    expect(before.statusCode).toBe(200);
    expect(before.json<MyRequestForDonation>()).toEqual({ request: null, isDonor: false, donorReliability: { handedOver: 0, accepted: 0 } });

    const sent = await requestDonation(ctx(), receiver, donation.id);
    expect((await mine()).json<MyRequestForDonation>().request).toMatchObject({ id: sent.id, donationId: donation.id, status: 'PENDING' });
    // Someone else's request is not theirs to see, and the donor has no request of their own.
    expect((await get(ctx(), `/api/requests/for-donation/${donation.id}`, stranger)).json()).toEqual({
      request: null,
      isDonor: false,
      donorReliability: { handedOver: 0, accepted: 0 },
    });
    expect((await get(ctx(), `/api/requests/for-donation/${donation.id}`, donor)).json()).toEqual({ request: null, isDonor: true, donorReliability: null });

    expect((await post(ctx(), `/api/requests/${sent.id}/accept`, donor)).statusCode).toBe(200);
    const accepted = (await mine()).json<MyRequestForDonation>().request;
    expect(accepted).toMatchObject({ id: sent.id, status: 'AWAITING_PICKUP' });
    expect(JSON.stringify(accepted)).not.toMatch(/pickupCode/);

    expect((await get(ctx(), '/api/requests/for-donation/999999', receiver)).json()).toEqual({ request: null, isDonor: false, donorReliability: null });
    const bad = await get(ctx(), '/api/requests/for-donation/abc', receiver);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_ERROR', fieldErrors: { donationId: expect.any(String) } });
  });

  it('refuses a second request after the donor turned the first one down, and shows the rejection', async () => {
    const donor = await createTestUser(ctx(), { fullName: 'Firm Donor' });
    const receiver = await createTestUser(ctx(), { role: 'RECEIVER', fullName: 'Turned Down' });
    const donation = await donate(ctx(), donor, { foodName: 'Pulao' });
    const first = await requestDonation(ctx(), receiver, donation.id);
    expect((await post(ctx(), `/api/requests/${first.id}/reject`, donor)).statusCode).toBe(200);

    const again = await post(ctx(), `/api/requests/create/${donation.id}`, receiver, { paymentMethod: '' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(errorBody({ message: 'The donor has already turned down your request for this donation.', code: 'CONFLICT' }));
    expect((await get(ctx(), `/api/requests/for-donation/${donation.id}`, receiver)).json<MyRequestForDonation>().request).toMatchObject({
      id: first.id,
      status: 'REJECTED',
    });
  });

  it("counts as Food Requests exactly what the dashboard's tab lists: requests on donations plus needs posted", async () => {
    const donor = await createTestUser(ctx(), { fullName: 'Tab Donor' });
    const receiver = await createTestUser(ctx(), { role: 'RECEIVER', fullName: 'Tab Receiver' });
    for (const foodName of ['Dosa', 'Vada']) await requestDonation(ctx(), receiver, (await donate(ctx(), donor, { foodName })).id);
    const need = await post(ctx(), '/api/food-requests/create', receiver, foodNeed({ fullName: 'Tab Receiver' }));
    expect(need.statusCode, need.body).toBe(201);

    const summary = (await get(ctx(), '/api/analytics/user/summary', receiver)).json<{ myFoodRequests: number }>();
    const sent = (await get(ctx(), '/api/requests/my-sent-requests', receiver)).json<unknown[]>();
    const needs = await get(ctx(), '/api/food-requests/my?pageSize=1', receiver);
    expect(sent).toHaveLength(2);
    expect(Number(needs.headers['x-total-count'])).toBe(1);
    expect(summary.myFoodRequests).toBe(sent.length + Number(needs.headers['x-total-count']));
    const months = (await get(ctx(), '/api/analytics/user/food-requests', receiver)).json<{ requests: number }[]>();
    expect(months.reduce((sum, month) => sum + month.requests, 0)).toBe(summary.myFoodRequests);
  });
});
