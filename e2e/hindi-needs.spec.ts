import type { APIRequestContext, Page } from '@playwright/test';
import { expectAccessible, toast } from './support/accounts';
import { PHONE, type Device, devicePage, mainNav } from './support/devices';
import { chooseLanguage, expectNoUntranslatedText } from './support/language';
import { expectNoTruncationOrSideScroll } from './support/layout';
import { type Person, registerPerson, requestDonation } from './support/scenario';
import { expect, test } from './support/test';

/*
 * Issue 17, in Hindi: the landing page signed out, a receiver posting a food need and saving a
 * food alert, the home page for a receiver and for a donor, and the open food needs. Reached by
 * the links a person taps, on a 360 px phone
 * (the laptop's run is a route test: apps/web/test/hindi-needs.route.test.tsx). Every name, food and place the test
 * makes is in Devanagari, so the untranslated-text scan sees only the app's own words.
 */

/** Food listed through the API, described in Hindi. */
async function donateInHindi(request: APIRequestContext, donor: Person, foodName: string) {
  const response = await request.post('/api/donations', {
    headers: { authorization: `Bearer ${donor.token}` },
    data: {
      foodName,
      description: 'ताज़ा बना, डिब्बों में पैक',
      quantity: '4 डिब्बे',
      free: true,
      price: 0,
      location: 'राजवाड़ा, इंदौर 452004',
      deliveryType: 'SELF_PICKUP',
      foodType: 'PRECOOKED',
      refrigerationAvailable: false,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: number };
}

/** A number in Devanagari digits ("४८२७") that keeps this run's food apart from the other device's. */
function devanagariTag(): string {
  return String(Math.floor(1000 + Math.random() * 9000)).replace(/\d/g, (digit) => '०१२३४५६७८९'.charAt(Number(digit)));
}

/** What every screen must hold to: Hindi only, nothing cut off or scrolling sideways, accessible. */
async function checkScreen(page: Page) {
  await expectNoUntranslatedText(page);
  await expectNoTruncationOrSideScroll(page);
  await expectAccessible(page);
}

/** Home, through the main navigation (the bar, or the phone's menu). */
async function openHome(page: Page, device: Device) {
  await (await mainNav(page, device)).getByRole('link', { name: 'होम', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Annadaan में आपका स्वागत है', level: 1 })).toBeVisible();
}

/**
 * Food alerts: in the phone's menu; on a laptop the bar has no room, so it is beside the
 * notifications, behind the bell. (The notifications screen is translated on its own branch,
 * hence either name there.)
 */
async function openFoodAlerts(page: Page, device: Device) {
  if (device.phone) await (await mainNav(page, device)).getByRole('link', { name: 'खाने के अलर्ट' }).click();
  else {
    // The bar's bell (the phone's copy is hidden at this width).
    await page.locator('[data-testid="notification-bell"]:visible').click();
    await page
      .getByRole('main')
      .getByRole('link', { name: /^(खाने के अलर्ट|Food alerts)$/ })
      .click();
  }
  await expect(page.getByRole('heading', { name: 'खाने के अलर्ट', level: 1 })).toBeVisible();
}

// The laptop's run is a route test (apps/web/test/hindi-needs.route.test.tsx); see PHONE.
for (const device of [PHONE]) {
  test.describe(`in Hindi on a ${device.name}`, () => {
    // Each test walks several screens and checks each one (axe, layout, the scan).
    test.slow();

    test('signed out: the landing page in Hindi, its pin-code check and the sign-in it asks for', async ({ browser }) => {
      const { context, page } = await devicePage(browser, device);
      const main = page.getByRole('main');
      await page.goto('/');
      await chooseLanguage(page, device, 'हिन्दी');

      await expect(main.getByRole('heading', { name: 'खाना बचाएँ, जान बचाएँ', level: 1 })).toBeVisible();
      // The drawing is left out on a phone, where the hero is all words and buttons.
      if (!device.phone) await expect(main.getByRole('img', { name: 'खाने का कटोरा बाँटते हाथ' })).toBeVisible();
      for (const heading of ['तथ्य और आँकड़े', 'यह कैसे काम करता है', 'भूख और खाने की बर्बादी', 'आँकड़ों में असर', 'खाने की किस्में', 'जहाँ भूख ज़्यादा है']) {
        await expect(main.getByRole('heading', { name: heading, level: 2 })).toBeVisible();
      }
      await expect(main.getByRole('heading', { name: 'दाता के कदम' })).toBeVisible();
      await expect(main.getByText('1. साइन अप करें')).toHaveCount(2);
      await expect(main.getByRole('region', { name: 'आँकड़ों में असर' }).getByText('खाना सौंपा गया', { exact: true })).toBeVisible();
      await expect(main.getByRole('link', { name: /घर का बना खाना/ })).toBeVisible();
      await expect(main.getByRole('region', { name: 'जहाँ भूख ज़्यादा है' }).getByText('भारत', { exact: true })).toBeVisible();

      // Without a pin code the way in stops at the field, with the reason in Hindi.
      await main.getByRole('button', { name: 'खाना माँगें' }).click();
      await expect(main.getByText('पते में 6 अंकों का सही पिन कोड ज़रूरी है।')).toBeVisible();
      await expect(main.getByLabel('आपकी जगह')).toBeFocused();

      // Every part of the page, the lazy charts and figures too: each loads as it comes into view.
      await main.getByRole('heading', { name: 'भूख बनाम खाने की बर्बादी, 2020–2024' }).scrollIntoViewIfNeeded();
      // The chart library is a chunk of its own, fetched only now: a slow phone network takes a while.
      await expect(main.getByText(/^नमूने के आँकड़े, 2020–2024/)).toBeVisible({ timeout: 30_000 });
      await expect(main.getByText('भूख (दस लाख लोग)').first()).toBeVisible();
      await main.getByRole('heading', { name: 'जहाँ भूख ज़्यादा है' }).scrollIntoViewIfNeeded();
      await checkScreen(page);

      await main.getByLabel('आपकी जगह').fill('राजवाड़ा, इंदौर 452004');
      await main.getByRole('button', { name: 'खाना माँगें' }).click();
      await expect(toast(page, 'कृपया पहले लॉगिन करें।')).toBeVisible();
      await expect(main.getByRole('heading', { name: 'लॉगिन करें' })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
      await context.close();
    });

    test('a receiver: home, posts a food need through the form and finds it among food needs', async ({ browser, request }) => {
      const food = `दाल चावल ${devanagariTag()}`;
      const receiver = await registerPerson(request, 'RECEIVER', { fullName: 'सीमा वर्मा', location: 'विजय नगर, इंदौर 452010' });
      const { context, page } = await devicePage(browser, device, receiver);
      const main = page.getByRole('main');
      await page.goto('/');
      await chooseLanguage(page, device, 'हिन्दी');

      await test.step('home', async () => {
        await openHome(page, device);
        await expect(main.getByText('खाना बचाएँ, जान बचाएँ। जो आपके पास है वह बाँटें, या जो चाहिए वह ले जाएँ।')).toBeVisible();
        await expect(main.getByRole('heading', { name: 'जल्द खत्म होने वाला', level: 2 })).toBeVisible();
        const more = main.getByRole('navigation', { name: 'और' });
        for (const link of ['मेरे ऑर्डर', 'खाने की ज़रूरतें', 'सदस्य सूची', 'डैशबोर्ड']) await expect(more.getByRole('link', { name: link })).toBeVisible();
        // A receiver with nothing waiting has no "Requests for your food" tile.
        await expect(main.getByRole('heading', { name: 'आपके खाने के लिए अनुरोध' })).toHaveCount(0);
        await expect(main.getByRole('status').filter({ hasText: /दान लोड हो रहे हैं/ })).toHaveCount(0);
        await checkScreen(page);
      });

      await test.step('the food need form, two steps, in Hindi, and the Hindi result', async () => {
        await main.getByRole('link', { name: 'खाने की ज़रूरत बताएँ' }).click();
        await expect(main.getByRole('heading', { name: 'खाना माँगें', level: 1 })).toBeVisible();
        await expect(main.getByRole('heading', { name: 'कदम 1 / 2: आपकी जानकारी' })).toBeVisible();
        await expect(main.getByTestId('request-person')).toContainText(receiver.fullName);
        await expect(main.getByLabel('पता')).toHaveValue(receiver.location);
        await checkScreen(page);
        await main.getByRole('button', { name: 'आगे >>' }).click();

        await expect(main.getByRole('heading', { name: 'कदम 2 / 2: ज़रूरत की जानकारी' })).toBeFocused();
        // The device's own date-time picker, filled with the next full hour.
        await expect(main.getByLabel('कब से चाहिए')).toHaveValue(/^\d{4}-\d{2}-\d{2}T\d{2}:00$/);
        // No payment is assumed: free food until the person says they can pay.
        await expect(main.getByRole('radio', { name: 'नहीं, मुझे मुफ़्त खाना चाहिए' })).toBeChecked();
        await expect(main.getByLabel('भुगतान का तरीका')).toHaveCount(0);
        await main.getByRole('textbox', { name: 'खाने का प्रकार (जैसे चावल)' }).fill(food);
        await main.getByLabel('कितने लोग').fill('1000');
        await main.getByLabel('खाने का ब्योरा').fill('परिवार के लिए दाल और चावल');
        await checkScreen(page);
        await main.getByRole('button', { name: 'अनुरोध भेजें' }).click();
        await expect(main.getByRole('heading', { name: 'आपका अनुरोध डाल दिया गया' })).toBeVisible();
        await expect(main.getByText('खाने का अनुरोध भेज दिया गया!')).toBeVisible();
        await checkScreen(page);
      });

      await test.step('the need among the open food needs, with Indian grouping', async () => {
        await openHome(page, device);
        await main.getByRole('navigation', { name: 'और' }).getByRole('link', { name: 'खाने की ज़रूरतें' }).click();
        await expect(main.getByRole('heading', { name: 'खाने की ज़रूरतें', level: 1 })).toBeVisible();
        const card = main.getByRole('article', { name: `1,000 के लिए ${food}` });
        await expect(card.getByText(`1,000 लोगों के लिए ${food}`)).toBeVisible();
        await expect(card.getByText(`किसने डाला: ${receiver.fullName}`)).toBeVisible();
        await expect(card.getByText(`पता: ${receiver.location}`)).toBeVisible();
        await expect(card.getByText(/ से चाहिए, .+ तक खुला$/)).toBeVisible();
        await checkScreen(page);
      });
      await context.close();
    });

    test('a receiver saves a food alert by pin code, sees the Hindi toast and the alert listed', async ({ browser, request }) => {
      const receiver = await registerPerson(request, 'RECEIVER', { fullName: 'प्रिया सिंह', location: 'विजय नगर, इंदौर 452010' });
      const { context, page } = await devicePage(browser, device, receiver);
      const main = page.getByRole('main');
      await page.goto('/');
      await chooseLanguage(page, device, 'हिन्दी');
      await openFoodAlerts(page, device);
      await expect(main.getByText(/^अभी कोई खाने का अलर्ट नहीं है।/)).toBeVisible();
      await expect(main.getByRole('link', { name: 'दान किया खाना देखें' })).toBeVisible();
      const form = main.getByRole('region', { name: 'यहाँ पास में खाना आए तो मुझे बताएँ' });
      await form.getByRole('button', { name: 'अलर्ट सेव करें' }).click();
      await expect(form.getByText('6 अंकों का पिन कोड डालें, या अपनी जगह लें।')).toBeVisible();
      await form.getByLabel('पिन कोड').fill('452010');
      await form.getByRole('combobox', { name: 'खाने का प्रकार' }).click();
      await page.getByRole('option', { name: 'पका हुआ' }).click();
      await form.getByLabel('नाम (ज़रूरी नहीं)').fill('घर');
      await checkScreen(page);
      await form.getByRole('button', { name: 'अलर्ट सेव करें' }).click();
      await expect(toast(page, 'खाने का अलर्ट सेव हो गया: घर से 5 km के अंदर खाना आने पर हम आपको बताएँगे।')).toBeVisible();
      const alert = main.getByRole('list', { name: 'आपके खाने के अलर्ट' }).getByRole('listitem');
      await expect(alert.getByRole('heading', { name: 'घर' })).toBeVisible();
      await expect(alert.getByText('5 km के अंदर पका हुआ खाना')).toBeVisible();
      await expect(alert.getByRole('button', { name: 'अलर्ट घर हटाएँ' })).toBeVisible();
      await checkScreen(page);
      await context.close();
    });

    test('a donor: home with the requests waiting for an answer', async ({ browser, request }) => {
      const donor = await registerPerson(request, 'DONOR', { fullName: 'रमेश कुमार', location: 'राजवाड़ा, इंदौर 452004' });
      const receiver = await registerPerson(request, 'RECEIVER', { fullName: 'अनीता शर्मा', location: 'विजय नगर, इंदौर 452010' });
      // Food for the request to be about (the ending-soon slider shows everyone's food, so where this
      // one falls in it is not asserted).
      const donation = await donateInHindi(request, donor, 'आलू पराठा');
      await requestDonation(request, receiver, donation.id);

      const { context, page } = await devicePage(browser, device, donor);
      const main = page.getByRole('main');
      await page.goto('/');
      await chooseLanguage(page, device, 'हिन्दी');
      await openHome(page, device);
      const tile = main.getByRole('region', { name: 'आपके खाने के लिए अनुरोध' });
      await expect(tile.getByText('1 अनुरोध आपके मंज़ूर या नामंज़ूर करने का इंतज़ार कर रहा है।')).toBeVisible();
      await expect(tile.getByRole('link', { name: /^आए हुए अनुरोध/ })).toBeVisible();
      await checkScreen(page);
      await context.close();
    });
  });
}
