import type { Donation } from '@annadaan/contract/donations';
import type { OpenFoodRequest } from '@annadaan/contract/food-requests';
import { type BlockedUser } from '@annadaan/contract/moderation';
import type { NotificationPage } from '@annadaan/contract/notifications';
import { beforeEach, expect, it } from 'vitest';
import { type TestContext, describeEachDatabase } from '../../../test/test-app';
import { donate, get, post } from '../../../test/test-handover';
import { foodNeed } from '../../../test/test-people';
import { type TestUser, createTestUser } from '../../../test/test-users';
import { queryPlan } from '../../../test/query-plan';
import { browseQueries } from '../donations/browse-queries';
import { BrowseQuerySchema } from '@annadaan/contract/donations';

async function block(ctx: TestContext, who: TestUser, id: number) {
  return ctx.app.inject({ method: 'PUT', url: `/api/blocks/${id}`, headers: who.headers });
}

async function unblock(ctx: TestContext, who: TestUser, id: number) {
  return ctx.app.inject({ method: 'DELETE', url: `/api/blocks/${id}`, headers: who.headers });
}

async function browseIds(ctx: TestContext, who?: TestUser): Promise<number[]> {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/browse/donations?pageSize=100', headers: who?.headers ?? {} });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Donation[]>().map((donation) => donation.id);
}

async function mapIds(ctx: TestContext, layer: 'donations' | 'food-requests', who?: TestUser): Promise<number[]> {
  const response = await get(ctx, `/api/map/${layer}?bbox=73.5,18.3,74.2,18.8&zoom=15`, who);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ points: { id: number }[] }>().points.map((point) => point.id);
}

async function openNeedIds(ctx: TestContext, who: TestUser): Promise<number[]> {
  const response = await get(ctx, '/api/food-requests/open?pageSize=100', who);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<OpenFoodRequest[]>().map((need) => need.id);
}

