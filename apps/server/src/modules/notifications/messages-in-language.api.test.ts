import type { NotificationPage } from '@annadaan/contract/notifications';
import type { PushPayload } from '@annadaan/contract/push';
import { afterAll, expect, it } from 'vitest';
import { bearer, freshAddress, registerPerson } from '../../../test/accounts';
import { type LocalPushService, startLocalPushService } from '../../../test/local-push-service';
import { startTestSmtpServer } from '../../../test/smtp-test-server';
import { type TestContext, describeEachDatabase } from '../../../test/test-app';
import { donate, get, post, requestDonation } from '../../../test/test-handover';
import { type TestUser, createTestUser } from '../../../test/test-users';
import { toIso } from '../../lib/clock';
import { notices, recordNotification } from './notifications-service';

/*
 * Issue 17, decision 033: notifications, emails and push messages go out in the recipient's
 * language (the account's), and the in-app list is worded when read, so a switch re-words it.
 */

const smtp = await startTestSmtpServer();
const push: LocalPushService = await startLocalPushService();
afterAll(async () => {
  await smtp.close();
  await push.close();
});

const PUBLIC_URL = 'https://annadaan.test';

function setLanguage(ctx: TestContext, token: string, language: 'en' | 'hi') {
  return ctx.app.inject({ method: 'PUT', url: '/api/user/update-profile', headers: bearer(token), payload: { language }, remoteAddress: freshAddress() });
}

async function inbox(ctx: TestContext, user: TestUser) {
  const response = await get(ctx, '/api/notifications', user);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<NotificationPage>().items;
}

async function emailOf(ctx: TestContext, user: TestUser): Promise<string> {
  return (await ctx.database.db.selectFrom('users').select('email').where('id', '=', user.id).executeTakeFirstOrThrow()).email;
}

/** A receiver who asked for the donor's food and was accepted; the receiver's phone subscribed to push. */
async function acceptedFor(ctx: TestContext, donor: TestUser, receiver: TestUser, foodName: string) {
  const donation = await donate(ctx, donor, { foodName });
  const request = await requestDonation(ctx, receiver, donation.id);
  const accepted = await post(ctx, `/api/requests/${request.id}/accept`, donor);
  expect(accepted.statusCode, accepted.body).toBe(200);
}

