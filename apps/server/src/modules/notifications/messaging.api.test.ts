import type { Language } from '@annadaan/contract/language';
import type { MessagingChannel, MessagingSettings } from '@annadaan/contract/messaging';
import { NOTIFICATION_KINDS } from '@annadaan/contract/notification-preferences';
import type { NotificationKind } from '@annadaan/contract/notifications';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startLocalMessagingProvider } from '../../../../../scripts/local-messaging-provider.mjs';
import { MESSAGING_PUBLIC_URL, listenForCallbacks, receivedBy, runPastTheWait, verifiedPerson } from '../../../test/messaging';
import { type TestContext, describeEachDatabase } from '../../../test/test-app';
import { acceptedScenario, get, post, scenario } from '../../../test/test-handover';
import { type TestUser, createTestUser } from '../../../test/test-users';
import { smsTemplate, whatsappTemplate } from './messaging-templates';
import type { NewNotification } from './notifications-repository';
import { notices, recordNotification } from './notifications-service';

const provider = await startLocalMessagingProvider();
afterAll(() => provider.close());

async function record(ctx: TestContext, notice: NewNotification) {
  await ctx.database.db.transaction().execute((trx) => recordNotification(trx, notice, ctx.clock.now()));
}

/** One notice of each kind for a person (the handover kinds through real requests where a request is needed). */
async function noticeOfEveryKind(ctx: TestContext, person: TestUser): Promise<Record<NotificationKind, () => Promise<void>>> {
  const food = 'Veg biryani';
  return {
    REQUEST_RECEIVED: () => record(ctx, notices.requestReceived(person.id, 1, food)),
    REQUEST_ACCEPTED: async () => {
      // The code belongs to this person's own accepted request.
      const donor = await createTestUser(ctx, { role: 'DONOR', fullName: 'Donor for code' });
      const { donate, requestDonation } = await import('../../../test/test-handover');
      const donation = await donate(ctx, donor);
      const request = await requestDonation(ctx, person, donation.id);
      const accepted = await post(ctx, `/api/requests/${request.id}/accept`, donor);
      expect(accepted.statusCode, accepted.body).toBe(200);
    },
    REQUEST_REJECTED: () => record(ctx, notices.requestRejected(person.id, food)),
    REQUEST_CANCELLED: () => record(ctx, notices.requestCancelled(person.id, 1, food)),
    DONATION_CANCELLED: () => record(ctx, notices.donationCancelled(person.id, food)),
    DONATION_EXPIRED: () => record(ctx, notices.donationExpired(person.id, food)),
    PICKUP_COMPLETED: () => record(ctx, notices.pickupCompleted(person.id, 'receiver', 1, food)),
    PICKUP_REMINDER: () => record(ctx, notices.pickupReminder(person.id, 'receiver', 1, food)),
    REQUEST_WAITING: () => record(ctx, notices.requestWaiting(person.id, 1, food)),
    NEARBY_DONATION: () => record(ctx, notices.nearbyDonation(person.id, { label: 'Home', radiusKm: 3 }, 1, food)),
    ACCOUNT_SECURITY: () => record(ctx, notices.passwordChanged(person.id)),
    REPORT_OUTCOME: () => record(ctx, notices.reportOutcome(person.id, { type: 'DONATION', title: food }, true)),
    LISTING_HIDDEN: () => record(ctx, notices.listingHiddenForRequester(person.id, food)),
    RUN_AVAILABLE: () => record(ctx, notices.runAvailable(person.id, 1, food, 'Kothrud, Pune 411038', 'Karve Nagar, Pune 411052', 2.4)),
    RUN_UPDATE: () => record(ctx, notices.runUpdate(person.id, 'receiver', 1, 'pickedUp', food)),
    VOLUNTEERING: () => record(ctx, notices.volunteerDecided(person.id, 'APPROVE', '')),
    ORGANISATION: () => record(ctx, notices.organisationVerified(person.id, 1, 'Roti Bank')),
    WAITLIST: () => record(ctx, notices.waitlistOffer(person.id, 1, food, { count: 5, unit: 'PLATE' }, 10)),
  };
}

async function settings(ctx: TestContext, person: TestUser) {
  const response = await get(ctx, '/api/me/messaging', person);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<MessagingSettings>();
}

