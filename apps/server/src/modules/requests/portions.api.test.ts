import type { Donation } from '@annadaan/contract/donations';
import type { WaitlistEntry } from '@annadaan/contract/portions';
import type { DonationRequest, PickupInfo } from '@annadaan/contract/requests';
import { expect, it } from 'vitest';
import { buildApp } from '../../app';
import { sweepExpiredDonations } from '../donations/donations-service';
import { MINUTE } from '../../lib/clock';
import { type TestContext, describeEachDatabase } from '../../../test/test-app';
import { donate, get, post } from '../../../test/test-handover';
import { type TestUser, createTestUser } from '../../../test/test-users';

/*
 * Issue 33: a donation shared out in portions, the waitlist that hands freed portions on, and the
 * fair shares. Every test makes its own donor, receivers and donation.
 */

const portioned = (total: number, extra: Record<string, unknown> = {}) => ({
  foodName: 'Wedding biryani',
  quantity: `${total} plates`,
  portions: { total, unit: 'PLATE', maxPerRequest: 10, autoAccept: false, ...extra },
});

async function receivers(ctx: TestContext, label: string, count: number): Promise<TestUser[]> {
  return Promise.all(Array.from({ length: count }, (_, i) => createTestUser(ctx, { role: 'RECEIVER', fullName: `${label} receiver ${i + 1}` })));
}

async function ask(ctx: TestContext, receiver: TestUser, donationId: number, portions?: number) {
  return post(ctx, `/api/requests/create/${donationId}`, receiver, portions === undefined ? { paymentMethod: '' } : { paymentMethod: '', portions });
}

async function asked(ctx: TestContext, receiver: TestUser, donationId: number, portions: number): Promise<DonationRequest> {
  const response = await ask(ctx, receiver, donationId, portions);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<DonationRequest>();
}

async function accept(ctx: TestContext, donor: TestUser, requestId: number, portions?: number): Promise<DonationRequest> {
  const response = await post(ctx, `/api/requests/${requestId}/accept`, donor, portions === undefined ? undefined : { portions });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<DonationRequest>();
}

async function donationOf(ctx: TestContext, id: number, reader?: TestUser): Promise<Donation> {
  const response = await get(ctx, `/api/browse/donations/${id}`, reader);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Donation>();
}

async function codeOf(ctx: TestContext, receiver: TestUser, requestId: number): Promise<string> {
  const response = await get(ctx, `/api/requests/${requestId}/pickup-code`, receiver);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PickupInfo>().pickupCode;
}

async function join(ctx: TestContext, receiver: TestUser, donationId: number, portions: number) {
  return post(ctx, `/api/donations/${donationId}/waitlist`, receiver, { portions });
}

async function myPlace(ctx: TestContext, receiver: TestUser, donationId: number): Promise<WaitlistEntry | null> {
  const response = await get(ctx, `/api/donations/${donationId}/waitlist/me`, receiver);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ entry: WaitlistEntry | null }>().entry;
}

async function kindsOf(ctx: TestContext, who: TestUser): Promise<string[]> {
  const rows = await ctx.database.db.selectFrom('notifications').select('kind').where('user_id', '=', who.id).orderBy('id').execute();
  return rows.map((row) => row.kind);
}

const statusCounts = (responses: Array<{ statusCode: number }>) =>
  responses.reduce<Record<number, number>>((counts, { statusCode }) => ({ ...counts, [statusCode]: (counts[statusCode] ?? 0) + 1 }), {});

