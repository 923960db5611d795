import type { Notification, NotificationPage } from '@annadaan/contract/notifications';
import type { PickupInfo } from '@annadaan/contract/requests';
import { expect, it } from 'vitest';
import { HOUR } from '../../lib/clock';
import { bearer, freshAddress, registerPerson } from '../../../test/accounts';
import { type TestContext, describeEachDatabase } from '../../../test/test-app';
import { acceptedScenario, donate, get, post, requestDonation, scenario, wrongCode } from '../../../test/test-handover';
import { type TestUser, createTestUser } from '../../../test/test-users';
import { sweepExpiredDonations } from '../donations/donations-service';
import { notices, recordNotification } from './notifications-service';

type Who = TestUser | { token: string };
const headersOf = (who: Who) => ('headers' in who ? who.headers : bearer(who.token));

async function inbox(ctx: TestContext, who: Who, query = ''): Promise<NotificationPage> {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/notifications${query}`, headers: headersOf(who) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<NotificationPage>();
}

async function kinds(ctx: TestContext, who: Who): Promise<string[]> {
  return (await inbox(ctx, who)).items.map((item) => item.kind);
}

async function unread(ctx: TestContext, who: Who): Promise<number> {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/notifications/unread-count', headers: headersOf(who) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ count: number }>().count;
}

async function markRead(ctx: TestContext, who: Who, payload: object) {
  return ctx.app.inject({ method: 'POST', url: '/api/notifications/read', headers: headersOf(who), payload });
}

/** What no notification may carry: the donor's and receiver's numbers, the street, the pickup code. */
function expectNothingPrivate(items: Notification[], secrets: string[]) {
  const text = JSON.stringify(items);
  for (const secret of secrets) expect(text, `a notification shows ${secret}`).not.toContain(secret);
}

describeEachDatabase('notifications: recorded with the change that causes them', (ctx) => {
  it("tells the donor of a new request, linking to that donation's received requests", async () => {
    const { donor, receiver, donation } = await scenario(ctx(), 'received');
    const items = (await inbox(ctx(), donor)).items;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      kind: 'REQUEST_RECEIVED',
      title: 'New request for your food',
      body: 'Someone asked for "Veg biryani". Accept or decline it soon.',
      link: `/my-received-requests?donation=${donation.id}`,
      readAt: null,
    });
    expect(await kinds(ctx(), receiver)).toEqual([]);
    expect(await unread(ctx(), donor)).toBe(1);
  });

  it('tells the receiver of an accept (linking to My Orders) without the code or any number', async () => {
    const { donor, receiver, stranger, code } = await acceptedScenario(ctx(), 'accepted');
    const items = (await inbox(ctx(), receiver)).items;
    expect(items.map((item) => item.kind)).toEqual(['REQUEST_ACCEPTED']);
    expect(items[0]).toMatchObject({ title: 'Your request was accepted', link: '/my-order' });
    expectNothingPrivate(items, [code, donor.contactNumber.slice(-10), receiver.contactNumber.slice(-10), 'MG Road', 'Shop 4']);
    expectNothingPrivate((await inbox(ctx(), donor)).items, [code, receiver.contactNumber.slice(-10), 'MG Road']);
    expect(await kinds(ctx(), stranger)).toEqual([]);
  });

  it('tells the receiver of a reject, and the donor of a withdrawn request', async () => {
    const rejected = await scenario(ctx(), 'rejected');
    expect((await post(ctx(), `/api/requests/${rejected.request.id}/reject`, rejected.donor)).statusCode).toBe(200);
    expect(await kinds(ctx(), rejected.receiver)).toEqual(['REQUEST_REJECTED']);

    const withdrawn = await scenario(ctx(), 'withdrawn');
    expect((await post(ctx(), `/api/requests/${withdrawn.request.id}/cancel`, withdrawn.receiver)).statusCode).toBe(200);
    expect(await kinds(ctx(), withdrawn.donor)).toEqual(['REQUEST_CANCELLED', 'REQUEST_RECEIVED']);
    expect(await kinds(ctx(), withdrawn.receiver)).toEqual([]);

    const afterAccept = await acceptedScenario(ctx(), 'withdrawn after accept');
    expect((await post(ctx(), `/api/requests/${afterAccept.request.id}/cancel`, afterAccept.receiver)).statusCode).toBe(200);
    expect(await kinds(ctx(), afterAccept.donor)).toEqual(['REQUEST_CANCELLED', 'REQUEST_RECEIVED']);
  });

  it('tells every receiver with an open request when the donor withdraws the donation', async () => {
    const { donor, receiver, donation } = await scenario(ctx(), 'donation cancelled');
    const second = await createTestUser(ctx(), { role: 'RECEIVER', fullName: 'Second receiver' });
    const turnedDown = await createTestUser(ctx(), { role: 'RECEIVER', fullName: 'Turned down' });
    await requestDonation(ctx(), second, donation.id);
    const old = await requestDonation(ctx(), turnedDown, donation.id);
    expect((await post(ctx(), `/api/requests/${old.id}/reject`, donor)).statusCode).toBe(200);
    expect((await post(ctx(), `/api/donations/${donation.id}/cancel`, donor)).statusCode).toBe(200);
    expect(await kinds(ctx(), receiver)).toEqual(['DONATION_CANCELLED']);
    expect(await kinds(ctx(), second)).toEqual(['DONATION_CANCELLED']);
    expect(await kinds(ctx(), turnedDown)).toEqual(['REQUEST_REJECTED']);
    expect((await inbox(ctx(), receiver)).items[0]?.body).toBe('The donor withdrew "Veg biryani", so your request was cancelled.');
  });

  it('tells receivers with an open request when the sweep expires the donation', async () => {
    const donor = await createTestUser(ctx(), { role: 'DONOR', fullName: 'Expiring donor' });
    const receiver = await createTestUser(ctx(), { role: 'RECEIVER', fullName: 'Expiring receiver' });
    const donation = await donate(ctx(), donor, { foodName: 'Dal and rice' });
    await requestDonation(ctx(), receiver, donation.id);
    ctx().clock.advance(5 * HOUR);
    try {
      expect(await sweepExpiredDonations(ctx().database.db, ctx().clock.now(), ctx().dialect)).toBeGreaterThanOrEqual(1);
    } finally {
      ctx().clock.advance(-5 * HOUR);
    }
    expect(await kinds(ctx(), receiver)).toEqual(['DONATION_EXPIRED']);
  });

  it('tells both parties when the pickup completes, asking each to rate the other; others waiting hear they were declined', async () => {
    const { donor, receiver, donation, request } = await scenario(ctx(), 'completed');
    const waiting = await createTestUser(ctx(), { role: 'RECEIVER', fullName: 'Still waiting' });
    await requestDonation(ctx(), waiting, donation.id);
    expect((await post(ctx(), `/api/requests/${request.id}/accept`, donor)).statusCode).toBe(200);
    const code = (await get(ctx(), `/api/requests/${request.id}/pickup-code`, receiver)).json<PickupInfo>().pickupCode;
    expect((await post(ctx(), `/api/requests/${request.id}/confirm-pickup`, donor, { pickupCode: code })).statusCode).toBe(200);
    const donorItems = (await inbox(ctx(), donor)).items;
    expect(donorItems[0]).toMatchObject({
      kind: 'PICKUP_COMPLETED',
      body: 'The pickup of "Veg biryani" is complete. Please rate the receiver.',
      link: `/my-received-requests?donation=${donation.id}`,
    });
    const receiverItems = (await inbox(ctx(), receiver)).items;
    expect(receiverItems.map((item) => item.kind)).toEqual(['PICKUP_COMPLETED', 'REQUEST_ACCEPTED']);
    expect(receiverItems[0]).toMatchObject({ body: 'The pickup of "Veg biryani" is complete. Please rate the donor.', link: '/my-order' });
    expect(await kinds(ctx(), waiting)).toEqual(['REQUEST_REJECTED']);
  });

  it('records nothing when the change is refused', async () => {
    const { donor, receiver, stranger, donation, request, code } = await acceptedScenario(ctx(), 'refused');
    const late = await createTestUser(ctx(), { role: 'RECEIVER', fullName: 'Late receiver' });
    const donorBefore = await kinds(ctx(), donor);
    const receiverBefore = await kinds(ctx(), receiver);
    // Requesting an accepted donation, accepting or rejecting twice, a wrong code, a stranger acting.
    expect((await post(ctx(), `/api/requests/create/${donation.id}`, late, { paymentMethod: '' })).statusCode).toBe(409);
    expect((await post(ctx(), `/api/requests/${request.id}/accept`, donor)).statusCode).toBe(409);
    expect((await post(ctx(), `/api/requests/${request.id}/reject`, donor)).statusCode).toBe(409);
    expect((await post(ctx(), `/api/requests/${request.id}/confirm-pickup`, donor, { pickupCode: wrongCode(code) })).statusCode).toBe(400);
    expect((await post(ctx(), `/api/requests/${request.id}/cancel`, stranger)).statusCode).toBe(404);
    expect((await post(ctx(), `/api/donations/${donation.id}/cancel`, stranger)).statusCode).toBe(403);
    expect((await post(ctx(), `/api/requests/create/${donation.id}`, donor, { paymentMethod: '' })).statusCode).toBe(403);
    expect(await kinds(ctx(), donor)).toEqual(donorBefore);
    expect(await kinds(ctx(), receiver)).toEqual(receiverBefore);
    expect(await kinds(ctx(), late)).toEqual([]);
    expect(await kinds(ctx(), stranger)).toEqual([]);
    const info = await get(ctx(), `/api/requests/${request.id}/pickup-code`, receiver);
    expect(info.json<PickupInfo>().pickupCode).toBe(code);
  });

  it('loses a notification with the transaction that wrote it when that rolls back', async () => {
    const person = await createTestUser(ctx(), { role: 'DONOR', fullName: 'Rolled back' });
    await expect(
      ctx()
        .database.db.transaction()
        .execute(async (trx) => {
          await recordNotification(trx, notices.passwordChanged(person.id), ctx().clock.now());
          throw new Error('the change failed after the notification was written');
        }),
    ).rejects.toThrow('the change failed');
    expect(await kinds(ctx(), person)).toEqual([]);
  });

  it('tells the account owner of a password change, a reset asked for, a reset done and a phone change', async () => {
    const person = await registerPerson(ctx());
    const changed = await ctx().app.inject({
      method: 'POST',
      url: '/api/user/change-password',
      headers: bearer(person.token),
      payload: { currentPassword: person.password, newPassword: 'Monsoon-Lantern-77' },
      remoteAddress: freshAddress(),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await kinds(ctx(), person)).toEqual(['ACCOUNT_SECURITY']);

    const wrong = await ctx().app.inject({
      method: 'POST',
      url: '/api/user/change-password',
      headers: bearer(person.token),
      payload: { currentPassword: 'Not-The-Password-1', newPassword: 'Another-Lantern-88' },
      remoteAddress: freshAddress(),
    });
    expect(wrong.statusCode).toBe(400);
    expect(await kinds(ctx(), person)).toHaveLength(1);

    const forgot = await ctx().app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: person.email, contactNumber: person.contactNumber },
      remoteAddress: freshAddress(),
    });
    expect(forgot.statusCode).toBe(200);
    const items = (await inbox(ctx(), person)).items;
    expect(items.map((item) => item.title)).toEqual(['A password reset was asked for', 'Your password was changed']);
    const outbox = await ctx().app.inject({ method: 'GET', url: `/api/dev/outbox?email=${encodeURIComponent(person.email)}` });
    const resetCode = /\b(\d{6})\b/.exec(outbox.json<{ messages: { text: string }[] }>().messages.at(-1)?.text ?? '')?.[1] ?? '';
    expectNothingPrivate(items, [resetCode, person.contactNumber]);

    const phone = await ctx().app.inject({
      method: 'PUT',
      url: '/api/user/update-profile',
      headers: bearer(person.token),
      payload: { contactNumber: '9123456780', currentPassword: 'Monsoon-Lantern-77' },
      remoteAddress: freshAddress(),
    });
    expect(phone.statusCode, phone.body).toBe(200);
    const afterPhone = (await inbox(ctx(), person)).items;
    expect(afterPhone[0]).toMatchObject({ kind: 'ACCOUNT_SECURITY', title: 'Your phone number was changed', link: '/Profile' });
    expectNothingPrivate(afterPhone, ['9123456780', '23456780', person.contactNumber]);
  });

  it('tells the owner when a reset code was used', async () => {
    const person = await registerPerson(ctx());
    await ctx().app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: person.email, contactNumber: person.contactNumber },
      remoteAddress: freshAddress(),
    });
    const outbox = await ctx().app.inject({ method: 'GET', url: `/api/dev/outbox?email=${encodeURIComponent(person.email)}` });
    const code = /\b(\d{6})\b/.exec(outbox.json<{ messages: { text: string }[] }>().messages.at(-1)?.text ?? '')?.[1] ?? '';
    const reset = await ctx().app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { email: person.email, contactNumber: person.contactNumber, code, newPassword: 'Harbour-Kettle-55' },
      remoteAddress: freshAddress(),
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const login = await ctx().app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: person.email, password: 'Harbour-Kettle-55' },
      remoteAddress: freshAddress(),
    });
    const token = login.json<{ accessToken: string }>().accessToken;
    expect((await inbox(ctx(), { token })).items.map((item) => item.title)).toEqual(['Your password was reset', 'A password reset was asked for']);
  });
});

describeEachDatabase('notifications: reading, paging and marking read', (ctx) => {
  async function personWith(count: number) {
    const person = await createTestUser(ctx(), { role: 'DONOR', fullName: 'Busy donor' });
    for (let i = 0; i < count; i += 1) {
      await ctx()
        .database.db.transaction()
        .execute((trx) => recordNotification(trx, notices.passwordChanged(person.id), ctx().clock.now()));
    }
    return person;
  }

  it('pages newest first with a cursor, 20 by default, at most 100', async () => {
    const person = await personWith(45);
    const first = await inbox(ctx(), person);
    expect(first.items).toHaveLength(20);
    const ids = first.items.map((item) => item.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const second = await inbox(ctx(), person, `?cursor=${first.nextCursor}`);
    const third = await inbox(ctx(), person, `?cursor=${second.nextCursor}`);
    expect(third.items).toHaveLength(5);
    expect(third.nextCursor).toBeNull();
    const all = [...first.items, ...second.items, ...third.items].map((item) => item.id);
    expect(new Set(all).size).toBe(45);
    expect((await inbox(ctx(), person, '?limit=100')).items).toHaveLength(45);
    expect((await inbox(ctx(), person, '?limit=100')).nextCursor).toBeNull();
    const exact = await inbox(ctx(), person, '?limit=45');
    expect(exact.nextCursor).toBeNull();
  });

  it('refuses a bad cursor or limit with the field concerned', async () => {
    const person = await personWith(1);
    for (const [query, field] of [
      ['?limit=0', 'limit'],
      ['?limit=101', 'limit'],
      ['?limit=abc', 'limit'],
      ['?cursor=-1', 'cursor'],
      ['?cursor=1e3', 'cursor'],
      ['?cursor=99999999999', 'cursor'],
    ] as const) {
      const response = await ctx().app.inject({ method: 'GET', url: `/api/notifications${query}`, headers: person.headers });
      expect(response.statusCode, query).toBe(400);
      expect(Object.keys(response.json<{ fieldErrors: Record<string, string> }>().fieldErrors), query).toEqual([field]);
    }
  });

  it("marks read one by one and all at once, only the caller's own", async () => {
    const owner = await personWith(3);
    const other = await personWith(2);
    const [newest, middle] = (await inbox(ctx(), owner)).items;
    const othersIds = (await inbox(ctx(), other)).items.map((item) => item.id);

    const one = await markRead(ctx(), owner, { ids: [newest?.id] });
    expect(one.json()).toEqual({ marked: 1 });
    expect(await unread(ctx(), owner)).toBe(2);
    expect((await inbox(ctx(), owner)).items[0]?.readAt).toBe(ctx().clock.now().toISOString());

    // Someone else's ids are ignored, whether alone or mixed with one's own.
    expect((await markRead(ctx(), owner, { ids: othersIds })).json()).toEqual({ marked: 0 });
    expect((await markRead(ctx(), owner, { ids: [middle?.id, ...othersIds] })).json()).toEqual({ marked: 1 });
    expect(await unread(ctx(), other)).toBe(2);
    expect((await inbox(ctx(), other)).items.every((item) => item.readAt === null)).toBe(true);

    expect((await markRead(ctx(), owner, { all: true })).json()).toEqual({ marked: 1 });
    expect(await unread(ctx(), owner)).toBe(0);
    expect(await unread(ctx(), other)).toBe(2);
    // Nobody lists another's notifications: each list holds only the caller's.
    expect((await inbox(ctx(), other)).items.map((item) => item.id)).toEqual(othersIds);
  });

  it('refuses a mark-read body that is neither ids nor all', async () => {
    const person = await personWith(1);
    for (const payload of [{}, { ids: [] }, { all: false }, { ids: [1], all: true }, { ids: ['x'] }, { ids: Array.from({ length: 101 }, (_, i) => i + 1) }]) {
      const response = await markRead(ctx(), person, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json<{ fieldErrors?: Record<string, string> }>().fieldErrors, JSON.stringify(payload)).toBeDefined();
    }
  });

  it('answers only the signed in, never stored by a cache', async () => {
    for (const [method, url] of [
      ['GET', '/api/notifications'],
      ['GET', '/api/notifications/unread-count'],
      ['POST', '/api/notifications/read'],
      ['GET', '/api/events'],
    ] as const) {
      expect((await ctx().app.inject({ method, url, payload: method === 'POST' ? { all: true } : undefined })).statusCode, url).toBe(401);
    }
    const person = await personWith(1);
    const response = await ctx().app.inject({ method: 'GET', url: '/api/notifications', headers: person.headers });
    expect(response.headers['cache-control']).toBe('no-store');
  });
});