const env: Record<string, string> = { ...provider.env(), PUBLIC_URL: MESSAGING_PUBLIC_URL };

describeEachDatabase(
  'WhatsApp and SMS: every kind, consent, STOP/START, webhooks',
  (ctx) => {
    beforeAll(async () => {
      await listenForCallbacks(ctx(), provider);
    });

    for (const channel of ['whatsapp', 'sms'] as const satisfies MessagingChannel[]) {
      for (const language of ['en', 'hi'] as const satisfies Language[]) {
        it(`sends every kind on ${channel} in ${language}, with the registered template, after the wait`, async () => {
          const person = await verifiedPerson(ctx(), `every-${channel}-${language}`, { role: 'RECEIVER', language, channels: [channel] });
          const makers = await noticeOfEveryKind(ctx(), person);
          for (const kind of NOTIFICATION_KINDS) {
            const before = receivedBy(provider, person.contactNumber).length;
            await makers[kind]();
            await ctx().app.jobs.runDue();
            // Nothing is paid for before the wait: the person may still read it in the app.
            expect(receivedBy(provider, person.contactNumber), kind).toHaveLength(before);
            await runPastTheWait(ctx());
            const got = receivedBy(provider, person.contactNumber).slice(before);
            expect(got, kind).toHaveLength(1);
            const [message] = got;
            if (message?.channel === 'whatsapp') {
              expect(message.template).toBe(whatsappTemplate(kind, language)?.name);
              expect(message.language).toBe(language);
              expect(message.params.every((value) => value.length > 0)).toBe(true);
              expect(message.params.join(' ')).toContain('https://annadaan.test/s/');
            } else if (message?.channel === 'sms') {
              expect(message.templateId).toBe(smsTemplate(kind, language)?.templateId);
              expect(message.vars.every((value) => value.length > 0 && value.length <= 40)).toBe(true);
              expect(message.shortUrl).toBe('0');
            }
            if (kind === 'REQUEST_ACCEPTED') {
              const code = await ctx()
                .database.db.selectFrom('donation_requests')
                .select('pickup_code')
                .where('receiver_id', '=', person.id)
                .where('status', '=', 'AWAITING_PICKUP')
                .executeTakeFirstOrThrow();
              const values = message?.channel === 'whatsapp' ? message.params : message?.channel === 'sms' ? message.vars : [];
              expect(values).toContain(code.pickup_code);
            }
          }
          const deliveries = await ctx()
            .database.db.selectFrom('notification_deliveries')
            .innerJoin('notifications', 'notifications.id', 'notification_deliveries.notification_id')
            .select(['notification_deliveries.status'])
            .where('notifications.user_id', '=', person.id)
            .where('notification_deliveries.channel', '=', channel)
            .execute();
          expect(deliveries.map((row) => row.status)).toEqual(NOTIFICATION_KINDS.map(() => 'sent'));
        });
      }
    }

    it('sends nothing for a notice read in the app before the wait, and nothing to an unverified or unconsenting person', async () => {
      const reader = await verifiedPerson(ctx(), 'reader', { channels: ['whatsapp', 'sms'] });
      await record(ctx(), notices.requestRejected(reader.id, 'Poha'));
      await ctx().app.jobs.runDue();
      expect((await post(ctx(), '/api/notifications/read', reader, { all: true })).statusCode).toBe(200);
      const silent = await verifiedPerson(ctx(), 'silent');
      const unverified = await createTestUser(ctx(), { role: 'RECEIVER', fullName: 'Unverified' });
      await ctx()
        .database.db.insertInto('messaging_consents')
        .values({ user_id: unverified.id, channel: 'sms', kind_group: 'handover', enabled: 1, source: 'settings', changed_at: '2026-01-01T00:00:00.000Z' })
        .execute();
      await record(ctx(), notices.requestRejected(silent.id, 'Poha'));
      await record(ctx(), notices.requestRejected(unverified.id, 'Poha'));
      await runPastTheWait(ctx());
      for (const person of [reader, silent, unverified]) expect(receivedBy(provider, person.contactNumber)).toEqual([]);
    });

    it('falls back to SMS when WhatsApp refuses the number for good, and shows the refusal to admins', async () => {
      const person = await verifiedPerson(ctx(), 'fallback', { channels: ['whatsapp', 'sms'] });
      provider.refuse(person.contactNumber, 'whatsapp');
      await record(ctx(), notices.requestRejected(person.id, 'Khichdi'));
      await runPastTheWait(ctx());
      const got = receivedBy(provider, person.contactNumber);
      const rows = await ctx()
        .database.db.selectFrom('notification_deliveries')
        .innerJoin('notifications', 'notifications.id', 'notification_deliveries.notification_id')
        .select(['notification_deliveries.channel', 'notification_deliveries.status', 'notification_deliveries.detail'])
        .where('notifications.user_id', '=', person.id)
        .execute();
      expect(
        got.map((message) => message.channel),
        JSON.stringify(rows),
      ).toEqual(['sms']);
      const admin = await createTestUser(ctx(), { role: 'ADMIN', fullName: 'Admin' });
      const failures = await get(ctx(), '/api/admin/messaging/failures', admin);
      expect(failures.statusCode).toBe(200);
      expect(failures.json<{ failures: { channel: string; toEnding: string; detail: string }[] }>().failures).toContainEqual(
        expect.objectContaining({
          channel: 'whatsapp',
          toEnding: person.contactNumber.slice(-4),
          detail: 'WhatsApp refused the message: HTTP 400, error 131026: Recipient not on WhatsApp',
        }),
      );
      expect((await get(ctx(), '/api/admin/messaging/failures', person)).statusCode).toBe(403);
    });

    it('retries a provider outage with backoff and sends once', async () => {
      const person = await verifiedPerson(ctx(), 'outage', { channels: ['sms'] });
      await record(ctx(), notices.requestRejected(person.id, 'Upma'));
      await ctx().app.jobs.runDue();
      provider.failNext(1);
      ctx().clock.advance(ctx().config.messagingWaitMs + 1000);
      await ctx().app.jobs.runDue();
      expect(receivedBy(provider, person.contactNumber)).toEqual([]);
      ctx().clock.advance(60_000);
      await ctx().app.jobs.runDue();
      await ctx().app.jobs.runDue();
      expect(receivedBy(provider, person.contactNumber)).toHaveLength(1);
    });

    it("a send repeated after a crash between the provider's answer and the mark is the same message (idempotency key)", async () => {
      const person = await verifiedPerson(ctx(), 'crash', { channels: ['whatsapp'] });
      await record(ctx(), notices.requestRejected(person.id, 'Idli'));
      await runPastTheWait(ctx());
      const [first] = receivedBy(provider, person.contactNumber);
      // As if the process died after the provider answered and before the row was marked.
      await ctx().database.db.updateTable('messaging_sends').set({ status: 'sending' }).where('user_id', '=', person.id).execute();
      const notification = await ctx().database.db.selectFrom('notifications').select('id').where('user_id', '=', person.id).executeTakeFirstOrThrow();
      await ctx().database.db.deleteFrom('notification_deliveries').where('notification_id', '=', notification.id).execute();
      await ctx()
        .database.db.insertInto('jobs')
        .values({
          kind: 'notification-delivery',
          payload: JSON.stringify({ notificationId: notification.id, channel: 'whatsapp' }),
          run_at: ctx().clock.now().toISOString(),
          key: null,
          created_at: new Date().toISOString(),
        })
        .execute();
      await ctx().app.jobs.runDue();
      const all = receivedBy(provider, person.contactNumber);
      expect(all).toHaveLength(1);
      expect(all[0]?.idempotencyKey).toMatch(new RegExp(`^[0-9a-f]{16}:notification:${notification.id}:whatsapp$`));
      expect(all[0]?.id).toBe(first?.id);
    });

    it('STOP on either channel switches it off at once and confirms; START switches it back on', async () => {
      for (const channel of ['whatsapp', 'sms'] as const) {
        const person = await verifiedPerson(ctx(), `stop-${channel}`, { channels: [channel] });
        const stop =
          channel === 'whatsapp'
            ? await provider.whatsappReply(person.contactNumber, { text: ' stop ' })
            : await provider.smsReply(person.contactNumber, 'STOP');
        expect(stop.status).toBe(200);
        const off = await settings(ctx(), person);
        expect(off.consent[channel]).toEqual({
          handover: { on: false, changedAt: ctx().clock.now().toISOString(), source: 'reply' },
          alerts: { on: false, changedAt: ctx().clock.now().toISOString(), source: 'reply' },
        });
        await ctx().app.jobs.runDue();
        const confirmation = receivedBy(provider, person.contactNumber);
        expect(confirmation).toHaveLength(1);
        expect(confirmation[0]?.channel === 'whatsapp' ? confirmation[0].template : confirmation[0]?.templateId).toBe(
          channel === 'whatsapp' ? 'annadaan_channel_off' : smsTemplate('CHANNEL_OFF', 'en')?.templateId,
        );
        await record(ctx(), notices.requestRejected(person.id, 'Dosa'));
        await runPastTheWait(ctx());
        expect(receivedBy(provider, person.contactNumber)).toHaveLength(1);

        const start =
          channel === 'whatsapp'
            ? await provider.whatsappReply(person.contactNumber, { text: 'START' })
            : await provider.smsReply(person.contactNumber, 'start');
        expect(start.status).toBe(200);
        expect((await settings(ctx(), person)).consent[channel].handover.on).toBe(true);
        await ctx().app.jobs.runDue();
        await record(ctx(), notices.requestRejected(person.id, 'Vada'));
        await runPastTheWait(ctx());
        expect(receivedBy(provider, person.contactNumber)).toHaveLength(3);
      }
    });

    it('refuses a wrongly signed WhatsApp webhook with 401 and changes nothing; a replay changes nothing', async () => {
      const person = await verifiedPerson(ctx(), 'signature', { channels: ['whatsapp'] });
      const { raw } = provider.signWhatsApp({ messages: [{ id: 'wamid.forged1', from: person.contactNumber.slice(1), type: 'text', text: { body: 'STOP' } }] });
      for (const signature of [undefined, 'sha256=00', `sha256=${'a'.repeat(64)}`]) {
        const response = await ctx().app.inject({
          method: 'POST',
          url: '/api/webhooks/whatsapp',
          headers: { 'content-type': 'application/json', ...(signature ? { 'x-hub-signature-256': signature } : {}) },
          payload: raw,
        });
        expect(response.statusCode).toBe(401);
        expect(response.json()).toMatchObject({ messageCode: 'WEBHOOK_SIGNATURE_INVALID' });
      }
      expect((await settings(ctx(), person)).consent.whatsapp.handover.on).toBe(true);

      const reply = await provider.whatsappReply(person.contactNumber, { text: 'STOP' });
      expect(reply.status).toBe(200);
      await ctx().app.inject({ method: 'PUT', url: '/api/me/messaging/consent', headers: person.headers, payload: { whatsapp: { handover: true } } });
      // The same signed body again: its message id was seen, so it does not switch WhatsApp off twice.
      const replay = await ctx().app.inject({
        method: 'POST',
        url: '/api/webhooks/whatsapp',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': reply.signature },
        payload: reply.raw,
      });
      expect(replay.statusCode).toBe(200);
      expect((await settings(ctx(), person)).consent.whatsapp.handover.on).toBe(true);
    });

    it("answers Meta's handshake only with our verify token", async () => {
      const ok = await get(ctx(), `/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=${provider.credentials.verifyToken}&hub.challenge=1158201444`);
      expect(ok.statusCode).toBe(200);
      expect(ok.body).toBe('1158201444');
      const wrong = await get(ctx(), '/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=not-ours-at-all&hub.challenge=1158201444');
      expect(wrong.statusCode).toBe(403);
    });

    it('stores delivery statuses from both providers; SMS reports need our secret', async () => {
      const person = await verifiedPerson(ctx(), 'statuses', { channels: ['whatsapp'] });
      await record(ctx(), notices.requestRejected(person.id, 'Thepla'));
      await runPastTheWait(ctx());
      const [sent] = receivedBy(provider, person.contactNumber);
      expect((await provider.whatsappStatus(sent?.id ?? '', 'delivered', person.contactNumber)).status).toBe(200);
      expect((await provider.whatsappStatus(sent?.id ?? '', 'read', person.contactNumber)).status).toBe(200);
      // A late "delivered" does not undo "read".
      expect((await provider.whatsappStatus(sent?.id ?? '', 'delivered', person.contactNumber)).status).toBe(200);
      const row = await ctx()
        .database.db.selectFrom('messaging_sends')
        .select(['status', 'to_ending'])
        .where('provider_id', '=', sent?.id ?? '')
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ status: 'read', to_ending: person.contactNumber.slice(-4) });

      const smsPerson = await verifiedPerson(ctx(), 'sms-status', { channels: ['sms'] });
      await record(ctx(), notices.requestRejected(smsPerson.id, 'Thepla'));
      await runPastTheWait(ctx());
      const [sms] = receivedBy(provider, smsPerson.contactNumber);
      const forged = await ctx().app.inject({
        method: 'POST',
        url: '/api/webhooks/sms',
        headers: { 'content-type': 'application/json', 'x-webhook-secret': 'not-the-secret-at-all' },
        payload: { requestId: sms?.id, status: '2', desc: 'FAILED' },
      });
      expect(forged.statusCode).toBe(401);
      expect((await provider.smsReport(sms?.id ?? '', 'DELIVERED')).status).toBe(200);
      const smsRow = await ctx()
        .database.db.selectFrom('messaging_sends')
        .select('status')
        .where('provider_id', '=', sms?.id ?? '')
        .executeTakeFirstOrThrow();
      expect(smsRow.status).toBe('delivered');
    });

    it('keeps full numbers, tokens and auth keys out of the log', async () => {
      const text = ctx().logs().join('\n');
      expect(text).not.toMatch(/\+91[6-9]\d{9}|\b91[6-9]\d{9}\b/);
      for (const secret of [provider.credentials.accessToken, provider.credentials.authKey, provider.credentials.appSecret]) expect(text).not.toContain(secret);
    });
  },
  env,
);