describeEachDatabase('portions, the waitlist and fair shares', (ctx) => {
  it('keeps one receiver per donation without portions, as before, and refuses portions there', async () => {
    const donor = await createTestUser(ctx(), { fullName: 'Single donor' });
    const [first, second] = await receivers(ctx(), 'single', 2);
    const donation = await donate(ctx(), donor);
    expect(donation.portions).toBeNull();
    const refused = await ask(ctx(), first as TestUser, donation.id, 3);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ messageCode: 'PORTIONS_NOT_SHARED', fieldErrorCodes: { portions: { code: 'PORTIONS_NOT_SHARED' } } });
    const one = await asked(ctx(), first as TestUser, donation.id, 1);
    const other = (await ask(ctx(), second as TestUser, donation.id)).json<DonationRequest>();
    expect(one.portions).toBeNull();
    await accept(ctx(), donor, one.id);
    expect((await post(ctx(), `/api/requests/${other.id}/accept`, donor)).statusCode).toBe(409);
    expect((await donationOf(ctx(), donation.id)).status).toBe('PENDING');
  });

  it('does the portion arithmetic: fewer accepted than asked, never more than remain, partial collection back to the pool', async () => {
    const donor = await createTestUser(ctx(), { fullName: 'Caterer' });
    const [a, b, c] = (await receivers(ctx(), 'arith', 3)) as [TestUser, TestUser, TestUser];
    const donation = await donate(ctx(), donor, portioned(20));
    expect(donation.portions).toEqual({ total: 20, left: 20, unit: 'PLATE', maxPerRequest: 10, autoAccept: false, waiting: 0 });

    const tooMany = await ask(ctx(), a, donation.id, 11);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ messageCode: 'PORTIONS_OVER_MAX', params: { max: '10' } });
    expect(Object.keys(tooMany.json().fieldErrors ?? {})).toEqual(['portions']);

    const ra = await asked(ctx(), a, donation.id, 10);
    expect(ra.portions).toMatchObject({ unit: 'PLATE', asked: 10, accepted: null, collected: null });
    const more = await post(ctx(), `/api/requests/${ra.id}/accept`, donor, { portions: 11 });
    expect(more.statusCode).toBe(400);
    expect(more.json().messageCode).toBe('ACCEPT_MORE_THAN_ASKED');
    const acceptedA = await accept(ctx(), donor, ra.id, 8);
    expect(acceptedA.portions).toMatchObject({ asked: 10, accepted: 8 });
    expect(acceptedA.portions?.collectBy).not.toBeNull();
    // The receiver is told how many and by what time (India's clock), not only the day.
    const told = (await get(ctx(), '/api/notifications', a)).json<{ items: { body: string }[] }>().items.map((item) => item.body);
    expect(told.some((body) => /^The donor accepted 8 plates of "Wedding biryani" for you\. Collect them by \d{1,2}:\d{2} [ap]m with/.test(body))).toBe(true);
    expect((await donationOf(ctx(), donation.id)).portions?.left).toBe(12);

    const rb = await asked(ctx(), b, donation.id, 10);
    await accept(ctx(), donor, rb.id);
    const rc = await asked(ctx(), c, donation.id, 5);
    // Only 2 are left: the donor is told how many, on the field.
    const over = await post(ctx(), `/api/requests/${rc.id}/accept`, donor, { portions: 5 });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ messageCode: 'NOT_ENOUGH_PORTIONS_LEFT', params: { left: '2' } });
    await accept(ctx(), donor, rc.id, 2);
    const full = await donationOf(ctx(), donation.id);
    expect(full.portions?.left).toBe(0);
    expect(full.status).toBe('PENDING');
    // Nothing left: a new request is refused and points to the waitlist.
    const [late] = (await receivers(ctx(), 'arith-late', 1)) as [TestUser];
    const refused = await ask(ctx(), late, donation.id, 1);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().messageCode).toBe('NO_PORTIONS_LEFT');

    // A collects 5 of 8: 3 go back, the donation is listed again with 3 left.
    const collectedMore = await post(ctx(), `/api/requests/${ra.id}/confirm-pickup`, donor, {
      pickupCode: await codeOf(ctx(), a, ra.id),
      portionsCollected: 9,
    });
    expect(collectedMore.statusCode).toBe(400);
    expect(collectedMore.json().messageCode).toBe('COLLECTED_MORE_THAN_ACCEPTED');
    const done = await post(ctx(), `/api/requests/${ra.id}/confirm-pickup`, donor, { pickupCode: await codeOf(ctx(), a, ra.id), portionsCollected: 5 });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<DonationRequest>().portions).toMatchObject({ accepted: 8, collected: 5, collectBy: null });
    const after = await donationOf(ctx(), donation.id);
    expect(after.portions?.left).toBe(3);
    expect(after.status).toBe('AVAILABLE');

    // B withdraws: 10 back. C collects all 2.
    expect((await post(ctx(), `/api/requests/${rb.id}/cancel`, b)).statusCode).toBe(200);
    expect((await donationOf(ctx(), donation.id)).portions?.left).toBe(13);
    expect((await post(ctx(), `/api/requests/${rc.id}/confirm-pickup`, donor, { pickupCode: await codeOf(ctx(), c, rc.id) })).statusCode).toBe(200);
    const row = await ctx().database.db.selectFrom('donations').select(['portions_taken', 'status']).where('id', '=', donation.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ portions_taken: 7, status: 'AVAILABLE' });
  });

  it('completes the donation when every portion is collected, turning down those still waiting for an answer', async () => {
    const donor = await createTestUser(ctx(), { fullName: 'Canteen' });
    const [a, b, c] = (await receivers(ctx(), 'complete', 3)) as [TestUser, TestUser, TestUser];
    const donation = await donate(ctx(), donor, portioned(6, { maxPerRequest: 3 }));
    const ra = await asked(ctx(), a, donation.id, 3);
    const rb = await asked(ctx(), b, donation.id, 3);
    const rc = await asked(ctx(), c, donation.id, 3);
    await accept(ctx(), donor, ra.id);
    await accept(ctx(), donor, rb.id);
    for (const [who, request] of [
      [a, ra],
      [b, rb],
    ] as const) {
      expect((await post(ctx(), `/api/requests/${request.id}/confirm-pickup`, donor, { pickupCode: await codeOf(ctx(), who, request.id) })).statusCode).toBe(
        200,
      );
    }
    expect((await donationOf(ctx(), donation.id)).status).toBe('COMPLETED');
    const turnedDown = await get(ctx(), `/api/requests/for-donation/${donation.id}`, c);
    expect(turnedDown.json().request).toMatchObject({ id: rc.id, status: 'REJECTED' });
  });

  it('accepts automatically in arrival order: 200 parallel requests for 60 portions end with exactly 60 accepted (two instances on PostgreSQL)', async () => {
    const donor = await createTestUser(ctx(), { fullName: 'Wedding hall' });
    const donation = await donate(ctx(), donor, portioned(60, { autoAccept: true, maxPerRequest: 1 }));
    const people = await receivers(ctx(), 'burst', 200);
    const other = (await ctx().secondInstance()) ?? ctx().app;
    const responses = await Promise.all(
      people.map((person, i) =>
        (i % 2 === 0 ? ctx().app : other).inject({
          method: 'POST',
          url: `/api/requests/create/${donation.id}`,
          headers: person.headers,
          payload: { paymentMethod: '', portions: 1 },
        }),
      ),
    );
    expect(statusCounts(responses)).toEqual({ 201: 60, 409: 140 });
    for (const response of responses.filter((r) => r.statusCode === 409)) expect(response.json().messageCode).toBe('NO_PORTIONS_LEFT');
    const accepted = responses.filter((r) => r.statusCode === 201).map((r) => r.json<DonationRequest>());
    expect(accepted.every((request) => request.status === 'AWAITING_PICKUP' && request.portions?.accepted === 1)).toBe(true);
    const db = ctx().database.db;
    const awaiting = await db
      .selectFrom('donation_requests')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('donation_id', '=', donation.id)
      .where('status', '=', 'AWAITING_PICKUP')
      .executeTakeFirstOrThrow();
    expect(Number(awaiting.count)).toBe(60);
    const row = await db.selectFrom('donations').select(['portions_taken', 'status']).where('id', '=', donation.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ portions_taken: 60, status: 'PENDING' });
    // Nothing left: off Browse.
    const browse = await get(ctx(), '/api/browse/donations?pageSize=100&sort=NEWEST');
    expect(browse.json<Donation[]>().some((listed) => listed.id === donation.id)).toBe(false);
    // Each accepted receiver has their own code.
    const codes = await db
      .selectFrom('donation_requests')
      .select('pickup_code')
      .where('donation_id', '=', donation.id)
      .where('status', '=', 'AWAITING_PICKUP')
      .execute();
    expect(codes.every((code) => /^\d{6}$/.test(code.pickup_code ?? ''))).toBe(true);
  });

  it('never accepts more than exist when the donor accepts 80 requests at once for 50 portions', async () => {
    const donor = await createTestUser(ctx(), { fullName: 'Fast donor' });
    const donation = await donate(ctx(), donor, portioned(50, { maxPerRequest: 1 }));
    const people = await receivers(ctx(), 'accept-burst', 80);
    const requests = [];
    for (const person of people) requests.push(await asked(ctx(), person, donation.id, 1));
    const other = (await ctx().secondInstance()) ?? ctx().app;
    const responses = await Promise.all(
      requests.map((request, i) =>
        (i % 2 === 0 ? ctx().app : other).inject({ method: 'POST', url: `/api/requests/${request.id}/accept`, headers: donor.headers }),
      ),
    );
    expect(statusCounts(responses)).toEqual({ 200: 50, 409: 30 });
    const row = await ctx().database.db.selectFrom('donations').select('portions_taken').where('id', '=', donation.id).executeTakeFirstOrThrow();
    expect(row.portions_taken).toBe(50);
  });

  it('caps the portions one account takes in 24 hours, counted atomically under a burst', async () => {
    const donor = await createTestUser(ctx(), { fullName: 'Cap donor' });
    const [greedy] = (await receivers(ctx(), 'cap', 1)) as [TestUser];
    const donations: Donation[] = [];
    for (let i = 0; i < 6; i += 1) donations.push(await donate(ctx(), donor, portioned(10, { maxPerRequest: 5, autoAccept: true })));
    // 6 requests of 5 at once against the default cap of 20: exactly 4 go through.
    const responses = await Promise.all(donations.map((donation) => ask(ctx(), greedy, donation.id, 5)));
    expect(statusCounts(responses)).toEqual({ 201: 4, 429: 2 });
    const capped = responses.find((response) => response.statusCode === 429);
    expect(capped?.json()).toMatchObject({ messageCode: 'PORTION_DAILY_CAP', params: { cap: '20', left: '0' } });
    expect(Object.keys(capped?.json().fieldErrors ?? {})).toEqual(['portions']);
    // The cap rolls: requests older than 24 hours no longer count.
    await ctx()
      .database.db.updateTable('donation_requests')
      .set({ created_at: new Date(ctx().clock.now().getTime() - 24 * 60 * MINUTE - MINUTE).toISOString() })
      .where('receiver_id', '=', greedy.id)
      .execute();
    const fresh = await donate(ctx(), donor, portioned(10, { maxPerRequest: 5, autoAccept: true }));
    expect((await ask(ctx(), greedy, fresh.id, 5)).statusCode).toBe(201);
  });

  it("holds food for verified organisations for the donor's first minutes, with a larger cap for them", async () => {
    const donor = await createTestUser(ctx(), { fullName: 'Hold donor' });
    const [person, coordinator] = (await receivers(ctx(), 'hold', 2)) as [TestUser, TestUser];
    const created = await post(ctx(), '/api/organisations', coordinator, { name: 'Roti Bank Pune', kind: 'NGO', city: 'Pune', pinCode: '411001' });
    expect(created.statusCode, created.body).toBe(201);
    const organisationId = created.json<{ id: number }>().id;
    const donation = await donate(ctx(), donor, { ...portioned(100, { maxPerRequest: 30 }), organisationsOnlyMinutes: 30 });
    expect(donation.organisationsOnlyUntil).not.toBeNull();
    const held = await ask(ctx(), person, donation.id, 1);
    expect(held.statusCode).toBe(403);
    expect(held.json().messageCode).toBe('DONATION_HELD_FOR_ORGANISATIONS');
    expect(Object.keys(held.json().fieldErrors ?? {})).toEqual(['organisationId']);
    // Not verified yet: still held.
    const unverified = await post(ctx(), `/api/requests/create/${donation.id}`, coordinator, { portions: 25, organisationId });
    expect(unverified.statusCode).toBe(403);
    await ctx().database.db.updateTable('organisations').set({ status: 'VERIFIED' }).where('id', '=', organisationId).execute();
    // Verified: it may ask, and 25 portions are within an organisation's cap of 200.
    const forOrganisation = await post(ctx(), `/api/requests/create/${donation.id}`, coordinator, { portions: 25, organisationId });
    expect(forOrganisation.statusCode, forOrganisation.body).toBe(201);
    ctx().clock.advance(31 * MINUTE);
    expect((await donationOf(ctx(), donation.id)).organisationsOnlyUntil).toBeNull();
    expect((await ask(ctx(), person, donation.id, 1)).statusCode).toBe(201);
  });

  it('hands freed portions to the waitlist in order: offer, take, pass, and back to Browse when nobody waits', async () => {
    const donor = await createTestUser(ctx(), { fullName: 'Waitlist donor' });
    const [holder, first, second, stranger] = (await receivers(ctx(), 'line', 4)) as [TestUser, TestUser, TestUser, TestUser];
    const donation = await donate(ctx(), donor, portioned(10));
    const held = await asked(ctx(), holder, donation.id, 10);
    expect((await join(ctx(), first, donation.id, 4)).statusCode).toBe(409);
    await accept(ctx(), donor, held.id);

    const joined = await join(ctx(), first, donation.id, 4);
    expect(joined.statusCode, joined.body).toBe(201);
    expect(joined.json<WaitlistEntry>()).toMatchObject({ status: 'WAITING', position: 1, portions: 4 });
    expect((await join(ctx(), first, donation.id, 4)).json().messageCode).toBe('WAITLIST_ALREADY_JOINED');
    expect((await join(ctx(), second, donation.id, 4)).json<WaitlistEntry>().position).toBe(2);
    expect((await join(ctx(), holder, donation.id, 1)).json().messageCode).toBe('WAITLIST_HAS_REQUEST');
    expect((await join(ctx(), donor, donation.id, 1)).statusCode).toBe(403);
    expect((await donationOf(ctx(), donation.id, donor)).portions?.waiting).toBe(2);

    // The holder withdraws: 4 offered to the first, 4 to the second, 2 left for anyone.
    expect((await post(ctx(), `/api/requests/${held.id}/cancel`, holder)).statusCode).toBe(200);
    const offer = (await myPlace(ctx(), first, donation.id)) as WaitlistEntry;
    expect(offer).toMatchObject({ status: 'OFFERED', offeredPortions: 4, position: null });
    expect(new Date(offer.offerExpiresAt ?? 0).getTime() - ctx().clock.now().getTime()).toBe(10 * MINUTE);
    expect(await kindsOf(ctx(), first)).toContain('WAITLIST');
    expect((await myPlace(ctx(), second, donation.id))?.status).toBe('OFFERED');
    const listed = await donationOf(ctx(), donation.id);
    expect(listed).toMatchObject({ status: 'AVAILABLE', portions: { left: 2 } });

    // Someone else's place is not found; the first takes theirs and has their own code.
    expect((await post(ctx(), `/api/waitlist/${offer.id}/take`, stranger)).statusCode).toBe(404);
    const taken = await post(ctx(), `/api/waitlist/${offer.id}/take`, first);
    expect(taken.statusCode, taken.body).toBe(200);
    const request = taken.json<DonationRequest>();
    expect(request).toMatchObject({ status: 'AWAITING_PICKUP', portions: { accepted: 4 } });
    expect(await codeOf(ctx(), first, request.id)).toMatch(/^\d{6}$/);
    expect((await post(ctx(), `/api/waitlist/${offer.id}/take`, first)).json().messageCode).toBe('WAITLIST_OFFER_GONE');

    // The second passes: 4 more back, 6 left.
    const secondPlace = (await myPlace(ctx(), second, donation.id)) as WaitlistEntry;
    const passed = await post(ctx(), `/api/waitlist/${secondPlace.id}/leave`, second);
    expect(passed.json<WaitlistEntry>().status).toBe('PASSED');
    expect((await donationOf(ctx(), donation.id)).portions?.left).toBe(6);

    // The places in line go with the person's data export.
    const exported = await get(ctx(), '/api/me/export', second);
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.json<{ waitlists: unknown[] }>().waitlists).toEqual([
      { id: secondPlace.id, donationId: donation.id, portions: 4, status: 'PASSED', offeredPortions: 4, createdAt: expect.any(String) },
    ]);
  });

  it('promotes the next in line when an offer lapses, after a restart, and after a missed collection', async () => {
    const donor = await createTestUser(ctx(), { fullName: 'Restart donor' });
    const [holder, first, second] = (await receivers(ctx(), 'restart', 3)) as [TestUser, TestUser, TestUser];
    const donation = await donate(ctx(), donor, portioned(10));
    const held = await accept(ctx(), donor, (await asked(ctx(), holder, donation.id, 10)).id);
    expect((await join(ctx(), first, donation.id, 10)).statusCode).toBe(201);
    expect((await join(ctx(), second, donation.id, 10)).statusCode).toBe(201);

    // The holder does not come within the hour to collect: a no-show, and the first is offered all 10.
    ctx().clock.advance(60 * MINUTE);
    await ctx().app.jobs.runDue();
    const missed = await ctx().database.db.selectFrom('donation_requests').select(['status', 'missed_at']).where('id', '=', held.id).executeTakeFirstOrThrow();
    expect(missed.status).toBe('NO_SHOW');
    expect(missed.missed_at).not.toBeNull();
    expect((await myPlace(ctx(), first, donation.id))?.status).toBe('OFFERED');

    // A new server process, with nothing in memory from the one that made the offer, runs its clock.
    const restarted = await buildApp({ config: ctx().config, database: ctx().database, clock: ctx().clock });
    await restarted.ready();
    try {
      ctx().clock.advance(10 * MINUTE);
      await restarted.jobs.runDue();
    } finally {
      await restarted.close();
    }
    expect((await myPlace(ctx(), first, donation.id))?.status).toBe('LAPSED');
    const next = (await myPlace(ctx(), second, donation.id)) as WaitlistEntry;
    expect(next).toMatchObject({ status: 'OFFERED', offeredPortions: 10 });
    expect(await kindsOf(ctx(), second)).toContain('WAITLIST');
  });

  it("tells a nearby-food alert how much is shared, and the waitlist offer what is offered, in the reader's words", async () => {
    const donor = await createTestUser(ctx(), { fullName: 'Alert donor' });
    const [watcher] = (await receivers(ctx(), 'alert', 1)) as [TestUser];
    const alert = await post(ctx(), '/api/alerts', watcher, { lat: 18.52, lng: 73.85, radiusKm: 5, label: 'Home' });
    expect(alert.statusCode, alert.body).toBe(201);
    await donate(ctx(), donor, portioned(60));
    await ctx().app.jobs.runDue();
    const inbox = await get(ctx(), '/api/notifications', watcher);
    const bodies = inbox.json<{ items: { body: string }[] }>().items.map((item) => item.body);
    expect(bodies).toContain(
      '60 plates of "Wedding biryani" were just listed within 5 km of Home, shared among several people. Request yours before they are gone.',
    );
  });

  it('ends the waitlist when the food expires, telling those in line', async () => {
    const donor = await createTestUser(ctx(), { fullName: 'Expiry donor' });
    const [holder, waiting] = (await receivers(ctx(), 'expiry', 2)) as [TestUser, TestUser];
    const donation = await donate(ctx(), donor, portioned(4, { maxPerRequest: 4 }));
    await accept(ctx(), donor, (await asked(ctx(), holder, donation.id, 4)).id);
    expect((await join(ctx(), waiting, donation.id, 2)).statusCode).toBe(201);
    ctx().clock.advance(5 * 60 * MINUTE);
    expect(await sweepExpiredDonations(ctx().database.db, ctx().clock.now(), ctx().dialect)).toBeGreaterThanOrEqual(1);
    expect((await myPlace(ctx(), waiting, donation.id))?.status).toBe('ENDED');
    expect(await kindsOf(ctx(), waiting)).toContain('WAITLIST');
  });
});
