import { expect, it } from 'vitest';
import { HOUR, MINUTE, toIso } from '../../lib/clock';
import { type TestContext, describeEachDatabase } from '../../../test/test-app';
import { acceptedScenario, post, scenario } from '../../../test/test-handover';
import type { TestUser } from '../../../test/test-users';

async function inbox(ctx: TestContext, who: TestUser) {
  return ctx.database.db
    .selectFrom('notifications')
    .select(['kind', 'title', 'body', 'link', 'created_at'])
    .where('user_id', '=', who.id)
    .where('kind', 'in', ['REQUEST_WAITING', 'PICKUP_REMINDER'])
    .orderBy('id')
    .execute();
}

async function pendingJobs(ctx: TestContext, key: string) {
  return ctx.database.db.selectFrom('jobs').select(['id', 'run_at']).where('key', '=', key).where('failed_at', 'is', null).execute();
}

describeEachDatabase('reminders: a waiting request and a pickup about to run out', (ctx) => {
  it('reminds the donor once when a request has waited 15 minutes unanswered', async () => {
    const { donor, receiver, donation, request } = await scenario(ctx(), 'waiting');
    ctx().clock.advance(15 * MINUTE - 1);
    await ctx().app.jobs.runDue();
    expect(await inbox(ctx(), donor)).toEqual([]);
    ctx().clock.advance(1);
    await ctx().app.jobs.runDue();
    expect(await inbox(ctx(), donor)).toEqual([
      {
        kind: 'REQUEST_WAITING',
        title: 'A request is waiting for you',
        body: 'A request for "Veg biryani" has waited 15 minutes. Cooked food does not keep: please accept or decline it.',
        link: `/my-received-requests?donation=${donation.id}`,
        created_at: toIso(ctx().clock.now()),
      },
    ]);
    expect(await inbox(ctx(), receiver)).toEqual([]);
    expect(await pendingJobs(ctx(), `request-waiting:${request.id}`)).toEqual([]);
    ctx().clock.advance(HOUR);
    await ctx().app.jobs.runDue();
    expect(await inbox(ctx(), donor)).toHaveLength(1);
  });

  it('says nothing about a request answered, declined or withdrawn in time', async () => {
    const accepted = await scenario(ctx(), 'answered');
    expect((await post(ctx(), `/api/requests/${accepted.request.id}/accept`, accepted.donor)).statusCode).toBe(200);
    const declined = await scenario(ctx(), 'declined');
    expect((await post(ctx(), `/api/requests/${declined.request.id}/reject`, declined.donor)).statusCode).toBe(200);
    const withdrawn = await scenario(ctx(), 'withdrawn');
    expect((await post(ctx(), `/api/requests/${withdrawn.request.id}/cancel`, withdrawn.receiver)).statusCode).toBe(200);
    for (const { request } of [accepted, declined, withdrawn]) expect(await pendingJobs(ctx(), `request-waiting:${request.id}`)).toEqual([]);
    ctx().clock.advance(20 * MINUTE);
    await ctx().app.jobs.runDue();
    for (const { donor } of [accepted, declined, withdrawn]) {
      expect((await inbox(ctx(), donor)).map((item) => item.kind)).not.toContain('REQUEST_WAITING');
    }
  });

  it('says nothing when the donor withdrew the donation (the request went with it)', async () => {
    const { donor, donation } = await scenario(ctx(), 'donation withdrawn');
    const withdrawn = await post(ctx(), `/api/donations/${donation.id}/cancel`, donor);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    ctx().clock.advance(20 * MINUTE);
    await ctx().app.jobs.runDue();
    expect(await inbox(ctx(), donor)).toEqual([]);
  });

  it("reminds both parties 30 minutes before an accepted pickup's food expires", async () => {
    const { donor, receiver, donation } = await acceptedScenario(ctx(), 'pickup due');
    // Cooked food with no expiry given lives 4 hours from the listing.
    const expiresAt = new Date(donation.expiresAt).getTime();
    ctx().clock.set(new Date(expiresAt - 30 * MINUTE - 1));
    await ctx().app.jobs.runDue();
    expect(await inbox(ctx(), receiver)).toEqual([]);
    ctx().clock.advance(1);
    await ctx().app.jobs.runDue();
    expect(await inbox(ctx(), receiver)).toEqual([
      {
        kind: 'PICKUP_REMINDER',
        title: 'Pickup due within 30 minutes',
        body: '"Veg biryani" expires in 30 minutes. Collect it now and show your pickup code from My Orders.',
        link: '/my-order',
        created_at: toIso(ctx().clock.now()),
      },
    ]);
    expect(await inbox(ctx(), donor)).toEqual([
      {
        kind: 'PICKUP_REMINDER',
        title: 'Pickup due within 30 minutes',
        body: '"Veg biryani" expires in 30 minutes. When the receiver arrives, enter their pickup code to confirm.',
        link: `/my-received-requests?donation=${donation.id}`,
        created_at: toIso(ctx().clock.now()),
      },
    ]);
  });

  it('drops the pickup reminder when the pickup is completed or withdrawn first', async () => {
    const done = await acceptedScenario(ctx(), 'collected early');
    const confirmed = await post(ctx(), `/api/requests/${done.request.id}/confirm-pickup`, done.donor, { pickupCode: done.code });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const withdrawn = await acceptedScenario(ctx(), 'withdrawn after accept');
    expect((await post(ctx(), `/api/requests/${withdrawn.request.id}/cancel`, withdrawn.receiver)).statusCode).toBe(200);
    for (const { request } of [done, withdrawn]) expect(await pendingJobs(ctx(), `pickup-reminder:${request.id}`)).toEqual([]);
    ctx().clock.advance(4 * HOUR);
    await ctx().app.jobs.runDue();
    for (const { donor, receiver } of [done, withdrawn]) {
      expect(await inbox(ctx(), donor)).toEqual([]);
      expect(await inbox(ctx(), receiver)).toEqual([]);
    }
  });

  it('sets no separate reminder when accepted with under 30 minutes left', async () => {
    const { donor, request } = await scenario(ctx(), 'late accept');
    ctx().clock.advance(3 * HOUR + 40 * MINUTE);
    expect((await post(ctx(), `/api/requests/${request.id}/accept`, donor)).statusCode).toBe(200);
    expect(await pendingJobs(ctx(), `pickup-reminder:${request.id}`)).toEqual([]);
  });
});