describeEachDatabase(
  'Phone verification and consent',
  (ctx) => {
    beforeAll(async () => {
      await listenForCallbacks(ctx(), provider);
    });

    it('verifies a number with a code sent by SMS; the wrong code, an expired one and a changed number do not verify', async () => {
      const person = await createTestUser(ctx(), { role: 'DONOR', fullName: 'Verify me' });
      expect(await settings(ctx(), person)).toMatchObject({ phone: person.contactNumber.slice(3), verified: false, verifiedAt: null });
      const refused = await ctx().app.inject({
        method: 'PUT',
        url: '/api/me/messaging/consent',
        headers: person.headers,
        payload: { sms: { handover: true } },
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ messageCode: 'PHONE_NOT_VERIFIED' });

      const sent = await post(ctx(), '/api/me/phone/verification', person);
      expect(sent.statusCode, sent.body).toBe(202);
      expect(sent.json()).toEqual({ endingIn: person.contactNumber.slice(-4), expiresAt: new Date(ctx().clock.now().getTime() + 10 * 60_000).toISOString() });
      const [sms] = receivedBy(provider, person.contactNumber);
      expect(sms?.channel === 'sms' && sms.templateId).toBe(smsTemplate('PHONE_CODE', 'en')?.templateId);
      const code = sms?.channel === 'sms' ? (sms.vars[0] ?? '') : '';
      expect(code).toMatch(/^\d{6}$/);

      const wrong = await post(ctx(), '/api/me/phone/verification/confirm', person, { code: String((Number(code) + 1) % 1_000_000).padStart(6, '0') });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ messageCode: 'PHONE_CODE_INVALID', fieldErrors: { code: expect.any(String) } });
      const malformed = await post(ctx(), '/api/me/phone/verification/confirm', person, { code: '12ab' });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toMatchObject({ fieldErrors: { code: 'Enter the 6-digit code we sent to your phone by SMS.' } });

      const right = await post(ctx(), '/api/me/phone/verification/confirm', person, { code });
      expect(right.statusCode, right.body).toBe(200);
      expect(right.json<MessagingSettings>()).toMatchObject({ verified: true, verifiedAt: ctx().clock.now().toISOString() });
      expect((await post(ctx(), '/api/me/phone/verification/confirm', person, { code })).statusCode).toBe(409);

      const on = await ctx().app.inject({
        method: 'PUT',
        url: '/api/me/messaging/consent',
        headers: person.headers,
        payload: { sms: { handover: true }, whatsapp: { alerts: false } },
      });
      expect(on.statusCode).toBe(200);
      expect(on.json<MessagingSettings>().consent.sms.handover).toEqual({ on: true, changedAt: ctx().clock.now().toISOString(), source: 'settings' });

      // The account export carries the consent with when and how it was given.
      const exported = await get(ctx(), '/api/me/export', person);
      expect(exported.statusCode, exported.body).toBe(200);
      {
        expect(exported.json<{ messaging: unknown }>().messaging).toEqual({
          phoneVerifiedAt: ctx().clock.now().toISOString(),
          consents: [
            { channel: 'sms', group: 'handover', on: true, changedAt: ctx().clock.now().toISOString(), source: 'settings' },
            { channel: 'whatsapp', group: 'alerts', on: false, changedAt: ctx().clock.now().toISOString(), source: 'settings' },
          ],
        });
      }

      // A changed number is not verified, and gets nothing until it is.
      await ctx()
        .database.db.updateTable('users')
        .set({ password_hash: await ctx().app.passwordHasher.hash('account', 'Monsoon-Lantern-Kettle-73') })
        .where('id', '=', person.id)
        .execute();
      const changed = await ctx().app.inject({
        method: 'PUT',
        url: '/api/user/update-profile',
        headers: person.headers,
        payload: { contactNumber: '7012345678', currentPassword: 'Monsoon-Lantern-Kettle-73' },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      {
        expect((await settings(ctx(), person)).verified).toBe(false);
        await runPastTheWait(ctx());
        expect(receivedBy(provider, '+917012345678')).toEqual([]);
      }
    });

    it('an expired code does not verify', async () => {
      const person = await createTestUser(ctx(), { role: 'RECEIVER', fullName: 'Late' });
      expect((await post(ctx(), '/api/me/phone/verification', person)).statusCode).toBe(202);
      const [sms] = receivedBy(provider, person.contactNumber);
      ctx().clock.advance(10 * 60_000 + 1);
      const late = await post(ctx(), '/api/me/phone/verification/confirm', person, { code: sms?.channel === 'sms' ? sms.vars[0] : '' });
      expect(late.statusCode).toBe(400);
    });

    it('sends at most 3 codes per number an hour under a parallel burst, and 5 tries per code', async () => {
      const person = await createTestUser(ctx(), { role: 'RECEIVER', fullName: 'Burst' });
      const answers = await Promise.all(Array.from({ length: 20 }, () => post(ctx(), '/api/me/phone/verification', person)));
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses.filter((status) => status === 202)).toHaveLength(3);
      expect(statuses.filter((status) => status === 429)).toHaveLength(17);
      expect(receivedBy(provider, person.contactNumber)).toHaveLength(3);
      const last = receivedBy(provider, person.contactNumber).at(-1);
      const code = last?.channel === 'sms' ? (last.vars[0] ?? '') : '';
      const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
      const guesses = await Promise.all(Array.from({ length: 10 }, () => post(ctx(), '/api/me/phone/verification/confirm', person, { code: wrongCode })));
      expect(guesses.every((guess) => guess.statusCode === 400)).toBe(true);
      // Its tries are spent: even the right code no longer works.
      expect((await post(ctx(), '/api/me/phone/verification/confirm', person, { code })).statusCode).toBe(400);
    });

    it('limits codes per client address across accounts', async () => {
      const people = await Promise.all(Array.from({ length: 12 }, (_, index) => createTestUser(ctx(), { role: 'RECEIVER', fullName: `Address ${index}` })));
      const answers = await Promise.all(
        people.map((person) => ctx().app.inject({ method: 'POST', url: '/api/me/phone/verification', headers: person.headers, remoteAddress: '203.0.113.77' })),
      );
      expect(answers.filter((answer) => answer.statusCode === 202)).toHaveLength(10);
      expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(2);
    });

    it('sends a password reset code by SMS to a verified number as well as by email', async () => {
      const person = await verifiedPerson(ctx(), 'reset');
      const row = await ctx().database.db.selectFrom('users').select('email').where('id', '=', person.id).executeTakeFirstOrThrow();
      const response = await post(ctx(), '/api/auth/forgot-password', undefined, { email: row.email, contactNumber: person.contactNumber.slice(3) });
      expect([200, 202]).toContain(response.statusCode);
      await ctx().app.messaging.settle();
      const [sms] = receivedBy(provider, person.contactNumber);
      expect(sms?.channel === 'sms' && sms.templateId).toBe(smsTemplate('RESET_CODE', 'en')?.templateId);
    });

    it('erases the consents and the verification with the account', async () => {
      const person = await verifiedPerson(ctx(), 'erase', { channels: ['sms'] });
      await ctx()
        .database.db.transaction()
        .execute(async (trx) => {
          const { messagingAccountData } = await import('./notifications-account-data');
          await messagingAccountData.eraseUserData(trx, person.id, {
            now: ctx().clock.now(),
            email: 'x@example.test',
            afterCommit: () => undefined,
            deleteStoredFile: async () => undefined,
          });
        });
      const consents = await ctx().database.db.selectFrom('messaging_consents').select('user_id').where('user_id', '=', person.id).execute();
      expect(consents).toEqual([]);
      expect((await settings(ctx(), person)).verified).toBe(false);
    });
  },
  env,
);

