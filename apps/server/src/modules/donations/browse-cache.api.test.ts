import crypto from 'node:crypto';
import type { Donation } from '@annadaan/contract/donations';
import { expect, it } from 'vitest';
import { bearer, registerPerson } from '../../../test/accounts';
import { describeEachDatabase } from '../../../test/test-app';
import { donate, post, requestDonation } from '../../../test/test-handover';
import { type TestUser, createTestUser } from '../../../test/test-users';

/*
 * Browse keeps listings (browse-cache.ts), and every write that changes what a listing shows must
 * drop them by itself: each write path below is read through a kept listing before and after, and
 * the second read must show the change at once. A write path the cache does not see fails here.
 */
describeEachDatabase('kept browse listings follow every write that changes them', (ctx) => {
  /** A listing of this one food name: the cache keeps it per filter, so tests do not share one. */
  const listing = async (foodName: string) => {
    const response = await ctx().app.inject({ method: 'GET', url: `/api/browse/donations?foodName=${encodeURIComponent(foodName)}` });
    expect(response.statusCode).toBe(200);
    return response.json<Array<Pick<Donation, 'id' | 'donorName'>>>().map((card) => ({ id: card.id, donorName: card.donorName }));
  };
  /** Read twice, so the second read comes from the kept listing. */
  const kept = async (foodName: string) => {
    const first = await listing(foodName);
    expect(await listing(foodName)).toEqual(first);
    return first;
  };
  const uniqueFood = () => `Cache check ${crypto.randomBytes(4).toString('hex')}`;
  const listed = async (label: string, donor?: TestUser) => {
    const owner = donor ?? (await createTestUser(ctx(), { role: 'DONOR', fullName: `Donor ${label}` }));
    const foodName = uniqueFood();
    const donation = await donate(ctx(), owner, { foodName });
    expect(await kept(foodName)).toEqual([{ id: donation.id, donorName: owner.fullName }]);
    return { donor: owner, donation, foodName };
  };
  const ok = async (response: Awaited<ReturnType<typeof post>>) => expect(response.statusCode, response.body).toBe(200);

  it('listing a donation', async () => {
    const donor = await createTestUser(ctx(), { role: 'DONOR', fullName: 'Donor listing' });
    const foodName = uniqueFood();
    expect(await kept(foodName)).toEqual([]);
    const donation = await donate(ctx(), donor, { foodName });
    expect(await listing(foodName)).toEqual([{ id: donation.id, donorName: 'Donor listing' }]);
  });

  it('withdrawing a donation', async () => {
    const { donor, donation, foodName } = await listed('withdrawing');
    await ok(await post(ctx(), `/api/donations/${donation.id}/cancel`, donor));
    expect(await listing(foodName)).toEqual([]);
  });

  it('accepting a request, and the receiver withdrawing it after', async () => {
    const { donor, donation, foodName } = await listed('accepting');
    const receiver = await createTestUser(ctx(), { role: 'RECEIVER', fullName: 'Receiver accepting' });
    const request = await requestDonation(ctx(), receiver, donation.id);
    expect(await kept(foodName)).toEqual([{ id: donation.id, donorName: donor.fullName }]);
    await ok(await post(ctx(), `/api/requests/${request.id}/accept`, donor));
    expect(await kept(foodName)).toEqual([]);
    await ok(await post(ctx(), `/api/requests/${request.id}/cancel`, receiver));
    expect(await listing(foodName)).toEqual([{ id: donation.id, donorName: donor.fullName }]);
  });

  it('an admin hiding a donation and restoring it', async () => {
    const admin = await createTestUser(ctx(), { role: 'ADMIN', fullName: 'Admin hiding' });
    const { donor, donation, foodName } = await listed('hiding');
    const act = (action: string) =>
      post(ctx(), '/api/admin/moderation/actions', admin, { action, targetType: 'DONATION', targetId: donation.id, reason: 'Checking the cache' });
    await ok(await act('HIDE'));
    expect(await kept(foodName)).toEqual([]);
    await ok(await act('RESTORE'));
    expect(await listing(foodName)).toEqual([{ id: donation.id, donorName: donor.fullName }]);
  });

  it('an admin suspending the donor', async () => {
    const admin = await createTestUser(ctx(), { role: 'ADMIN', fullName: 'Admin suspending' });
    const { donor, foodName } = await listed('suspending');
    await ok(
      await post(ctx(), '/api/admin/moderation/actions', admin, {
        action: 'SUSPEND',
        targetType: 'USER',
        targetId: donor.id,
        reason: 'Checking the cache',
        durationDays: 7,
      }),
    );
    expect(await listing(foodName)).toEqual([]);
  });

  it('the donor renaming themselves', async () => {
    const { donor, donation, foodName } = await listed('renaming');
    const response = await ctx().app.inject({ method: 'PUT', url: '/api/user/update-profile', headers: donor.headers, payload: { fullName: 'Renamed Donor' } });
    expect(response.statusCode, response.body).toBe(200);
    expect(await listing(foodName)).toEqual([{ id: donation.id, donorName: 'Renamed Donor' }]);
  });

  it('the donor deleting their account', async () => {
    const person = await registerPerson(ctx(), { role: 'DONOR', fullName: 'Leaving Donor' });
    const me = await ctx().app.inject({ method: 'GET', url: '/api/user/profile', headers: bearer(person.token) });
    const donor: TestUser = {
      id: me.json<{ id: number }>().id,
      token: person.token,
      fullName: person.fullName,
      contactNumber: person.contactNumber,
      headers: bearer(person.token),
    };
    const { foodName } = await listed('deleting', donor);
    const response = await ctx().app.inject({ method: 'DELETE', url: '/api/me', headers: donor.headers, payload: { currentPassword: person.password } });
    expect(response.statusCode, response.body).toBeLessThan(300);
    expect(await listing(foodName)).toEqual([]);
  });

  it('the expiry sweep', async () => {
    const { foodName } = await listed('expiring');
    // Cooked food lists for 4 hours; the listing drops it at expiry whether or not the sweep ran.
    ctx().clock.advance(4 * 60 * 60 * 1000 + 1);
    expect(await listing(foodName)).toEqual([]);
  });
});
