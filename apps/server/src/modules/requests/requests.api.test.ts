import { nationalMobile } from '@annadaan/contract/common';
import type { Donation } from '@annadaan/contract/donations';
import type { DonationRequest, PickupInfo } from '@annadaan/contract/requests';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/test-app';
import { acceptedScenario, donate, donationStatus, get, post, requestDonation, requestRow, scenario } from '../../../test/test-handover';
import { createTestUser } from '../../../test/test-users';
import { errorBody } from '../../../test/error-body';

describeEachDatabase('requests on donations', (ctx) => {
  it('runs the whole handover: request, accept, read the code, confirm, others rejected', async () => {
    const donor = await createTestUser(ctx(), { fullName: 'Meera Donor', contactNumber: '+919800000001' });
    const receiver = await createTestUser(ctx(), { role: 'RECEIVER', fullName: 'Ravi Receiver' });
    const second = await createTestUser(ctx(), { role: 'RECEIVER', fullName: 'Second Receiver' });
    const donation = await donate(ctx(), donor, { free: false, price: 40 });

    const created = await post(ctx(), `/api/requests/create/${donation.id}`, receiver, { paymentMethod: '' });
    expect(created.statusCode).toBe(201);
    const request = created.json<DonationRequest>();
    expect(request).toEqual({
      id: expect.any(Number),
      donationId: donation.id,
      foodName: 'Veg biryani',
      status: 'PENDING',
      receiverName: 'Ravi Receiver',
      donorName: 'Meera Donor',
      organisation: null,
      paymentMethod: 'CASH',
      requestDate: ctx().clock.now().toISOString(),
      createdAt: ctx().clock.now().toISOString(),
      expiryDateTime: donation.expiresAt,
      expiresAt: donation.expiresAt,
      foodType: 'PRECOOKED',
      isFree: false,
      free: false,
      price: 40,
      // The receiver sees the area until the donor accepts.
      location: donation.area,
      imageUrl: null,
      photo: null,
      // Issue 33: one receiver's food has no portions.
      portions: null,
      // Issue 32: the earlier client's request is collected in person and has no delivery run.
      deliveryChoice: 'COLLECT',
      runId: null,
      runStatus: null,
    });
    ctx().clock.advance(1000);
    const other = await requestDonation(ctx(), second, donation.id, 'UPI');
    expect(other.paymentMethod).toBe('UPI');

    const received = await get(ctx(), '/api/requests/my-received-requests', donor);
    expect(received.json<DonationRequest[]>().map((r) => r.id)).toEqual([other.id, request.id]);

    const accepted = await post(ctx(), `/api/requests/${request.id}/accept`, donor);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'AWAITING_PICKUP' });
    expect(accepted.json()).not.toHaveProperty('donorContactNumber');
    expect(accepted.body).not.toContain('pickupCode');
    expect(await donationStatus(ctx(), donation.id)).toBe('PENDING');
    expect((await get(ctx(), `/api/browse/donations/${donation.id}`)).json().status).toBe('PENDING');

    const sent = await get(ctx(), '/api/requests/my-sent-requests', receiver);
    expect(sent.json()[0]).toMatchObject({ id: request.id, status: 'AWAITING_PICKUP', donorContactNumber: '9800000001' });
    const info = await get(ctx(), `/api/requests/${request.id}/pickup-code`, receiver);
    expect(info.statusCode).toBe(200);
    const { pickupCode, donorContactNumber } = info.json<PickupInfo>();
    expect(pickupCode).toMatch(/^\d{6}$/);
    expect(donorContactNumber).toBe('9800000001');
    expect(info.headers['cache-control']).toBe('no-store');

    // Nothing the donor can read carries the code.
    for (const url of ['/api/requests/my-received-requests', '/api/donations/my-donations', `/api/browse/donations/${donation.id}`]) {
      expect((await get(ctx(), url, donor)).body).not.toContain(pickupCode);
    }

    const confirmed = await post(ctx(), `/api/requests/${request.id}/confirm-pickup`, donor, { pickupCode });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ id: request.id, status: 'COMPLETED' });
    expect(confirmed.body).not.toContain(pickupCode);
    expect(await donationStatus(ctx(), donation.id)).toBe('COMPLETED');
    expect((await requestRow(ctx(), other.id)).status).toBe('REJECTED');
    expect((await requestRow(ctx(), request.id)).pickup_code).toBeNull();

    const twice = await post(ctx(), `/api/requests/${request.id}/confirm-pickup`, donor, { pickupCode });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('This pickup has already been confirmed.');
  });

  it('lets the donor accept another request after the accepted one is cancelled', async () => {
    const { donor, receiver, donation, request } = await acceptedScenario(ctx(), 'swap');
    const next = await createTestUser(ctx(), { role: 'RECEIVER', fullName: 'Next in line' });
    // While one request awaits pickup the donation is PENDING, so nobody new can ask for it.
    const blocked = await post(ctx(), `/api/requests/create/${donation.id}`, next, { paymentMethod: '' });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json()).toEqual(errorBody({ message: 'This donation is no longer available.', code: 'CONFLICT' }));

    const cancelled = await post(ctx(), `/api/requests/${request.id}/cancel`, receiver);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().status).toBe('CANCELLED');
    expect(await donationStatus(ctx(), donation.id)).toBe('AVAILABLE');
    expect((await requestRow(ctx(), request.id)).pickup_code).toBeNull();

    const nextRequest = await requestDonation(ctx(), next, donation.id);
    expect((await post(ctx(), `/api/requests/${nextRequest.id}/accept`, donor)).statusCode).toBe(200);
    expect(await donationStatus(ctx(), donation.id)).toBe('PENDING');
  });

  it('keeps other pending requests waiting while one is awaiting pickup', async () => {
    const { donor, donation, request } = await scenario(ctx(), 'queue');
    const later = await createTestUser(ctx(), { role: 'RECEIVER', fullName: 'Queued' });
    const waiting = await requestDonation(ctx(), later, donation.id);
    expect((await post(ctx(), `/api/requests/${request.id}/accept`, donor)).statusCode).toBe(200);
    const second = await post(ctx(), `/api/requests/${waiting.id}/accept`, donor);
    expect(second.statusCode).toBe(409);
    expect((await requestRow(ctx(), waiting.id)).status).toBe('PENDING');
    expect((await post(ctx(), `/api/requests/${waiting.id}/reject`, donor)).json().status).toBe('REJECTED');
  });

  it('refuses requests on own, missing, unavailable or already requested donations', async () => {
    const { donor, receiver, donation } = await scenario(ctx(), 'refusals');
    const own = await post(ctx(), `/api/requests/create/${donation.id}`, donor, { paymentMethod: '' });
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual(errorBody({ message: 'You cannot request your own donation.', code: 'FORBIDDEN' }));
    const again = await post(ctx(), `/api/requests/create/${donation.id}`, receiver, { paymentMethod: '' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You already have an open request for this donation.');
    const missing = await post(ctx(), '/api/requests/create/999999', receiver, { paymentMethod: '' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Donation not found.');
    const withdrawn = await donate(ctx(), donor);
    await post(ctx(), `/api/donations/${withdrawn.id}/cancel`, donor);
    const late = await post(ctx(), `/api/requests/create/${withdrawn.id}`, receiver, { paymentMethod: '' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This donation is no longer available.');
    const badMethod = await post(ctx(), `/api/requests/create/${withdrawn.id}`, receiver, { paymentMethod: 'BITCOIN' });
    expect(badMethod.statusCode).toBe(400);
    expect(badMethod.json().fieldErrors).toHaveProperty('paymentMethod');
    // A receiver who cancelled may ask again.
    const fresh = await donate(ctx(), donor);
    const first = await requestDonation(ctx(), receiver, fresh.id);
    await post(ctx(), `/api/requests/${first.id}/cancel`, receiver);
    expect((await requestDonation(ctx(), receiver, fresh.id)).paymentMethod).toBe('NOT_APPLICABLE');
  });

  it('answers 409 and changes nothing for every transition not allowed now', async () => {
    const snapshot = async (requestId: number, donationId: number) => ({
      request: await requestRow(ctx(), requestId),
      donation: await donationStatus(ctx(), donationId),
    });
    const check = async (label: string, requestId: number, donationId: number, calls: Array<() => ReturnType<typeof post>>) => {
      const before = await snapshot(requestId, donationId);
      for (const call of calls) {
        const response = await call();
        expect(response.statusCode, `${label}: ${response.body}`).toBe(409);
        expect(response.json().code).toBe('CONFLICT');
      }
      expect(await snapshot(requestId, donationId), label).toEqual(before);
    };

    // PENDING: no confirm, no code, no fresh code.
    const pending = await scenario(ctx(), 'pending-409');
    await check('pending', pending.request.id, pending.donation.id, [
      () => post(ctx(), `/api/requests/${pending.request.id}/confirm-pickup`, pending.donor, { pickupCode: '123456' }),
      () => get(ctx(), `/api/requests/${pending.request.id}/pickup-code`, pending.receiver),
      () => post(ctx(), `/api/requests/${pending.request.id}/pickup-code/renew`, pending.receiver),
    ]);

    // AWAITING_PICKUP: no second accept, no reject.
    const awaiting = await acceptedScenario(ctx(), 'awaiting-409');
    await check('awaiting', awaiting.request.id, awaiting.donation.id, [
      () => post(ctx(), `/api/requests/${awaiting.request.id}/accept`, awaiting.donor),
      () => post(ctx(), `/api/requests/${awaiting.request.id}/reject`, awaiting.donor),
    ]);

    // COMPLETED: nothing moves any more.
    const done = await acceptedScenario(ctx(), 'completed-409');
    await post(ctx(), `/api/requests/${done.request.id}/confirm-pickup`, done.donor, { pickupCode: done.code });
    await check('completed', done.request.id, done.donation.id, [
      () => post(ctx(), `/api/requests/${done.request.id}/accept`, done.donor),
      () => post(ctx(), `/api/requests/${done.request.id}/reject`, done.donor),
      () => post(ctx(), `/api/requests/${done.request.id}/cancel`, done.receiver),
      () => post(ctx(), `/api/requests/${done.request.id}/confirm-pickup`, done.donor, { pickupCode: done.code }),
      () => get(ctx(), `/api/requests/${done.request.id}/pickup-code`, done.receiver),
      () => post(ctx(), `/api/requests/${done.request.id}/pickup-code/renew`, done.receiver),
      () => post(ctx(), `/api/donations/${done.donation.id}/cancel`, done.donor),
    ]);

    // REJECTED and CANCELLED requests stay so.
    const rejected = await scenario(ctx(), 'rejected-409');
    await post(ctx(), `/api/requests/${rejected.request.id}/reject`, rejected.donor);
    await check('rejected', rejected.request.id, rejected.donation.id, [
      () => post(ctx(), `/api/requests/${rejected.request.id}/accept`, rejected.donor),
      () => post(ctx(), `/api/requests/${rejected.request.id}/reject`, rejected.donor),
      () => post(ctx(), `/api/requests/${rejected.request.id}/cancel`, rejected.receiver),
    ]);
    const cancelled = await scenario(ctx(), 'cancelled-409');
    await post(ctx(), `/api/requests/${cancelled.request.id}/cancel`, cancelled.receiver);
    await check('cancelled', cancelled.request.id, cancelled.donation.id, [
      () => post(ctx(), `/api/requests/${cancelled.request.id}/accept`, cancelled.donor),
      () => post(ctx(), `/api/requests/${cancelled.request.id}/cancel`, cancelled.receiver),
    ]);

    // A withdrawn donation: its request was cancelled with it.
    const withdrawn = await acceptedScenario(ctx(), 'withdrawn-409');
    await post(ctx(), `/api/donations/${withdrawn.donation.id}/cancel`, withdrawn.donor);
    await check('withdrawn', withdrawn.request.id, withdrawn.donation.id, [
      () => post(ctx(), `/api/requests/${withdrawn.request.id}/confirm-pickup`, withdrawn.donor, { pickupCode: withdrawn.code }),
      () => post(ctx(), `/api/requests/${withdrawn.request.id}/cancel`, withdrawn.receiver),
      () => post(ctx(), `/api/donations/${withdrawn.donation.id}/cancel`, withdrawn.donor),
    ]);
  });

  it('gives donor, receiver, a stranger and an anonymous caller exactly what the rules allow', async () => {
    const { donor, receiver, stranger, request, code } = await acceptedScenario(ctx(), 'matrix');
    const id = request.id;
    const cases: Array<[string, (user?: Parameters<typeof post>[2]) => ReturnType<typeof post>, { donor: number; receiver: number; stranger: number }]> = [
      ['accept', (u) => post(ctx(), `/api/requests/${id}/accept`, u), { donor: 409, receiver: 403, stranger: 404 }],
      ['reject', (u) => post(ctx(), `/api/requests/${id}/reject`, u), { donor: 409, receiver: 403, stranger: 404 }],
      ['cancel', (u) => post(ctx(), `/api/requests/${id}/cancel`, u), { donor: 403, receiver: 200, stranger: 404 }],
      ['confirm', (u) => post(ctx(), `/api/requests/${id}/confirm-pickup`, u, { pickupCode: code }), { donor: 200, receiver: 403, stranger: 404 }],
      ['code', (u) => get(ctx(), `/api/requests/${id}/pickup-code`, u), { donor: 403, receiver: 200, stranger: 404 }],
      ['renew', (u) => post(ctx(), `/api/requests/${id}/pickup-code/renew`, u), { donor: 403, receiver: 200, stranger: 404 }],
    ];
    for (const [label, call, expected] of cases) {
      const anonymous = await call();
      expect(anonymous.statusCode, `${label} anonymous`).toBe(401);
      for (const [who, user] of [
        ['stranger', stranger],
        ['donor', donor],
        ['receiver', receiver],
      ] as const) {
        // The allowed calls that change state are checked elsewhere; here they must not be reached by the wrong person.
        if (expected[who] === 200) continue;
        const response = await call(user);
        expect(response.statusCode, `${label} by ${who}: ${response.body}`).toBe(expected[who]);
        expect(response.body).not.toContain(code);
      }
    }
    expect((await requestRow(ctx(), id)).status).toBe('AWAITING_PICKUP');
    const strangerLists = [await get(ctx(), '/api/requests/my-sent-requests', stranger), await get(ctx(), '/api/requests/my-received-requests', stranger)];
    for (const list of strangerLists) expect(list.json()).toEqual([]);
    expect((await get(ctx(), '/api/requests/my-sent-requests')).statusCode).toBe(401);
    expect((await get(ctx(), '/api/requests/my-received-requests')).statusCode).toBe(401);
    const donorView = await get(ctx(), '/api/requests/my-received-requests', donor);
    expect(donorView.json<DonationRequest[]>()[0]).not.toHaveProperty('donorContactNumber');
    expect((await post(ctx(), `/api/requests/${id}/confirm-pickup`, donor, { pickupCode: code })).statusCode).toBe(200);
    const receiverView = await get(ctx(), '/api/requests/my-sent-requests', receiver);
    expect(receiverView.json<DonationRequest[]>()[0]).toMatchObject({ status: 'COMPLETED', donorContactNumber: nationalMobile(donor.contactNumber) });
  });

  it('lets anyone signed in but the donor request, and nobody anonymous', async () => {
    const { donor, stranger, donation } = await scenario(ctx(), 'who-requests');
    expect((await post(ctx(), `/api/requests/create/${donation.id}`, undefined, { paymentMethod: '' })).statusCode).toBe(401);
    expect((await post(ctx(), `/api/requests/create/${donation.id}`, donor, { paymentMethod: '' })).statusCode).toBe(403);
    expect((await post(ctx(), `/api/requests/create/${donation.id}`, stranger, { paymentMethod: '' })).statusCode).toBe(201);
    const received = await get(ctx(), '/api/requests/my-received-requests', donor);
    expect(received.json<DonationRequest[]>().map((r) => r.receiverName)).toEqual(['Stranger who-requests', 'Receiver who-requests']);
    expect((await get(ctx(), '/api/donations/my-donations', stranger)).json()).toEqual([]);
  });

  it('ends an accepted pickup when the food expires, sweep or no sweep: a no-show (issue 16)', async () => {
    const { donor, receiver, donation, request, code } = await acceptedScenario(ctx(), 'expired-pickup');
    ctx().clock.set(donation.expiresAt);
    const confirm = await post(ctx(), `/api/requests/${request.id}/confirm-pickup`, donor, { pickupCode: code });
    expect(confirm.statusCode).toBe(409);
    expect(confirm.json().message).toBe('This donation has expired.');
    expect((await get(ctx(), `/api/requests/${request.id}/pickup-code`, receiver)).statusCode).toBe(409);
    expect((await post(ctx(), `/api/requests/${request.id}/cancel`, receiver)).statusCode).toBe(409);
    expect((await get(ctx(), '/api/requests/my-sent-requests', receiver)).json<DonationRequest[]>().find((r) => r.id === request.id)).toMatchObject({
      status: 'NO_SHOW',
    });
    expect((await get(ctx(), `/api/browse/donations/${donation.id}`)).json().status).toBe('EXPIRED');
    expect(await donationStatus(ctx(), donation.id)).toBe('PENDING');
  });

  it("gives both request lists the donation's real expiry as expiryDateTime, not the typed value or null", async () => {
    const donor = await createTestUser(ctx(), { fullName: 'Expiry Donor' });
    const receiver = await createTestUser(ctx(), { role: 'RECEIVER', fullName: 'Expiry Receiver' });
    const now = ctx().clock.now().getTime();
    // Cooked food keeps 4 hours whatever the donor typed; without a typed value the field was null.
    const typedLater = await donate(ctx(), donor, { foodName: 'Typed two days ahead', expiryDateTime: new Date(now + 48 * 3600_000).toISOString() });
    const untyped = await donate(ctx(), donor, { foodName: 'Nothing typed' });
    const raw = await donate(ctx(), donor, {
      foodName: 'Rice bags',
      foodType: 'RAW',
      expiryDateTime: '2026-06-10T09:00:00+05:30',
      refrigerationAvailable: true,
    });
    const fourHours = new Date(now + 4 * 3600_000).toISOString();
    expect([typedLater.expiresAt, untyped.expiresAt, raw.expiresAt]).toEqual([fourHours, fourHours, '2026-06-10T03:30:00.000Z']);
    for (const donation of [typedLater, untyped, raw]) await requestDonation(ctx(), receiver, donation.id);

    const expected = [
      { foodName: 'Rice bags', expiryDateTime: '2026-06-10T03:30:00.000Z', expiresAt: '2026-06-10T03:30:00.000Z' },
      { foodName: 'Nothing typed', expiryDateTime: fourHours, expiresAt: fourHours },
      { foodName: 'Typed two days ahead', expiryDateTime: fourHours, expiresAt: fourHours },
    ];
    for (const [url, user] of [
      ['/api/requests/my-sent-requests', receiver],
      ['/api/requests/my-received-requests', donor],
    ] as const) {
      const list = (await get(ctx(), url, user)).json<DonationRequest[]>();
      expect(
        list.map(({ foodName, expiryDateTime, expiresAt }) => ({ foodName, expiryDateTime, expiresAt })),
        url,
      ).toEqual(expected);
    }
  });

  it('shows the donor contact to the receiver only once accepted', async () => {
    const { donor, receiver, request } = await scenario(ctx(), 'contact');
    expect((await get(ctx(), '/api/requests/my-sent-requests', receiver)).json()[0]).not.toHaveProperty('donorContactNumber');
    const early = await get(ctx(), `/api/requests/${request.id}/pickup-code`, receiver);
    expect(early.statusCode).toBe(409);
    expect(early.body).not.toContain(nationalMobile(donor.contactNumber));
  });

  it('lets a withdrawal cancel an accepted request and never returns the donation to AVAILABLE', async () => {
    const { donor, receiver, donation, request } = await acceptedScenario(ctx(), 'withdraw-accepted');
    const response = await post(ctx(), `/api/donations/${donation.id}/cancel`, donor);
    expect(response.json<Donation>().status).toBe('CANCELLED');
    expect((await get(ctx(), '/api/requests/my-sent-requests', receiver)).json()[0]).toMatchObject({ id: request.id, status: 'CANCELLED' });
  });
});
