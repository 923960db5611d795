import { OutboxResponseSchema } from '@annadaan/contract/dev';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { expectAccessible, toast } from './support/accounts';
import { PHONE } from './support/devices';
import { chooseLanguage, expectNoUntranslatedText } from './support/language';
import { expectNoTruncationOrSideScroll } from './support/layout';
import { type Person, acceptRequest, donate, registerPerson, requestDonation, signedInContext, tag } from './support/scenario';
import { expect, test } from './support/test';

/*
 * Issue 17 (decision 033): a Hindi receiver's notifications, worded by the server in the account's
 * language, and the notification screens in Hindi, reached from the bell on a phone (the laptop's run is a
 * route test: apps/web/test/hindi-notifications.route.test.tsx).
 * People and food are named in Devanagari, so the untranslated-text scan sees only the app's words.
 */

// The top bar holds a bell for each layout; the one this screen shows.
/** A unique suffix without Latin letters (tag() is hex), so the scan sees only Devanagari data. */
const digits = () => String(Number.parseInt(tag(), 16));
const bell = (page: Page) => page.locator('[data-testid="notification-bell"]:visible');
/**
 * The header's switch names the other language in its own script ("English" on a Hindi screen):
 * the one Latin word a Hindi screen shows on purpose. (The shell could mark it translate="no".)
 */
const expectHindiOnly = (page: Page) => expectNoUntranslatedText(page);
const kind = (page: Page, label: string) => page.getByRole('group', { name: label });

/** Quiet hours (22:00–07:00 India time by default) would hold emails when the suite runs at night there. */
async function quietHoursOff(request: APIRequestContext, person: Person) {
  const quiet = await request.put('/api/notification-preferences', {
    headers: { authorization: `Bearer ${person.token}` },
    data: { quietHours: { enabled: false, start: '22:00', end: '07:00', timeZone: 'Asia/Kolkata' } },
  });
  expect(quiet.status(), await quiet.text()).toBe(200);
}

