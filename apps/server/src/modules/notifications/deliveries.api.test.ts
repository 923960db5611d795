import { expect, it } from 'vitest';
import { buildApp } from '../../app';
import { MINUTE } from '../../lib/clock';
import { type TestContext, describeEachDatabase } from '../../../test/test-app';
import { scenario } from '../../../test/test-handover';
import { backoffMs } from '../jobs/job-runner';
import type { ChannelSender, DeliverableNotification, DeliveryChannel, DeliveryDecision, DeliveryPolicy } from './channels';

/**
 * An in-process channel that keeps what it was handed, and can be told to fail. The real push
 * and email channels have their own tests against a local push service and SMTP server; these
 * tests are about the queue between a committed notification and any channel.
 */
function keepingChannel(channel: DeliveryChannel) {
  const delivered: DeliverableNotification[] = [];
  let failuresLeft = 0;
  const sender: ChannelSender = {
    channel,
    async deliver(notification) {
      if (failuresLeft > 0) {
        failuresLeft--;
        throw new Error(`${channel} service unavailable`);
      }
      delivered.push(notification);
      return { status: 'sent' };
    },
  };
  return { sender, delivered, failNext: (times: number) => (failuresLeft = times) };
}

const push = keepingChannel('push');
const email = keepingChannel('email');
let decide: (notification: DeliverableNotification, channel: DeliveryChannel, now: Date) => DeliveryDecision = () => ({ action: 'deliver' });
const policy: DeliveryPolicy = async (notification, channel, now) => decide(notification, channel, now);

async function deliveries(ctx: TestContext, notificationId: number) {
  const rows = await ctx.database.db
    .selectFrom('notification_deliveries')
    .select(['channel', 'status', 'detail', 'attempts'])
    .where('notification_id', '=', notificationId)
    .orderBy('channel')
    .execute();
  return rows.map((row) => ({ ...row, attempts: Number(row.attempts) }));
}

async function newestNotificationOf(ctx: TestContext, userId: number) {
  return ctx.database.db.selectFrom('notifications').select(['id', 'kind']).where('user_id', '=', userId).orderBy('id', 'desc').executeTakeFirstOrThrow();
}

