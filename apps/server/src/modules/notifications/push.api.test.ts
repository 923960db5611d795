import type { Notification, NotificationPage } from '@annadaan/contract/notifications';
import { PUSH_SUBSCRIPTIONS_PER_PERSON, type PushPayload } from '@annadaan/contract/push';
import webpush from 'web-push';
import { afterAll, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { toIso } from '../../lib/clock';
import { type LocalPushService, freePort, startLocalPushService } from '../../../test/local-push-service';
import { type TestContext, describeEachDatabase } from '../../../test/test-app';
import { acceptedScenario, donate, get, post, requestDonation } from '../../../test/test-handover';
import { type TestUser, createTestUser } from '../../../test/test-users';
import type { DeliverableNotification } from './channels';
import { createPushChannel } from './push-channel';
import { publicOnlyLookup } from './push-endpoint-guard';
import { ensureVapidKeys } from './push-repository';

/*
 * Web Push (issue 14, decision 021): keys, subscriptions, the SSRF guard, and delivery to a real
 * push service on loopback that checks the VAPID signature and decrypts each message.
 */

// The app must know the service's origin when it is built, so the service starts first, on a port
// the system gives it; a second free port stands for a listed origin where nothing listens.
const service: LocalPushService = await startLocalPushService();
const servicePort = Number(new URL(service.origin).port);
const silentPort = await freePort();
const unlistedPort = await freePort();
afterAll(async () => {
  await service.close();
});

const FCM = 'https://fcm.googleapis.com/fcm/send/abc123';
const someKeys = () => {
  const subscription = service.subscribe();
  return subscription.keys;
};

function subscribe(ctx: TestContext, user: TestUser | null, payload: object) {
  return ctx.app.inject({ method: 'POST', url: '/api/push/subscriptions', headers: user?.headers ?? {}, payload });
}

function unsubscribe(ctx: TestContext, user: TestUser | null, payload: object) {
  return ctx.app.inject({ method: 'DELETE', url: '/api/push/subscriptions', headers: user?.headers ?? {}, payload });
}

async function endpointsOf(ctx: TestContext, userId: number): Promise<string[]> {
  const rows = await ctx.database.db.selectFrom('push_subscriptions').select('endpoint').where('user_id', '=', userId).orderBy('id').execute();
  return rows.map((row) => row.endpoint);
}

async function newestNotification(ctx: TestContext, user: TestUser): Promise<DeliverableNotification> {
  const response = await get(ctx, '/api/notifications', user);
  expect(response.statusCode, response.body).toBe(200);
  const item = response.json<NotificationPage>().items[0] as Notification;
  return { id: item.id, userId: user.id, kind: item.kind, language: 'en', title: item.title, body: item.body, link: item.link, createdAt: item.createdAt };
}

describeEachDatabase(
  'web push',
  (ctx) => {
    it('gives one public key, the same after a restart and to a second instance', async () => {
      const first = await ctx().app.inject({ method: 'GET', url: '/api/push/public-key' });
      expect(first.statusCode, first.body).toBe(200);
      const { publicKey } = first.json<{ publicKey: string }>();
      expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
      expect(first.body).not.toContain('private');

      // A restart: a new app on the same database reads the stored pair instead of making one.
      const restarted = await buildApp({ config: ctx().config, database: ctx().database, clock: ctx().clock });
      try {
        await restarted.ready();
        expect((await restarted.inject({ method: 'GET', url: '/api/push/public-key' })).json()).toEqual({ publicKey });
      } finally {
        await restarted.close();
      }
      const second = await ctx().secondInstance();
      if (second) expect((await second.inject({ method: 'GET', url: '/api/push/public-key' })).json()).toEqual({ publicKey });
      const rows = await ctx().database.db.selectFrom('push_vapid_keys').select('public_key').execute();
      expect(rows).toEqual([{ public_key: publicKey }]);
    });

    it('makes one pair when two instances start together on an empty table, and both use it', async () => {
      const db = ctx().database.db;
      const original = await db.selectFrom('push_vapid_keys').selectAll().executeTakeFirstOrThrow();
      const otherDb = (await ctx().secondInstance())?.db ?? db;
      try {
        await db.deleteFrom('push_vapid_keys').execute();
        const a = webpush.generateVAPIDKeys();
        const b = webpush.generateVAPIDKeys();
        const now = ctx().clock.now();
        const [fromA, fromB] = await Promise.all([ensureVapidKeys(db, () => a, now), ensureVapidKeys(otherDb, () => b, now)]);
        expect(fromA).toEqual(fromB);
        expect([a.publicKey, b.publicKey]).toContain(fromA.publicKey);
        const stored = await db.selectFrom('push_vapid_keys').select(['public_key', 'private_key']).execute();
        expect(stored).toEqual([{ public_key: fromA.publicKey, private_key: fromA.privateKey }]);
      } finally {
        await db.deleteFrom('push_vapid_keys').execute();
        await db.insertInto('push_vapid_keys').values(original).execute();
      }
    });

    it('keeps a subscription for the signed-in person only, and moves an endpoint to whoever subscribes it last', async () => {
      const asha = await createTestUser(ctx(), { fullName: 'Asha Push' });
      const ravi = await createTestUser(ctx(), { role: 'RECEIVER', fullName: 'Ravi Push' });
      const subscription = service.subscribe();

      const anonymous = await subscribe(ctx(), null, subscription);
      expect(anonymous.statusCode).toBe(401);

      const created = await subscribe(ctx(), asha, subscription);
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json()).toEqual({ subscribed: true });
      // Again from the same browser: still one row.
      expect((await subscribe(ctx(), asha, subscription)).statusCode).toBe(201);
      expect(await endpointsOf(ctx(), asha.id)).toEqual([subscription.endpoint]);

      // Ravi signs in on the same browser: the endpoint is now his, not Asha's.
      expect((await subscribe(ctx(), ravi, subscription)).statusCode).toBe(201);
      expect(await endpointsOf(ctx(), asha.id)).toEqual([]);
      expect(await endpointsOf(ctx(), ravi.id)).toEqual([subscription.endpoint]);

      // Asha cannot remove Ravi's subscription; Ravi can.
      const notHers = await unsubscribe(ctx(), asha, { endpoint: subscription.endpoint });
      expect(notHers.statusCode, notHers.body).toBe(200);
      expect(notHers.json()).toEqual({ removed: 0 });
      expect(await endpointsOf(ctx(), ravi.id)).toEqual([subscription.endpoint]);
      expect((await unsubscribe(ctx(), null, { endpoint: subscription.endpoint })).statusCode).toBe(401);
      const his = await unsubscribe(ctx(), ravi, { endpoint: subscription.endpoint });
      expect(his.json()).toEqual({ removed: 1 });
      expect(await endpointsOf(ctx(), ravi.id)).toEqual([]);
    });

    it(`keeps at most ${PUSH_SUBSCRIPTIONS_PER_PERSON} subscriptions a person, dropping the oldest`, async () => {
      const user = await createTestUser(ctx(), { fullName: 'Many Phones' });
      const endpoints: string[] = [];
      for (let index = 0; index < PUSH_SUBSCRIPTIONS_PER_PERSON + 2; index += 1) {
        const subscription = service.subscribe();
        endpoints.push(subscription.endpoint);
        ctx().clock.advance(1000);
        expect((await subscribe(ctx(), user, subscription)).statusCode).toBe(201);
      }
      expect(await endpointsOf(ctx(), user.id)).toEqual(endpoints.slice(2));

      // Subscribing an old one again makes it the newest, so the next one drops another.
      ctx().clock.advance(1000);
      expect((await subscribe(ctx(), user, { endpoint: endpoints[2], keys: someKeys() })).statusCode).toBe(201);
      ctx().clock.advance(1000);
      const newest = service.subscribe();
      expect((await subscribe(ctx(), user, newest)).statusCode).toBe(201);
      const kept = await endpointsOf(ctx(), user.id);
      expect(kept).toHaveLength(PUSH_SUBSCRIPTIONS_PER_PERSON);
      expect(kept).toContain(endpoints[2]);
      expect(kept).not.toContain(endpoints[3]);
      expect(kept).toContain(newest.endpoint);
    });

    it('refuses a malformed subscription with 400 naming the field', async () => {
      const user = await createTestUser(ctx(), { fullName: 'Bad Input' });
      const keys = someKeys();
      const cases: [object, string][] = [
        [{ keys }, 'endpoint'],
        [{ endpoint: 'not a url', keys }, 'endpoint'],
        [{ endpoint: `${FCM}${'x'.repeat(2100)}`, keys }, 'endpoint'],
        [{ endpoint: FCM }, 'keys'],
        [{ endpoint: FCM, keys: { auth: keys.auth } }, 'keys.p256dh'],
        [{ endpoint: FCM, keys: { ...keys, p256dh: 'short' } }, 'keys.p256dh'],
        [{ endpoint: FCM, keys: { ...keys, p256dh: `${keys.p256dh.slice(0, -1)}!` } }, 'keys.p256dh'],
        [{ endpoint: FCM, keys: { ...keys, auth: 'AAAA' } }, 'keys.auth'],
        [{ endpoint: FCM, keys: { ...keys, auth: 42 } }, 'keys.auth'],
      ];
      for (const [payload, field] of cases) {
        const response = await subscribe(ctx(), user, payload);
        expect(response.statusCode, JSON.stringify(payload).slice(0, 120)).toBe(400);
        const body = response.json<{ code: string; fieldErrors: Record<string, string> }>();
        expect(body.code).toBe('VALIDATION_ERROR');
        expect(Object.keys(body.fieldErrors), JSON.stringify(payload).slice(0, 120)).toContain(field);
      }
      const badDelete = await unsubscribe(ctx(), user, { endpoint: 42 });
      expect(badDelete.statusCode).toBe(400);
      expect(Object.keys(badDelete.json<{ fieldErrors: object }>().fieldErrors)).toEqual(['endpoint']);
      expect(await endpointsOf(ctx(), user.id)).toEqual([]);
    });

    it('refuses endpoints that are not https push services on the public internet (SSRF)', async () => {
      const user = await createTestUser(ctx(), { fullName: 'SSRF Try' });
      const refused = [
        'http://fcm.googleapis.com/fcm/send/abc',
        'ftp://fcm.googleapis.com/abc',
        'https://127.0.0.1/push',
        'https://127.1.2.3/push',
        'https://[::1]/push',
        'https://[::ffff:127.0.0.1]/push',
        'https://[::ffff:a9fe:a9fe]/latest/meta-data',
        'https://169.254.169.254/latest/meta-data',
        'https://10.1.2.3/push',
        'https://172.20.0.1/push',
        'https://192.168.1.1/push',
        'https://100.64.0.1/push',
        'https://0.0.0.0/push',
        'https://[fd00::1]/push',
        'https://[fe80::1]/push',
        'https://localhost/push',
        'https://metadata/computeMetadata',
        'https://printer.local/push',
        'https://db.internal/push',
        'https://user:secret@fcm.googleapis.com/fcm/send/abc',
        'https://fcm.googleapis.com:8443/fcm/send/abc',
        // A loopback service not listed in PUSH_ALLOWED_ORIGINS (another port).
        `http://127.0.0.1:${unlistedPort}/push/abc`,
      ];
      for (const endpoint of refused) {
        const response = await subscribe(ctx(), user, { endpoint, keys: someKeys() });
        expect(response.statusCode, endpoint).toBe(400);
        const body = response.json<{ fieldErrors: Record<string, string> }>();
        expect(Object.keys(body.fieldErrors), endpoint).toEqual(['endpoint']);
      }
      expect(await endpointsOf(ctx(), user.id)).toEqual([]);

      for (const endpoint of [FCM, 'https://updates.push.services.mozilla.com/wpush/v2/gAAAA', 'https://web.push.apple.com/QGuQyavXutnMgh']) {
        expect((await subscribe(ctx(), user, { endpoint, keys: someKeys() })).statusCode, endpoint).toBe(201);
      }
      await ctx().database.db.deleteFrom('push_subscriptions').where('user_id', '=', user.id).execute();
    });

    it('refuses at send time a push host that resolves to a private address (checked on the resolved address)', async () => {
      await expect(
        new Promise((resolve, reject) => publicOnlyLookup('localhost', {}, (error, address) => (error ? reject(error) : resolve(address)))),
      ).rejects.toMatchObject({ code: 'EPUSHREFUSED' });

      // A row stored under a name that now resolves to loopback (DNS rebinding): never posted to, and dropped.
      const user = await createTestUser(ctx(), { fullName: 'Rebound' });
      const keys = someKeys();
      await ctx()
        .database.db.insertInto('push_subscriptions')
        .values({ user_id: user.id, endpoint: `https://localhost/push/rebound`, p256dh: keys.p256dh, auth: keys.auth, created_at: toIso(ctx().clock.now()) })
        .execute();
      const before = service.requestCount();
      const outcome = await createPushChannel(ctx().app).deliver(
        {
          id: 1,
          userId: user.id,
          kind: 'REQUEST_ACCEPTED',
          language: 'en',
          title: 'Title',
          body: 'Body',
          link: '/my-order',
          createdAt: toIso(ctx().clock.now()),
        },
        ctx().clock.now(),
      );
      expect(outcome).toEqual({ status: 'skipped', reason: 'every push subscription was gone' });
      expect(await endpointsOf(ctx(), user.id)).toEqual([]);
      expect(service.requestCount()).toBe(before);
    });

    it('delivers a real accept to every subscription, signed and encrypted, with only what the notification shows', async () => {
      const { receiver, donation, code } = await acceptedScenario(ctx(), 'push');
      const publicKey = (await ctx().app.inject({ method: 'GET', url: '/api/push/public-key' })).json<{ publicKey: string }>().publicKey;
      const phone = service.subscribe(publicKey);
      const laptop = service.subscribe(publicKey);
      for (const subscription of [phone, laptop]) expect((await subscribe(ctx(), receiver, subscription)).statusCode).toBe(201);

      const notification = await newestNotification(ctx(), receiver);
      expect(notification.kind).toBe('REQUEST_ACCEPTED');
      const outcome = await createPushChannel(ctx().app).deliver(notification, ctx().clock.now());
      expect(outcome, JSON.stringify(service.refused())).toEqual({ status: 'sent' });

      const isThis = (endpoint: string) => (message: { subscriptionId: string; payload: string }) =>
        endpoint.endsWith(`/${message.subscriptionId}`) && (JSON.parse(message.payload) as PushPayload).id === notification.id;
      for (const subscription of [phone, laptop]) {
        const message = await service.nextMessage(isThis(subscription.endpoint));
        expect(JSON.parse(message.payload)).toEqual({
          id: notification.id,
          kind: 'REQUEST_ACCEPTED',
          title: notification.title,
          body: notification.body,
          link: notification.link,
          lang: 'en',
        });
        expect(message.payload).not.toContain(code);
        expect(message.payload).not.toContain(receiver.contactNumber);
        expect(message.payload).toContain(donation.foodName);
        expect(message).toMatchObject({ ttl: 4 * 3600, urgency: 'high', topic: `n${notification.id}` });
        expect(message.claims.aud).toBe(service.origin);
        expect(message.claims.sub).toBe(ctx().config.pushContact);
      }
    });

    it('removes a subscription the push service calls gone (410) and keeps the others', async () => {
      const user = await createTestUser(ctx(), { role: 'RECEIVER', fullName: 'Gone Phone' });
      const gone = service.subscribe();
      const alive = service.subscribe();
      for (const subscription of [gone, alive]) expect((await subscribe(ctx(), user, subscription)).statusCode).toBe(201);
      service.expire(gone.endpoint);

      const notification = {
        id: 9001,
        userId: user.id,
        kind: 'REQUEST_REJECTED' as const,
        language: 'en' as const,
        title: 'Declined',
        body: 'Try other food.',
        link: '/my-order',
        createdAt: toIso(ctx().clock.now()),
      };
      expect(await createPushChannel(ctx().app).deliver(notification, ctx().clock.now())).toEqual({ status: 'sent' });
      expect(await endpointsOf(ctx(), user.id)).toEqual([alive.endpoint]);
      const message = await service.nextMessage((m) => alive.endpoint.endsWith(`/${m.subscriptionId}`) && m.payload.includes('"id":9001'));
      expect(message.urgency).toBe('normal');
      expect(service.refused()).toContainEqual({ subscriptionId: gone.endpoint.split('/').at(-1), status: 410, reason: 'gone' });

      // With only the gone one left, nothing is sent and nothing is kept.
      service.expire(alive.endpoint);
      expect(await createPushChannel(ctx().app).deliver({ ...notification, id: 9002 }, ctx().clock.now())).toEqual({
        status: 'skipped',
        reason: 'every push subscription was gone',
      });
      expect(await endpointsOf(ctx(), user.id)).toEqual([]);
      expect(await createPushChannel(ctx().app).deliver({ ...notification, id: 9003 }, ctx().clock.now())).toEqual({
        status: 'skipped',
        reason: 'no push subscription',
      });
    });

    it('throws for 429, 5xx and an unreachable service so the queue retries, keeping the subscription', async () => {
      const user = await createTestUser(ctx(), { role: 'RECEIVER', fullName: 'Busy Service' });
      const subscription = service.subscribe();
      expect((await subscribe(ctx(), user, subscription)).statusCode).toBe(201);
      service.failNext(subscription.endpoint, 429, 503);
      const channel = createPushChannel(ctx().app);
      const notification = {
        id: 9100,
        userId: user.id,
        kind: 'PICKUP_COMPLETED' as const,
        language: 'en' as const,
        title: 'Done',
        body: 'Rate it.',
        link: '/my-order',
        createdAt: toIso(ctx().clock.now()),
      };
      await expect(channel.deliver(notification, ctx().clock.now())).rejects.toThrow(/answered 429/);
      await expect(channel.deliver(notification, ctx().clock.now())).rejects.toThrow(/answered 503/);
      expect(await channel.deliver(notification, ctx().clock.now())).toEqual({ status: 'sent' });
      expect(await endpointsOf(ctx(), user.id)).toEqual([subscription.endpoint]);

      // A listed origin where nothing listens: a network failure, retried, never a removal.
      await ctx()
        .database.db.updateTable('push_subscriptions')
        .set({ endpoint: `http://127.0.0.1:${silentPort}/push/nobody` })
        .where('user_id', '=', user.id)
        .execute();
      await expect(channel.deliver(notification, ctx().clock.now())).rejects.toThrow(/could not be reached/);
      expect(await endpointsOf(ctx(), user.id)).toHaveLength(1);
      await ctx().database.db.deleteFrom('push_subscriptions').where('user_id', '=', user.id).execute();
    });

    it('sends a real accept through the job queue: committed, queued, delivered and recorded as sent', async () => {
      const donor = await createTestUser(ctx(), { role: 'DONOR', fullName: 'Queue Donor' });
      const receiver = await createTestUser(ctx(), { role: 'RECEIVER', fullName: 'Queue Receiver' });
      const publicKey = (await ctx().app.inject({ method: 'GET', url: '/api/push/public-key' })).json<{ publicKey: string }>().publicKey;
      const phone = service.subscribe(publicKey);
      expect((await subscribe(ctx(), receiver, phone)).statusCode).toBe(201);

      const donation = await donate(ctx(), donor, { foodName: 'Queued pulao' });
      const request = await requestDonation(ctx(), receiver, donation.id);
      const accepted = await post(ctx(), `/api/requests/${request.id}/accept`, donor);
      expect(accepted.statusCode, accepted.body).toBe(200);
      const notification = await newestNotification(ctx(), receiver);
      expect(notification.kind).toBe('REQUEST_ACCEPTED');
      // Nothing is posted before the queue runs: the send happens after the commit, not inside it.
      expect(service.received().filter((m) => phone.endpoint.endsWith(`/${m.subscriptionId}`))).toEqual([]);

      expect(await ctx().app.jobs.runDue()).toBeGreaterThan(0);
      const message = await service.nextMessage((m) => phone.endpoint.endsWith(`/${m.subscriptionId}`));
      expect(JSON.parse(message.payload)).toEqual({
        id: notification.id,
        kind: 'REQUEST_ACCEPTED',
        title: notification.title,
        body: notification.body,
        link: notification.link,
        lang: 'en',
      });
      const delivery = await ctx()
        .database.db.selectFrom('notification_deliveries')
        .select(['status', 'attempts'])
        .where('notification_id', '=', notification.id)
        .where('channel', '=', 'push')
        .executeTakeFirstOrThrow();
      expect(delivery).toEqual({ status: 'sent', attempts: 1 });
      // The donor, with no subscription, is skipped for push on the request notification.
      const donorNotification = await newestNotification(ctx(), donor);
      const donorDelivery = await ctx()
        .database.db.selectFrom('notification_deliveries')
        .select(['status', 'detail'])
        .where('notification_id', '=', donorNotification.id)
        .where('channel', '=', 'push')
        .executeTakeFirstOrThrow();
      expect(donorDelivery).toEqual({ status: 'skipped', detail: 'no push subscription' });

      // Run again: the delivery is done, so nothing more reaches the phone.
      await ctx().app.jobs.runDue();
      expect(service.received().filter((m) => phone.endpoint.endsWith(`/${m.subscriptionId}`))).toHaveLength(1);
    });

    it('never writes the VAPID private key or an endpoint to the log', async () => {
      const { privateKey } = await ctx().app.pushKeys.get();
      const logs = ctx().logs().join('\n');
      expect(logs).not.toContain(privateKey);
      expect(logs).not.toContain(`127.0.0.1:${servicePort}`);
    });
  },
  // The local push service above, and a loopback origin on the next port where nothing listens.
  { PUSH_ALLOWED_ORIGINS: `http://127.0.0.1:${servicePort},http://127.0.0.1:${silentPort}` },
);