// The laptop's run is a route test (apps/web/test/hindi-notifications.route.test.tsx); see PHONE.
for (const device of [PHONE]) {
  test.describe(`Hindi notifications on ${device.name}`, () => {
    // Each journey signs people up, switches language on the account and waits for the live stream and the job runner.
    test.slow();
    let contexts: BrowserContext[] = [];
    test.afterEach(async () => {
      await Promise.all(contexts.map((context) => context.close()));
      contexts = [];
    });

    test('a Hindi receiver gets the accepted request in Hindi, reads it under the bell, and sees it in English after switching', async ({
      browser,
      request,
    }) => {
      const donor = await registerPerson(request, 'DONOR', { fullName: `दाता दिनेश ${digits()}` });
      const receiver = await registerPerson(request, 'RECEIVER', { fullName: `रीना ${digits()}` });
      const context = await signedInContext(browser, receiver, { viewport: device.viewport, hasTouch: device.phone, isMobile: device.phone });
      contexts.push(context);
      const page = await context.newPage();
      await page.goto('/');
      await expect(bell(page)).toBeVisible();
      const savedHindi = page.waitForResponse(
        async (response) =>
          response.url().endsWith('/api/user/update-profile') && response.request().method() === 'PUT' && (await response.json()).language === 'hi',
      );
      await chooseLanguage(page, device, 'हिन्दी');
      await savedHindi;

      const food = `आलू पूरी ${digits()}`;
      const donation = await donate(request, donor, food);
      const asked = await requestDonation(request, receiver, donation.id);
      await acceptRequest(request, donor, asked.id);

      // The live stream tells her at once, in her language.
      await expect(toast(page, 'आपका अनुरोध मंज़ूर हो गया')).toBeVisible();
      await expect(bell(page)).toHaveAccessibleName('सूचनाएँ (1 बिना पढ़ी)');
      await bell(page).click();
      await expect(page.getByRole('heading', { name: 'सूचनाएँ', level: 1 })).toBeVisible();
      const item = page.getByTestId('notification').first();
      await expect(item.getByRole('heading', { name: 'आपका अनुरोध मंज़ूर हो गया' })).toBeVisible();
      await expect(item).toContainText(`दान करने वाले ने "${food}" के लिए आपका अनुरोध मंज़ूर कर दिया।`);
      await expect(item.getByText('बिना पढ़ी', { exact: true })).toBeVisible();
      await expect(page.getByRole('region', { name: 'फ़ोन पर सूचनाएँ' })).toBeVisible();
      await expectHindiOnly(page);
      await expectAccessible(page);
      await expectNoTruncationOrSideScroll(page);

      await item.getByRole('button', { name: 'पढ़ी हुई करें' }).click();
      await expect(item.getByText('बिना पढ़ी', { exact: true })).toHaveCount(0);
      await expect(bell(page)).toHaveAccessibleName('सूचनाएँ');

      // Back in English, the same notification reads in English: it is worded when read.
      const savedEnglish = page.waitForResponse(
        async (response) =>
          response.url().endsWith('/api/user/update-profile') && response.request().method() === 'PUT' && (await response.json()).language === 'en',
      );
      await chooseLanguage(page, device, 'English');
      await savedEnglish;
      await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
      await expect(item.getByRole('heading', { name: 'Your request was accepted' })).toBeVisible();
    });

    test('a Hindi person opens notification settings from the bell and saves them in Hindi', async ({ browser, request }) => {
      const person = await registerPerson(request, 'RECEIVER', { fullName: `सुनीता ${digits()}` });
      const language = await request.put('/api/user/update-profile', { headers: { authorization: `Bearer ${person.token}` }, data: { language: 'hi' } });
      expect(language.status(), await language.text()).toBe(200);
      const context = await signedInContext(browser, person, { viewport: device.viewport, hasTouch: device.phone, isMobile: device.phone });
      contexts.push(context);
      const page = await context.newPage();
      await page.goto('/');
      // The account's language wins once the profile arrives.
      await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
      await bell(page).click();
      await expect(page.getByRole('heading', { name: 'सूचनाएँ', level: 1 })).toBeVisible();
      await expect(page.getByText('अभी कोई सूचना नहीं है।')).toBeVisible();
      await page.getByRole('link', { name: 'सूचना सेटिंग' }).click();
      await expect(page.getByRole('heading', { name: 'सूचना सेटिंग', level: 1 })).toBeVisible();
      const declinedEmail = kind(page, 'नामंज़ूर हुए अनुरोध').getByRole('switch', { name: 'ईमेल' });
      await expect(declinedEmail).toBeChecked();
      await expect(kind(page, 'अकाउंट की सुरक्षा').getByRole('switch', { name: 'ईमेल' })).toBeDisabled();
      await expect(page.getByRole('group', { name: 'शांत समय' })).toBeVisible();
      await expectHindiOnly(page);
      await expectAccessible(page);
      await expectNoTruncationOrSideScroll(page);

      await declinedEmail.focus();
      await page.keyboard.press('Space');
      await expect(declinedEmail).not.toBeChecked();
      await page.getByRole('button', { name: 'सेटिंग सेव करें' }).click();
      await expect(toast(page, 'सूचना सेटिंग सेव हो गई।')).toBeVisible();
      await expectHindiOnly(page);
      await page.reload();
      await expect(kind(page, 'नामंज़ूर हुए अनुरोध').getByRole('switch', { name: 'ईमेल' })).not.toBeChecked();
    });

    test('a Hindi email’s unsubscribe link opens the page in Hindi in a Hindi browser', async ({ browser, request }) => {
      const donor = await registerPerson(request, 'DONOR', { fullName: `दाता दिव्या ${digits()}` });
      const receiver = await registerPerson(request, 'RECEIVER', { fullName: `मीना ${digits()}` });
      const language = await request.put('/api/user/update-profile', { headers: { authorization: `Bearer ${receiver.token}` }, data: { language: 'hi' } });
      expect(language.status(), await language.text()).toBe(200);
      await quietHoursOff(request, receiver);
      const donation = await donate(request, donor, `वेज पुलाव ${digits()}`);
      const asked = await requestDonation(request, receiver, donation.id);
      const rejected = await request.post(`/api/requests/${asked.id}/reject`, { headers: { authorization: `Bearer ${donor.token}` }, data: {} });
      expect(rejected.status(), await rejected.text()).toBe(200);

      // Without SMTP the email waits in the dev outbox; the job runner delivers it within moments.
      let link = '';
      await expect(async () => {
        const outbox = OutboxResponseSchema.parse(await (await request.get('/api/dev/outbox', { params: { email: receiver.email } })).json());
        const declined = outbox.messages.find((message) => message.subject === 'आपका अनुरोध नामंज़ूर हुआ');
        expect(declined?.text).toContain('आपको यह ईमेल इसलिए मिला क्योंकि "नामंज़ूर हुए अनुरोध" के लिए ईमेल चालू है।');
        link = /ये ईमेल बंद करें: (\S+)/.exec(declined?.text ?? '')?.[1] ?? '';
        expect(link).toContain('/unsubscribe?token=');
      }).toPass();

      // A phone set to Hindi: the first visit follows the browser's language.
      const context = await browser.newContext({ viewport: device.viewport, hasTouch: device.phone, isMobile: device.phone, locale: 'hi-IN' });
      contexts.push(context);
      const page = await context.newPage();
      const url = new URL(link);
      // The link comes from an email, so it is opened as a mail client would open it.
      await page.goto(`${url.pathname}${url.search}`);
      // A cold first visit: the app, then Hindi's shell and notifications catalogs, before the page.
      await expect(page.getByRole('heading', { name: 'ईमेल बंद करें', level: 1 })).toBeVisible({ timeout: 30_000 });
      await expect(page.getByText('“नामंज़ूर हुए अनुरोध” के बारे में ईमेल बंद करें?')).toBeVisible();
      await expectHindiOnly(page);
      await expectAccessible(page);
      await expectNoTruncationOrSideScroll(page);
      await page.getByRole('button', { name: 'ईमेल बंद करें' }).click();
      await expect(page.getByRole('status')).toHaveText('अब आपको “नामंज़ूर हुए अनुरोध” के बारे में ईमेल नहीं मिलेंगे। ऐप में घंटी के नीचे ये फिर भी दिखेंगी।');
      await expectHindiOnly(page);
    });
  });
}