describeEachDatabase(
  'notification delivery: every channel, once, with retries',
  (ctx) => {
    it("hands a new request to the donor's push and email channels once each", async () => {
      push.delivered.length = 0;
      email.delivered.length = 0;
      const { donor, donation } = await scenario(ctx(), 'delivered');
      const notification = await newestNotificationOf(ctx(), donor.id);
      expect(notification.kind).toBe('REQUEST_RECEIVED');
      await ctx().app.jobs.runDue();
      for (const channel of [push, email]) {
        expect(channel.delivered).toEqual([
          {
            id: Number(notification.id),
            userId: donor.id,
            kind: 'REQUEST_RECEIVED',
            language: 'en',
            title: 'New request for your food',
            body: 'Someone asked for "Veg biryani". Accept or decline it soon.',
            link: `/my-received-requests?donation=${donation.id}`,
            createdAt: ctx().clock.now().toISOString(),
          },
        ]);
      }
      expect(await deliveries(ctx(), Number(notification.id))).toEqual([
        { channel: 'email', status: 'sent', detail: null, attempts: 1 },
        { channel: 'push', status: 'sent', detail: null, attempts: 1 },
      ]);
      await ctx().app.jobs.runDue();
      expect(push.delivered).toHaveLength(1);
    });

    it('does not send again when a delivery job runs a second time (a runner died after sending)', async () => {
      push.delivered.length = 0;
      const { donor } = await scenario(ctx(), 'repeat');
      const notification = await newestNotificationOf(ctx(), donor.id);
      await ctx().app.jobs.runDue();
      expect(push.delivered).toHaveLength(1);
      // The same job again, as a runner that sent and died before removing it would leave it.
      await ctx()
        .database.db.insertInto('jobs')
        .values({
          kind: 'notification-delivery',
          payload: JSON.stringify({ notificationId: Number(notification.id), channel: 'push' }),
          run_at: ctx().clock.now().toISOString(),
          key: `notification:${notification.id}:push`,
          created_at: ctx().clock.now().toISOString(),
        })
        .execute();
      await ctx().app.jobs.runDue();
      expect(push.delivered).toHaveLength(1);
    });

    it('retries a failing channel with backoff while the other channel is already done', async () => {
      push.delivered.length = 0;
      email.delivered.length = 0;
      push.failNext(2);
      const { donor } = await scenario(ctx(), 'flaky');
      const notification = await newestNotificationOf(ctx(), donor.id);
      await ctx().app.jobs.runDue();
      expect(email.delivered).toHaveLength(1);
      expect(push.delivered).toHaveLength(0);
      expect(await deliveries(ctx(), Number(notification.id))).toContainEqual({
        channel: 'push',
        status: 'retrying',
        detail: 'push service unavailable',
        attempts: 1,
      });
      ctx().clock.advance(backoffMs(1));
      await ctx().app.jobs.runDue();
      expect(push.delivered).toHaveLength(0);
      ctx().clock.advance(backoffMs(2));
      await ctx().app.jobs.runDue();
      expect(push.delivered.map((item) => item.id)).toEqual([Number(notification.id)]);
      expect(email.delivered).toHaveLength(1);
      expect(await deliveries(ctx(), Number(notification.id))).toEqual([
        { channel: 'email', status: 'sent', detail: null, attempts: 1 },
        { channel: 'push', status: 'sent', detail: null, attempts: 3 },
      ]);
    });

    it('follows the policy: skipped channels are recorded, held ones go out when the hold ends', async () => {
      push.delivered.length = 0;
      email.delivered.length = 0;
      const until = new Date(ctx().clock.now().getTime() + 90 * MINUTE);
      decide = (_notification, channel) => (channel === 'email' ? { action: 'skip', reason: 'switched off' } : { action: 'defer', until });
      try {
        const { donor } = await scenario(ctx(), 'policy');
        const notification = await newestNotificationOf(ctx(), donor.id);
        await ctx().app.jobs.runDue();
        // Only this notification: moving the clock also brings other tests' reminders due.
        const mine = (channel: typeof push) => channel.delivered.filter((item) => item.id === Number(notification.id));
        expect(mine(email)).toHaveLength(0);
        expect(mine(push)).toHaveLength(0);
        expect(await deliveries(ctx(), Number(notification.id))).toEqual([{ channel: 'email', status: 'skipped', detail: 'switched off', attempts: 1 }]);
        decide = () => ({ action: 'deliver' });
        ctx().clock.advance(90 * MINUTE - 1);
        await ctx().app.jobs.runDue();
        expect(mine(push)).toHaveLength(0);
        ctx().clock.advance(1);
        await ctx().app.jobs.runDue();
        expect(mine(push).map((item) => item.id)).toEqual([Number(notification.id)]);
        expect(mine(email)).toHaveLength(0);
      } finally {
        decide = () => ({ action: 'deliver' });
      }
    });

    it('delivers after a restart what a process committed and never got to send', async () => {
      push.delivered.length = 0;
      const { donor } = await scenario(ctx(), 'restart');
      const notification = await newestNotificationOf(ctx(), donor.id);
      // The process that committed is gone before its runner ran; a new one starts on the database.
      const restarted = await buildApp({
        config: ctx().config,
        database: ctx().database,
        clock: ctx().clock,
        delivery: { channels: [push.sender, email.sender], policy },
      });
      try {
        await restarted.ready();
        await restarted.jobs.runDue();
        expect(push.delivered.map((item) => item.id)).toEqual([Number(notification.id)]);
      } finally {
        await restarted.close();
      }
    });

    it('sends nothing on a channel that is not set up, and says so', async () => {
      // The app's own wiring: email (to the dev outbox without SMTP_URL, see email.api.test.ts); push not yet.
      const bare = await buildApp({ config: ctx().config, database: ctx().database, clock: ctx().clock });
      try {
        await bare.ready();
        const { donor } = await scenario(ctx(), 'bare');
        const notification = await newestNotificationOf(ctx(), donor.id);
        await bare.jobs.runDue();
        expect(await deliveries(ctx(), Number(notification.id))).toEqual([
          { channel: 'email', status: 'sent', detail: null, attempts: 1 },
          // The app's own push channel is set up (decision 021); the donor has no subscription.
          { channel: 'push', status: 'skipped', detail: 'no push subscription', attempts: 1 },
        ]);
      } finally {
        await bare.close();
      }
    });
  },
  {},
  { delivery: { channels: [push.sender, email.sender], policy } },
);