describeEachDatabase(
  'messages in the recipient’s language',
  (ctx) => {
    it('a Hindi receiver hears of an accepted request in Hindi in the app, by push and by email; an English one in English', async () => {
      const donor = await createTestUser(ctx(), { role: 'DONOR', fullName: 'दाता दीपा' });
      const hindi = await createTestUser(ctx(), { role: 'RECEIVER', fullName: 'हिन्दी हरीश' });
      const english = await createTestUser(ctx(), { role: 'RECEIVER', fullName: 'English Esha' });
      expect((await setLanguage(ctx(), hindi.token, 'hi')).statusCode).toBe(200);
      const publicKey = (await ctx().app.inject({ method: 'GET', url: '/api/push/public-key' })).json<{ publicKey: string }>().publicKey;
      const phone = push.subscribe(publicKey);
      const subscribed = await ctx().app.inject({ method: 'POST', url: '/api/push/subscriptions', headers: hindi.headers, payload: phone });
      expect(subscribed.statusCode, subscribed.body).toBe(201);
      const hindiAddress = await emailOf(ctx(), hindi);
      const englishAddress = await emailOf(ctx(), english);
      const before = smtp.received.length;

      await acceptedFor(ctx(), donor, hindi, 'आलू पराठा');
      await acceptedFor(ctx(), donor, english, 'Poha');
      // Accepted requests pass quiet hours, so both go out whatever the clock says.
      await ctx().app.jobs.runDue();

      const [hindiItem] = await inbox(ctx(), hindi);
      expect(hindiItem).toMatchObject({
        kind: 'REQUEST_ACCEPTED',
        title: 'आपका अनुरोध मंज़ूर हो गया',
        body: 'दान करने वाले ने "आलू पराठा" के लिए आपका अनुरोध मंज़ूर कर दिया। पिकअप कोड के लिए मेरे ऑर्डर खोलें।',
        link: '/my-order',
      });
      const [englishItem] = await inbox(ctx(), english);
      expect(englishItem).toMatchObject({
        title: 'Your request was accepted',
        body: 'The donor accepted your request for "Poha". Open My Orders for your pickup code.',
      });

      const hindiMail = await smtp.lastTo(hindiAddress, before);
      expect(hindiMail.parsed.subject).toBe('आपका अनुरोध मंज़ूर हो गया');
      expect(hindiMail.parsed.text).toContain('दान करने वाले ने "आलू पराठा" के लिए आपका अनुरोध मंज़ूर कर दिया।');
      expect(hindiMail.parsed.text).toContain(`Annadaan में खोलें: ${PUBLIC_URL}/my-order`);
      expect(hindiMail.parsed.text).toContain('आपको यह ईमेल इसलिए मिला क्योंकि "मंज़ूर हुए अनुरोध" के लिए ईमेल चालू है। ये ईमेल बंद करें: ');
      expect(hindiMail.parsed.text).toContain(`सूचना की सारी सेटिंग: ${PUBLIC_URL}/notification-settings`);
      expect(hindiMail.parsed.html).toContain('<html lang="hi">');
      expect(hindiMail.parsed.html).toContain('“मंज़ूर हुए अनुरोध”');
      expect(hindiMail.parsed.text).not.toMatch(/Open in Annadaan|Stop these emails|notification settings/);

      const englishMail = await smtp.lastTo(englishAddress, before);
      expect(englishMail.parsed.subject).toBe('Your request was accepted');
      expect(englishMail.parsed.text).toContain(`Open in Annadaan: ${PUBLIC_URL}/my-order`);
      expect(englishMail.parsed.text).toContain('You get this email because email for "Accepted requests" is on. Stop these emails: ');
      expect(englishMail.parsed.html).toContain('<html lang="en">');

      const pushed = await push.nextMessage((message) => phone.endpoint.endsWith(`/${message.subscriptionId}`));
      expect(JSON.parse(pushed.payload) as PushPayload).toEqual({
        id: hindiItem?.id,
        kind: 'REQUEST_ACCEPTED',
        title: 'आपका अनुरोध मंज़ूर हो गया',
        body: hindiItem?.body,
        link: '/my-order',
        lang: 'hi',
      });
    });

    it('re-words the in-app list in the new language after a switch; rows from before keep their English', async () => {
      const person = await createTestUser(ctx(), { role: 'RECEIVER', fullName: 'बदलती बीना' });
      await ctx()
        .database.db.insertInto('notifications')
        .values({
          user_id: person.id,
          kind: 'ACCOUNT_SECURITY',
          title: 'Written before catalogs',
          body: 'Stored English, no message key.',
          message: null,
          link: '/Profile',
          created_at: toIso(ctx().clock.now()),
          read_at: null,
        })
        .execute();
      await ctx()
        .database.db.transaction()
        .execute((trx) => recordNotification(trx, notices.nearbyDonations(person.id, { label: '', radiusKm: 2.5 }, 12), ctx().clock.now()));

      const english = await inbox(ctx(), person);
      expect(english.map((item) => item.title)).toEqual(['12 new donations near your saved place', 'Written before catalogs']);

      expect((await setLanguage(ctx(), person.token, 'hi')).statusCode).toBe(200);
      const hindi = await inbox(ctx(), person);
      expect(hindi.map((item) => item.title)).toEqual(['आपकी सेव की हुई जगह के पास 12 नए दान', 'Written before catalogs']);
      expect(hindi[0]?.body).toBe('पिछले कुछ मिनटों में आपकी सेव की हुई जगह से 2.5 km के अंदर 12 दान डाले गए हैं। खत्म होने से पहले देख लें।');
      expect(hindi[1]?.body).toBe('Stored English, no message key.');

      expect((await setLanguage(ctx(), person.token, 'en')).statusCode).toBe(200);
      expect((await inbox(ctx(), person))[0]?.title).toBe('12 new donations near your saved place');
      // The stored row keeps English for the data export and any older reader.
      const stored = await ctx()
        .database.db.selectFrom('notifications')
        .select(['title', 'message'])
        .where('user_id', '=', person.id)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(stored.title).toBe('12 new donations near your saved place');
      expect(JSON.parse(stored.message ?? 'null')).toMatchObject({ title: { key: 'nearbyDonations.title', params: { count: 12 } } });
    });

    it('sends the password reset code and the phone-change notice in the person’s language', async () => {
      const person = await registerPerson(ctx());
      expect((await setLanguage(ctx(), person.token, 'hi')).statusCode).toBe(200);
      const before = smtp.received.length;
      const asked = await ctx().app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        remoteAddress: freshAddress(),
        payload: { email: person.email, contactNumber: person.contactNumber },
      });
      expect(asked.statusCode).toBe(200);
      const code = await smtp.lastTo(person.email, before);
      expect(code.parsed.subject).toBe('आपका Annadaan पासवर्ड रीसेट कोड');
      expect(code.parsed.text).toMatch(/^आपका Annadaan पासवर्ड रीसेट कोड \d{6} है। यह 15 मिनट तक चलेगा।/);

      const beforePhone = smtp.received.length;
      const changed = await ctx().app.inject({
        method: 'PUT',
        url: '/api/user/update-profile',
        headers: bearer(person.token),
        payload: { contactNumber: '7012345678', currentPassword: person.password },
        remoteAddress: freshAddress(),
      });
      expect(changed.statusCode, changed.body).toBe(200);
      const notice = await smtp.lastTo(person.email, beforePhone);
      expect(notice.parsed.subject).toBe('आपके Annadaan अकाउंट का फ़ोन नंबर बदल दिया गया');
      expect(notice.parsed.text).toContain('5678 पर खत्म होने वाला नंबर कर दिया गया');
      const [inApp] = await inbox(ctx(), { ...person, id: 0, fullName: '', headers: bearer(person.token) });
      expect(inApp?.title).toBe('आपका फ़ोन नंबर बदल दिया गया');
    });
  },
  { SMTP_URL: smtp.url, PUBLIC_URL, PUSH_ALLOWED_ORIGINS: push.origin },
);