describeEachDatabase('blocks', (ctx) => {
  let donor: TestUser;
  let receiver: TestUser;
  let bystander: TestUser;
  beforeEach(async () => {
    donor = await createTestUser(ctx(), { role: 'DONOR', fullName: 'Donor Dhruv' });
    receiver = await createTestUser(ctx(), { role: 'RECEIVER', fullName: 'Receiver Radha' });
    bystander = await createTestUser(ctx(), { role: 'RECEIVER', fullName: 'Bystander Bina' });
  });

  it('blocks, lists and unblocks; blocking twice changes nothing', async () => {
    const first = await block(ctx(), donor, receiver.id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ userId: receiver.id, fullName: 'Receiver Radha' });
    ctx().clock.advance(1000);
    expect((await block(ctx(), donor, bystander.id)).statusCode).toBe(200);
    expect((await block(ctx(), donor, receiver.id)).json<BlockedUser>().blockedAt).toBe(first.json<BlockedUser>().blockedAt);
    const list = await get(ctx(), '/api/blocks', donor);
    expect(list.headers['x-total-count']).toBe('2');
    expect(list.json<BlockedUser[]>().map((item) => item.userId)).toEqual([bystander.id, receiver.id]);
    // Only ever one's own blocks.
    expect((await get(ctx(), '/api/blocks', receiver)).json()).toEqual([]);
    expect((await unblock(ctx(), donor, receiver.id)).statusCode).toBe(204);
    expect((await unblock(ctx(), donor, receiver.id)).statusCode).toBe(204);
    expect((await get(ctx(), '/api/blocks', donor)).json<BlockedUser[]>().map((item) => item.userId)).toEqual([bystander.id]);
  });

  it('refuses blocking oneself (400) and unknown people (404)', async () => {
    const self = await block(ctx(), donor, donor.id);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ message: 'You cannot block yourself.', fieldErrors: { id: 'You cannot block yourself.' } });
    expect((await block(ctx(), donor, 2_000_000_000)).statusCode).toBe(404);
    expect((await block(ctx(), donor, 0)).statusCode).toBe(400);
  });

  it('names the donor on a donation’s page to signed-in readers only, for Block', async () => {
    const donation = await donate(ctx(), donor);
    expect((await get(ctx(), `/api/browse/donations/${donation.id}`, receiver)).json()).toMatchObject({ donorId: donor.id });
    expect((await get(ctx(), `/api/browse/donations/${donation.id}`)).json()).not.toHaveProperty('donorId');
  });

  it('stops a blocked receiver from requesting the blocker’s donations, and the other way round', async () => {
    const donation = await donate(ctx(), donor);
    expect((await block(ctx(), donor, receiver.id)).statusCode).toBe(200);
    const refused = await post(ctx(), `/api/requests/create/${donation.id}`, receiver, { paymentMethod: '' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: 'You cannot request food from this donor.' });
    expect((await post(ctx(), `/api/requests/create/${donation.id}`, bystander, { paymentMethod: '' })).statusCode).toBe(201);

    // A receiver who blocked a donor cannot ask for their food either.
    const other = await donate(ctx(), bystander);
    expect((await block(ctx(), receiver, bystander.id)).statusCode).toBe(200);
    expect((await post(ctx(), `/api/requests/create/${other.id}`, receiver, { paymentMethod: '' })).statusCode).toBe(403);

    expect((await unblock(ctx(), donor, receiver.id)).statusCode).toBe(204);
    expect((await post(ctx(), `/api/requests/create/${donation.id}`, receiver, { paymentMethod: '' })).statusCode).toBe(201);
  });

  it('hides each from the other in browse and on the map, both ways, and only for them', async () => {
    const donorsFood = await donate(ctx(), donor);
    const receiversFood = await donate(ctx(), receiver);
    expect(await browseIds(ctx(), receiver)).toContain(donorsFood.id);
    expect((await block(ctx(), donor, receiver.id)).statusCode).toBe(200);

    expect(await browseIds(ctx(), receiver)).not.toContain(donorsFood.id);
    expect(await browseIds(ctx(), donor)).not.toContain(receiversFood.id);
    expect(await browseIds(ctx(), bystander)).toEqual(expect.arrayContaining([donorsFood.id, receiversFood.id]));
    expect(await browseIds(ctx())).toEqual(expect.arrayContaining([donorsFood.id, receiversFood.id]));
    // With a radius (the near-me path) too.
    const near = await get(ctx(), '/api/browse/donations?lat=18.52&lng=73.85&radiusKm=10&sort=NEAREST', receiver);
    expect(near.json<Donation[]>().map((item) => item.id)).not.toContain(donorsFood.id);
    expect(await mapIds(ctx(), 'donations', receiver)).not.toContain(donorsFood.id);
    expect(await mapIds(ctx(), 'donations', bystander)).toContain(donorsFood.id);

    expect((await unblock(ctx(), donor, receiver.id)).statusCode).toBe(204);
    expect(await browseIds(ctx(), receiver)).toContain(donorsFood.id);
  });

  it('does not announce new food from someone blocked either way as "N new donations"', async () => {
    const newCount = async (who: TestUser, since: number) => {
      const response = await get(ctx(), `/api/browse/new-donations?since=${since}`, who);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ count: number; newest: number }>();
    };
    const { newest: since } = await newCount(receiver, 0);
    expect((await block(ctx(), receiver, donor.id)).statusCode).toBe(200);
    await donate(ctx(), donor);
    expect((await newCount(receiver, since)).count).toBe(0);
    expect((await newCount(bystander, since)).count).toBe(1);
    await donate(ctx(), bystander);
    expect((await newCount(receiver, since)).count).toBe(1);
  });

  it('hides food needs in the list and on the map', async () => {
    const posted = await post(ctx(), '/api/food-requests/create', receiver, foodNeed({ geolocation: '18.5204,73.8567' }));
    expect(posted.statusCode, posted.body).toBe(201);
    const needId = posted.json<{ id: number }>().id;
    expect(await openNeedIds(ctx(), donor)).toContain(needId);
    expect((await block(ctx(), receiver, donor.id)).statusCode).toBe(200);
    expect(await openNeedIds(ctx(), donor)).not.toContain(needId);
    expect(await mapIds(ctx(), 'food-requests', donor)).not.toContain(needId);
    expect(await openNeedIds(ctx(), bystander)).toContain(needId);
    expect(await mapIds(ctx(), 'food-requests', bystander)).toContain(needId);
  });

  it('tells nobody of new food from someone blocked either way through their nearby-food alerts', async () => {
    // Earlier tests' listings are matched first, so the new alerts' windows start with this donation.
    await ctx().app.jobs.runDue();
    const alert = await post(ctx(), '/api/alerts', receiver, { lat: 18.52, lng: 73.85, radiusKm: 5 });
    expect(alert.statusCode, alert.body).toBe(201);
    expect((await post(ctx(), '/api/alerts', bystander, { lat: 18.52, lng: 73.85, radiusKm: 5 })).statusCode).toBe(201);
    expect((await block(ctx(), receiver, donor.id)).statusCode).toBe(200);
    await donate(ctx(), donor, { foodName: 'Blocked dal' });
    await ctx().app.jobs.runDue();
    const nearby = async (who: TestUser) =>
      (await get(ctx(), '/api/notifications', who))
        .json<NotificationPage>()
        .items.filter((item) => item.kind === 'NEARBY_DONATION' && item.body.includes('Blocked dal'));
    expect(await nearby(receiver)).toEqual([]);
    expect(await nearby(bystander)).toHaveLength(1);
  });

  it('filters browse in the database with an index lookup on user_blocks', async () => {
    const query = BrowseQuerySchema.parse({});
    const compiled = browseQueries(ctx().database.db, query, ctx().clock.now(), { viewerId: receiver.id }).page.compile();
    const plan = await queryPlan(ctx().database.db, ctx().dialect, compiled);
    if (ctx().dialect === 'postgres') expect(plan).toMatch(/user_blocks_pk/);
    else expect(plan).toMatch(/user_blocks USING (COVERING )?INDEX sqlite_autoindex_user_blocks_1|user_blocks USING PRIMARY KEY/);
    expect(plan).not.toMatch(/SCAN user_blocks|Seq Scan on user_blocks/);
  });
});
