import type { Notification } from '@annadaan/contract/notifications';
import { type DonationRequest, type MyReliability, type MyRequestForDonation, type PickupInfo } from '@annadaan/contract/requests';
import { expect, it } from 'vitest';
import { DAY, MINUTE } from '../../lib/clock';
import { createSession } from '../auth/sessions-repository';
import { describeEachDatabase } from '../../../test/test-app';
import { donate, get, post, requestDonation } from '../../../test/test-handover';
import { type TestUser, createTestUser } from '../../../test/test-users';
import { errorBody } from '../../../test/error-body';

/** Cooked food lives 4 hours; a minute past that it has expired. */
const PAST_EXPIRY = 4 * 60 * MINUTE + MINUTE;

describeEachDatabase('no-shows and reliability', (ctx) => {
  let people = 0;
  const person = (role: 'DONOR' | 'RECEIVER', label: string) => createTestUser(ctx(), { role, fullName: `${label} ${(people += 1)}` });

  async function accept(donor: TestUser, requestId: number, expected = 200) {
    const response = await post(ctx(), `/api/requests/${requestId}/accept`, donor);
    expect(response.statusCode, response.body).toBe(expected);
    return response;
  }

  /** A donor's fresh donation, requested by `receiver` and accepted. */
  async function acceptedFor(receiver: TestUser, donor?: TestUser) {
    const giver = donor ?? (await person('DONOR', 'Donor'));
    const donation = await donate(ctx(), giver);
    const request = await requestDonation(ctx(), receiver, donation.id);
    await accept(giver, request.id);
    return { donor: giver, donation, request };
  }

  async function complete(donor: TestUser, receiver: TestUser, requestId: number) {
    const code = (await get(ctx(), `/api/requests/${requestId}/pickup-code`, receiver)).json<PickupInfo>().pickupCode;
    const response = await post(ctx(), `/api/requests/${requestId}/confirm-pickup`, donor, { pickupCode: code });
    expect(response.statusCode, response.body).toBe(200);
  }

  /** Lets the food of everything accepted so far expire and runs the sweep the way production does: on the job runner. */
  async function expireAndSweep() {
    ctx().clock.advance(PAST_EXPIRY);
    await ctx().app.jobs.runDue();
  }

  /** `receiver` misses `count` pickups, all expiring together. */
  async function missPickups(receiver: TestUser, count: number) {
    for (let i = 0; i < count; i += 1) await acceptedFor(receiver);
    await expireAndSweep();
  }

  const reliability = async (user: TestUser) => {
    const response = await get(ctx(), '/api/requests/my-reliability', user);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<MyReliability>();
  };
  const stored = (id: number) =>
    ctx()
      .database.db.selectFrom('donation_requests')
      .select(['status', 'pickup_code', 'missed_at', 'cancelled_by'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const notificationsOf = async (user: TestUser) => (await get(ctx(), '/api/notifications?limit=100', user)).json<{ items: Notification[] }>().items;

  it('the sweep on the job runner turns an accepted request whose food expired into NO_SHOW, cancels waiting ones and tells each receiver once', async () => {
    const receiver = await person('RECEIVER', 'Late receiver');
    const waiting = await person('RECEIVER', 'Waiting receiver');
    const donor = await person('DONOR', 'Donor');
    const donation = await donate(ctx(), donor);
    const pending = await requestDonation(ctx(), waiting, donation.id);
    const request = await requestDonation(ctx(), receiver, donation.id);
    await accept(donor, request.id);

    ctx().clock.advance(PAST_EXPIRY);
    // Before any sweep every read already says NO_SHOW, and the figure counts it.
    const early = (await get(ctx(), '/api/requests/my-sent-requests', receiver)).json<DonationRequest[]>();
    expect(early.find((item) => item.id === request.id)?.status).toBe('NO_SHOW');
    expect((await reliability(receiver)).asReceiver).toEqual({ pickedUp: 0, accepted: 1 });
    expect((await stored(request.id)).status).toBe('AWAITING_PICKUP');

    await ctx().app.jobs.runDue();
    const row = await stored(request.id);
    expect(row).toEqual({ status: 'NO_SHOW', pickup_code: null, missed_at: donation.expiresAt, cancelled_by: null });
    expect((await stored(pending.id)).status).toBe('CANCELLED');
    const received = (await get(ctx(), `/api/requests/my-received-requests?donationId=${donation.id}`, donor)).json<DonationRequest[]>();
    expect(Object.fromEntries(received.map((item) => [item.id, item.status]))).toEqual({ [request.id]: 'NO_SHOW', [pending.id]: 'CANCELLED' });
    expect((await notificationsOf(waiting)).map((item) => item.title)).toContain('A donation expired');
    const missed = (await notificationsOf(receiver)).filter((item) => item.title === 'Pickup missed');
    expect(missed).toHaveLength(1);
    expect(missed[0]).toMatchObject({ kind: 'DONATION_EXPIRED', link: '/Profile' });
    expect(missed[0]?.body).toContain(`"${donation.foodName}" expired before you collected it`);

    // A second sweep finds nothing to do: no second notice, no change.
    ctx().clock.advance(ctx().config.expirySweepIntervalMs + MINUTE);
    await ctx().app.jobs.runDue();
    expect((await notificationsOf(receiver)).filter((item) => item.title === 'Pickup missed')).toHaveLength(1);
    expect(await stored(request.id)).toEqual(row);
  });

  it('a waiting request on expiring food is cancelled, not a no-show, and counts in no figure', async () => {
    const donor = await person('DONOR', 'Donor');
    const receiver = await person('RECEIVER', 'Unanswered receiver');
    const donation = await donate(ctx(), donor);
    const request = await requestDonation(ctx(), receiver, donation.id);
    await expireAndSweep();
    expect((await stored(request.id)).status).toBe('CANCELLED');
    expect(await reliability(receiver)).toEqual({
      asReceiver: { pickedUp: 0, accepted: 0 },
      asDonor: { handedOver: 0, accepted: 0 },
      recentNoShows: 0,
      limited: false,
    });
    const told = await notificationsOf(receiver);
    expect(told.map((item) => item.title)).toContain('A donation expired');
    expect(told.map((item) => item.title)).not.toContain('Pickup missed');
  });

  it('counts pickups and handovers: completed of accepted, no-shows and own withdrawals against each side, the other side’s not', async () => {
    const receiver = await person('RECEIVER', 'Counted receiver');
    const donor = await person('DONOR', 'Counted donor');

    // 1. Collected.
    const collected = await acceptedFor(receiver, donor);
    await complete(donor, receiver, collected.request.id);
    // 2. The receiver withdrew after acceptance: against the receiver only.
    const withdrawn = await acceptedFor(receiver, donor);
    expect((await post(ctx(), `/api/requests/${withdrawn.request.id}/cancel`, receiver)).statusCode).toBe(200);
    expect((await stored(withdrawn.request.id)).cancelled_by).toBe('RECEIVER');
    // 3. The donor withdrew the donation after accepting: against the donor only.
    const dropped = await acceptedFor(receiver, donor);
    expect((await post(ctx(), `/api/donations/${dropped.donation.id}/cancel`, donor)).statusCode).toBe(200);
    expect((await stored(dropped.request.id)).cancelled_by).toBe('DONOR');
    // 4. Withdrawn while still waiting: an acceptance never happened, so no figure moves.
    const early = await donate(ctx(), donor);
    const earlyRequest = await requestDonation(ctx(), receiver, early.id);
    expect((await post(ctx(), `/api/donations/${early.id}/cancel`, donor)).statusCode).toBe(200);
    expect((await stored(earlyRequest.id)).cancelled_by).toBeNull();
    // 5. A no-show: against the receiver only.
    await missPickups(receiver, 1);
    // 6. Accepted and still to be collected: not counted yet.
    await acceptedFor(receiver, donor);

    expect(await reliability(receiver)).toMatchObject({ asReceiver: { pickedUp: 1, accepted: 3 }, recentNoShows: 1, limited: false });
    expect((await reliability(donor)).asDonor).toEqual({ handedOver: 1, accepted: 2 });

    // The donor sees the receiver's figure on a new request before accepting it...
    const next = await donate(ctx(), donor);
    const asked = await requestDonation(ctx(), receiver, next.id);
    const received = (await get(ctx(), `/api/requests/my-received-requests?donationId=${next.id}`, donor)).json<DonationRequest[]>();
    expect(received).toEqual([expect.objectContaining({ id: asked.id, status: 'PENDING', receiverReliability: { pickedUp: 1, accepted: 3 } })]);
    expect(received[0]).not.toHaveProperty('donorReliability');
    // ...and the receiver the donor's, before asking and on their own requests.
    const stranger = await person('RECEIVER', 'Deciding receiver');
    const before = (await get(ctx(), `/api/requests/for-donation/${next.id}`, stranger)).json<MyRequestForDonation>();
    expect(before).toEqual({ request: null, isDonor: false, donorReliability: { handedOver: 1, accepted: 2 } });
    expect((await get(ctx(), `/api/requests/for-donation/${next.id}`, donor)).json<MyRequestForDonation>().donorReliability).toBeNull();
    const sent = (await get(ctx(), '/api/requests/my-sent-requests', receiver)).json<DonationRequest[]>();
    expect(sent.find((item) => item.id === asked.id)).toMatchObject({ donorReliability: { handedOver: 1, accepted: 2 } });
    expect(sent.find((item) => item.id === asked.id)).not.toHaveProperty('receiverReliability');
  });

  it('three no-shows in 30 days: one accepted request at a time, until a completed pickup lifts it', async () => {
    const receiver = await person('RECEIVER', 'Thrice late');
    await missPickups(receiver, 3);
    expect(await reliability(receiver)).toMatchObject({ asReceiver: { pickedUp: 0, accepted: 3 }, recentNoShows: 3, limited: true });

    const first = await acceptedFor(receiver);
    const secondDonor = await person('DONOR', 'Second donor');
    const second = await donate(ctx(), secondDonor);
    const secondRequest = await requestDonation(ctx(), receiver, second.id);
    const refused = await accept(secondDonor, secondRequest.id, 409);
    expect(refused.json()).toEqual(
      errorBody({
        code: 'NO_SHOW_LIMIT',
        message:
          'This receiver missed 3 pickups in the last 30 days, so they can hold only one accepted request at a time until they complete a pickup. They already have one awaiting pickup.',
      }),
    );
    // Nothing of the refused acceptance is left behind.
    expect((await stored(secondRequest.id)).status).toBe('PENDING');
    const donation = await ctx().database.db.selectFrom('donations').select('status').where('id', '=', second.id).executeTakeFirstOrThrow();
    expect(donation.status).toBe('AVAILABLE');

    await complete(first.donor, receiver, first.request.id);
    expect(await reliability(receiver)).toMatchObject({ asReceiver: { pickedUp: 1, accepted: 4 }, recentNoShows: 0, limited: false });
    await accept(secondDonor, secondRequest.id);
    // Lifted for good: a third acceptance alongside is fine.
    await acceptedFor(receiver);
  });

  it('no-shows older than 30 days do not count; two recent ones do not limit', async () => {
    const before = await person('RECEIVER', 'Long ago');
    await missPickups(before, 3);
    expect((await reliability(before)).limited).toBe(true);
    ctx().clock.advance(30 * DAY);
    // Sessions end after a month too: the same person signs in again.
    const token = await createSession(ctx().database.db, before.id, ctx().clock.now());
    const receiver = { ...before, token, headers: { authorization: `Bearer ${token}` } };
    expect(await reliability(receiver)).toMatchObject({ asReceiver: { pickedUp: 0, accepted: 3 }, recentNoShows: 0, limited: false });
    await missPickups(receiver, 2);
    expect((await reliability(receiver)).recentNoShows).toBe(2);
    await acceptedFor(receiver);
    await acceptedFor(receiver);
  });

  it('a limited receiver with no accepted request may still be accepted once', async () => {
    const receiver = await person('RECEIVER', 'Once more');
    await missPickups(receiver, 3);
    await acceptedFor(receiver);
  });

  it('two donors accepting a limited receiver at once: exactly one wins', async () => {
    for (let round = 0; round < 3; round += 1) {
      const receiver = await person('RECEIVER', `Raced receiver ${round}`);
      await missPickups(receiver, 3);
      const offers = [];
      for (let i = 0; i < 8; i += 1) {
        const donor = await person('DONOR', `Racing donor ${round}`);
        const donation = await donate(ctx(), donor);
        offers.push({ donor, request: await requestDonation(ctx(), receiver, donation.id) });
      }
      const responses = await Promise.all(offers.map(({ donor, request }) => post(ctx(), `/api/requests/${request.id}/accept`, donor)));
      const codes = responses.map((response) => response.statusCode).sort();
      expect(codes).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
      for (const response of responses.filter((one) => one.statusCode === 409)) expect(response.json()).toMatchObject({ code: 'NO_SHOW_LIMIT' });
      const awaiting = await ctx()
        .database.db.selectFrom('donation_requests')
        .select('id')
        .where('receiver_id', '=', receiver.id)
        .where('status', '=', 'AWAITING_PICKUP')
        .execute();
      expect(awaiting).toHaveLength(1);
    }
  });

  it('my-reliability needs a session', async () => {
    expect((await get(ctx(), '/api/requests/my-reliability')).statusCode).toBe(401);
  });
});