describeEachDatabase(
  'The Accept and Decline buttons on WhatsApp',
  (ctx) => {
    beforeAll(async () => {
      await listenForCallbacks(ctx(), provider);
    });

    /** A donor on WhatsApp with one pending request, and the buttons' payloads of the message they got. */
    async function buttons(label: string) {
      const parts = await scenario(ctx(), label);
      await ctx()
        .database.db.updateTable('users')
        .set({ phone_verified_at: ctx().clock.now().toISOString() })
        .where('id', 'in', [parts.donor.id, parts.receiver.id])
        .execute();
      for (const person of [parts.donor, parts.receiver]) {
        const response = await ctx().app.inject({
          method: 'PUT',
          url: '/api/me/messaging/consent',
          headers: person.headers,
          payload: { whatsapp: { handover: true } },
        });
        expect(response.statusCode).toBe(200);
      }
      // The request was made before consent; tell the donor again as a new request would.
      await record(ctx(), notices.requestReceived(parts.donor.id, parts.donation.id, parts.donation.foodName, parts.request.id));
      await runPastTheWait(ctx());
      const message = receivedBy(provider, parts.donor.contactNumber).find(
        (received) => received.channel === 'whatsapp' && received.template === 'annadaan_request_received',
      );
      if (message?.channel !== 'whatsapp') {
        const rows = await ctx()
          .database.db.selectFrom('notification_deliveries')
          .innerJoin('notifications', 'notifications.id', 'notification_deliveries.notification_id')
          .select(['notifications.kind', 'notification_deliveries.channel', 'notification_deliveries.status', 'notification_deliveries.detail'])
          .where('notifications.user_id', '=', parts.donor.id)
          .execute();
        throw new Error(
          `no WhatsApp message with buttons: ${JSON.stringify(rows)} ${JSON.stringify(await ctx().database.db.selectFrom('jobs').selectAll().execute())}`,
        );
      }
      const [accept = '', decline = ''] = message.buttons;
      return { ...parts, accept, decline };
    }

    const requestStatus = async (id: number) =>
      (await ctx().database.db.selectFrom('donation_requests').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

    it('the donor taps Accept: accepted through the same service, and the receiver gets the pickup code on WhatsApp', async () => {
      const { donor, receiver, request, accept, decline } = await buttons('tap');
      // Opaque: 24 random bytes, nothing of the request or the donor in it.
      expect(accept).toMatch(/^r1\.[A-Za-z0-9_-]{32}$/);
      const tap = await provider.whatsappReply(donor.contactNumber, { payload: accept, text: 'Accept' });
      expect(tap.status).toBe(200);
      expect(await requestStatus(request.id)).toBe('AWAITING_PICKUP');
      await runPastTheWait(ctx());
      const code = (await ctx().database.db.selectFrom('donation_requests').select('pickup_code').where('id', '=', request.id).executeTakeFirstOrThrow())
        .pickup_code;
      const toReceiver = receivedBy(provider, receiver.contactNumber).filter(
        (message) => message.channel === 'whatsapp' && message.template === 'annadaan_request_accepted',
      );
      expect(toReceiver).toHaveLength(1);
      expect(toReceiver[0]?.channel === 'whatsapp' && toReceiver[0].params).toContain(code);
      const toDonor = receivedBy(provider, donor.contactNumber).map((message) => (message.channel === 'whatsapp' ? message.template : ''));
      expect(toDonor).toContain('annadaan_reply_accepted');
      // The code went to nobody else.
      expect(provider.received.filter((message) => message.to !== receiver.contactNumber && JSON.stringify(message).includes(code ?? 'none'))).toEqual([]);

      // A second tap, a replay of Accept, and Decline afterwards change nothing and are answered plainly.
      await provider.whatsappReply(donor.contactNumber, { payload: accept });
      await provider.whatsappReply(donor.contactNumber, { payload: decline });
      const replay = await ctx().app.inject({
        method: 'POST',
        url: '/api/webhooks/whatsapp',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': tap.signature },
        payload: tap.raw,
      });
      expect(replay.statusCode).toBe(200);
      expect(await requestStatus(request.id)).toBe('AWAITING_PICKUP');
      await ctx().app.jobs.runDue();
      const answers = receivedBy(provider, donor.contactNumber).map((message) => (message.channel === 'whatsapp' ? message.template : ''));
      expect(answers.filter((name) => name === 'annadaan_reply_refused')).toHaveLength(2);
    });

    it('a tap from another number, a forged token or a late tap changes nothing', async () => {
      const { request, stranger, accept, donor } = await buttons('others');
      await ctx().database.db.updateTable('users').set({ phone_verified_at: ctx().clock.now().toISOString() }).where('id', '=', stranger.id).execute();
      await provider.whatsappReply(stranger.contactNumber, { payload: accept });
      await provider.whatsappReply('+919999999999', { payload: accept });
      await provider.whatsappReply(donor.contactNumber, { payload: `r1.${'A'.repeat(32)}` });
      expect(await requestStatus(request.id)).toBe('PENDING');

      const late = await buttons('late');
      ctx().clock.advance(24 * 60 * 60_000);
      await provider.whatsappReply(late.donor.contactNumber, { payload: late.accept });
      expect(await requestStatus(late.request.id)).toBe('PENDING');
      // The donor's own tap still works while fresh (the first scenario's token was untouched by the others).
      ctx().clock.set(new Date(ctx().clock.now().getTime() - 24 * 60 * 60_000));
      await provider.whatsappReply(donor.contactNumber, { payload: accept });
      expect(await requestStatus(request.id)).toBe('AWAITING_PICKUP');
    });

    it('Decline declines', async () => {
      const { donor, request, decline } = await buttons('decline');
      await provider.whatsappReply(donor.contactNumber, { payload: decline });
      expect(await requestStatus(request.id)).toBe('REJECTED');
    });

    it('50 parallel taps give one accept', async () => {
      const { donor, request, accept } = await buttons('fifty');
      const replies = await Promise.all(Array.from({ length: 50 }, () => provider.whatsappReply(donor.contactNumber, { payload: accept })));
      expect(replies.every((reply) => reply.status === 200)).toBe(true);
      expect(await requestStatus(request.id)).toBe('AWAITING_PICKUP');
      const accepted = await ctx()
        .database.db.selectFrom('notifications')
        .select('id')
        .where('request_id', '=', request.id)
        .where('kind', '=', 'REQUEST_ACCEPTED')
        .execute();
      expect(accepted).toHaveLength(1);
    });

    it('two instances on one PostgreSQL send each message once', async () => {
      const second = await ctx().secondInstance();
      if (!second) return;
      const people = await Promise.all(Array.from({ length: 10 }, (_, index) => verifiedPerson(ctx(), `twice-${index}`, { channels: ['sms'] })));
      for (const person of people) await record(ctx(), notices.requestRejected(person.id, 'Pulao'));
      await ctx().app.jobs.runDue();
      ctx().clock.advance(ctx().config.messagingWaitMs + 1000);
      await Promise.all([ctx().app.jobs.runDue(), second.jobs.runDue(), ctx().app.jobs.runDue(), second.jobs.runDue()]);
      for (const person of people) expect(receivedBy(provider, person.contactNumber)).toHaveLength(1);
    });

    it("a person's own accepted pickup is told only to them", async () => {
      const { receiver, code } = await acceptedScenario(ctx(), 'own-code');
      expect(code).toMatch(/^\d{6}$/);
      expect(receivedBy(provider, receiver.contactNumber)).toEqual([]);
    });
  },
  env,
);
