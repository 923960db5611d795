import { randomInt } from 'node:crypto';
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { expectAccessible, toast } from './support/accounts';
import { createAdmin } from './support/admin';
import { type Device, PHONE, mainNav } from './support/devices';
import { chooseLanguage, expectNoUntranslatedText } from './support/language';
import { expectNoTruncationOrSideScroll } from './support/layout';
import { type Person, registerPerson, requestDonation, useSession } from './support/scenario';
import { expect, test } from './support/test';

/*
 * Issue 17, task E: the people's screens in Hindi on a 360 px phone (the laptop's run is a route
 * test: apps/web/test/hindi-people.route.test.tsx), reached the way a person reaches them. A donor
 * accepts on Received Requests and confirms the pickup; the receiver reads the pickup code on My
 * Orders, rates the donor, edits the profile and writes to us; a visitor asks for a reset code;
 * an admin searches the directory. Every name, food and place is in Devanagari, so the scan for
 * untranslated text sees only the app's own words. Tags are digits: a hex tag could spell a
 * Latin word.
 */

const number = () => String(randomInt(100_000, 999_999));

/** Everything a screen owes a Hindi reader on this device: no English, no axe failure, nothing cut off. */
async function checkScreen(page: Page) {
  await expectNoUntranslatedText(page);
  await expectAccessible(page);
  await expectNoTruncationOrSideScroll(page);
}

/** A person's own browser on this device, signed in, from their own address (the per-address limits are the app's, not this test's). */
async function personPage(browser: Browser, device: Device, person?: Person): Promise<Page> {
  const context = await browser.newContext({
    viewport: device.viewport,
    hasTouch: device.phone,
    isMobile: device.phone,
    extraHTTPHeaders: { 'x-forwarded-for': `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}` },
  });
  if (person) await useSession(context, person);
  const page = await context.newPage();
  await page.goto('/');
  await chooseLanguage(page, device, 'हिन्दी');
  return page;
}

/** A donation with every word in Devanagari. */
async function donateInHindi(request: APIRequestContext, donor: Person, foodName: string) {
  const response = await request.post('/api/donations', {
    headers: { authorization: `Bearer ${donor.token}` },
    data: {
      foodName,
      description: 'आज ही बनाया, डिब्बों में पैक',
      quantity: '4 डिब्बे',
      free: true,
      price: 0,
      location: 'एफ़सी रोड, पुणे 411004',
      deliveryType: 'SELF_PICKUP',
      foodType: 'PRECOOKED',
      refrigerationAvailable: false,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: number };
}

/** Mantine's stars are visually hidden radios: the label is what a finger taps. */
async function chooseStars(scope: Locator, name: string) {
  const id = await scope.getByRole('radio', { name }).getAttribute('id');
  await scope.locator(`label[for="${id}"]`).click();
}

// The laptop's run is a route test (apps/web/test/hindi-people.route.test.tsx); see PHONE.
for (const device of [PHONE]) {
  test(`in Hindi on a ${device.name}: received requests, pickup code, rating, profile, contact`, async ({ browser, request }) => {
    // Nine screens, each scanned, checked by axe and for clipping, from two browsers.
    test.setTimeout(300_000);
    const id = number();
    const place = `कोथरूड ${id}`;
    const donor = await registerPerson(request, 'DONOR', { fullName: `मीरा ${id}`, location: `${place}, पुणे 411038` });
    const receiver = await registerPerson(request, 'RECEIVER', { fullName: `रवि ${id}`, location: 'शिवाजीनगर, पुणे 411005' });
    const foodName = `दाल चावल ${id}`;
    const { id: donationId } = await donateInHindi(request, donor, foodName);
    await requestDonation(request, receiver, donationId);

    const donorPage = await personPage(browser, device, donor);
    const receiverPage = await personPage(browser, device, receiver);
    const received = donorPage.getByRole('article', { name: `${receiver.fullName} का ${foodName} के लिए अनुरोध` });
    const order = receiverPage.getByRole('article', { name: new RegExp(foodName) });

    await test.step('the donor accepts on Received Requests', async () => {
      await (await mainNav(donorPage, device)).getByRole('link', { name: /आए हुए अनुरोध/ }).click();
      await expect(donorPage.getByRole('heading', { level: 1, name: 'मेरे पास आए अनुरोध' })).toBeVisible();
      await expect(received).toContainText(`लेने वाले: ${receiver.fullName}`);
      await expect(received).toContainText('भुगतान: लागू नहीं');
      await expect(received.getByTestId('request-status')).toHaveText('बाकी');
      await checkScreen(donorPage);
      await received.getByRole('button', { name: 'मंज़ूर करें', exact: true }).click();
      await expect(toast(donorPage, 'अनुरोध मंज़ूर हो गया। लेने वाले को अब ‘मेरे ऑर्डर’ में पिकअप कोड (OTP) दिख रहा है।')).toBeVisible();
      await expect(received.getByTestId('request-status')).toHaveText('पिकअप का इंतज़ार');
    });

    let code = '';
    await test.step('the receiver reads the pickup code on My Orders', async () => {
      await (await mainNav(receiverPage, device)).getByRole('link', { name: 'मेरे ऑर्डर' }).click();
      await expect(receiverPage.getByRole('heading', { level: 1, name: 'मेरे ऑर्डर' })).toBeVisible();
      await expect(receiverPage.getByRole('combobox', { name: 'दिखाएँ' })).toHaveValue('लिया हुआ खाना');
      await expect(order.getByTestId('request-status')).toHaveText('पिकअप का इंतज़ार');
      await expect(order).toContainText(`दाता: ${donor.fullName}`);
      await expect(order).toContainText('मुफ़्त');
      await order.getByRole('button', { name: 'पिकअप कोड (OTP) और दाता का नंबर देखें' }).click();
      await expect(order.getByText('पिकअप के समय दाता को यह पिकअप कोड (OTP) दिखाएँ:')).toBeVisible();
      await expect(order.getByTestId('pickup-code')).toHaveText(/^\d{6}$/);
      code = (await order.getByTestId('pickup-code').textContent()) ?? '';
      await expect(order).toContainText(`दाता का नंबर: +91 ${donor.phone}`);
      await checkScreen(receiverPage);
    });

    await test.step('the donor confirms the pickup with the code', async () => {
      await received.getByRole('link', { name: 'OTP से पिकअप पक्का करें' }).click();
      await expect(donorPage.getByRole('heading', { level: 1, name: 'पिकअप की पुष्टि करें' })).toBeVisible();
      await donorPage.getByRole('button', { name: 'पिकअप पक्का करें' }).click();
      await expect(donorPage.getByRole('main').getByText('कृपया OTP डालें।')).toBeVisible();
      await checkScreen(donorPage);
      await donorPage.getByLabel('लेने वाले से मिला OTP डालें').fill(code);
      await donorPage.getByRole('button', { name: 'पिकअप पक्का करें' }).click();
      await expect(toast(donorPage, 'पिकअप की पुष्टि हो गई!')).toBeVisible();
      await expect(received.getByTestId('request-status')).toHaveText('पूरा हुआ');
    });

    await test.step('the receiver rates the donor after the handover', async () => {
      await receiverPage.reload();
      await expect(order.getByTestId('request-status')).toHaveText('पूरा हुआ');
      await expect(order).toContainText('बचा समय: लागू नहीं');
      const rating = order.getByRole('form', { name: `${donor.fullName} को रेटिंग दें` });
      await rating.getByRole('button', { name: 'रेटिंग भेजें' }).click();
      await expect(toast(receiverPage, 'कृपया स्टार चुनकर रेटिंग दें।')).toBeVisible();
      await chooseStars(rating, '5 स्टार');
      await rating.getByLabel('टिप्पणी (ज़रूरी नहीं)').fill('समय पर मिले, धन्यवाद');
      await rating.getByRole('button', { name: 'रेटिंग भेजें' }).click();
      await expect(toast(receiverPage, 'रेटिंग भेज दी गई!')).toBeVisible();
      await expect(order.getByText(`${donor.fullName} को आपकी रेटिंग:`)).toBeVisible();
      await checkScreen(receiverPage);
    });

    await test.step('the receiver edits the profile', async () => {
      await receiverPage.getByRole('banner').getByRole('link', { name: 'प्रोफ़ाइल' }).click();
      const main = receiverPage.getByRole('main');
      await expect(main.getByRole('heading', { level: 1, name: 'मेरी प्रोफ़ाइल' })).toBeVisible();
      await expect(main.getByRole('heading', { name: 'पिकअप और खाना सौंपना' })).toBeVisible();
      await expect(main).toContainText('1 मंज़ूर में से 1 बार खाना लिया');
      await expect(main.getByRole('heading', { name: 'ब्लॉक किए गए लोग' })).toBeVisible();
      await checkScreen(receiverPage);

      // A new phone number asks for the password, in Hindi, beside the field.
      await main.getByLabel('फ़ोन नंबर').fill(`9${randomInt(100_000_000, 999_999_999)}`);
      await main.getByRole('button', { name: 'सेव करें' }).click();
      await expect(main.getByText('फ़ोन नंबर बदलने के लिए अपना मौजूदा पासवर्ड डालें।')).toBeVisible();
      await main.getByLabel('फ़ोन नंबर').fill(receiver.phone);
      await expect(main.getByText('फ़ोन नंबर बदलने के लिए अपना मौजूदा पासवर्ड डालें।')).toHaveCount(0);
      await main.getByLabel('जगह').fill('औंध, पुणे 411007');
      await main.getByRole('button', { name: 'सेव करें' }).click();
      await expect(toast(receiverPage, 'प्रोफ़ाइल अपडेट हो गई!')).toBeVisible();
      await expect(main.getByLabel('जगह')).toHaveValue('औंध, पुणे 411007');
    });

    await test.step('the receiver writes to us from the footer', async () => {
      await receiverPage.getByRole('contentinfo').getByRole('link', { name: 'संपर्क और मदद' }).click();
      const main = receiverPage.getByRole('main');
      await expect(main.getByRole('heading', { level: 1, name: 'संपर्क और मदद' })).toBeVisible();
      await expect(main.getByLabel('नाम')).toHaveValue(receiver.fullName);
      await main.getByLabel('विषय').fill('पिकअप के बारे में');
      await main.getByLabel('संदेश').fill('दाता बहुत अच्छे थे, खाना समय पर मिला।');
      await checkScreen(receiverPage);
      await main.getByRole('button', { name: 'संदेश भेजें' }).click();
      await expect(toast(receiverPage, 'धन्यवाद! आपका संदेश भेज दिया गया है। हम ईमेल से जवाब देंगे।')).toBeVisible();
      await expect(main.getByLabel('विषय')).toHaveValue('');
    });

    await donorPage.context().close();
    await receiverPage.context().close();
  });

  test(`in Hindi on a ${device.name}: forgot password signed out, the user directory as an admin`, async ({ browser, request }) => {
    test.setTimeout(180_000);
    const id = number();
    const place = `कोथरूड ${id}`;
    const donor = await registerPerson(request, 'DONOR', { fullName: `मीरा ${id}`, location: `${place}, पुणे 411038` });

    await test.step('a visitor asks for a reset code on the forgot-password screen', async () => {
      const visitor = await personPage(browser, device);
      if (device.phone) {
        await visitor.getByRole('button', { name: 'मेन्यू खोलें' }).click();
        await visitor.getByRole('dialog').getByRole('link', { name: 'लॉगिन' }).click();
      } else {
        await visitor.getByRole('banner').getByRole('link', { name: 'लॉगिन', exact: true }).click();
      }
      await visitor.getByRole('main').getByRole('link', { name: 'पासवर्ड भूल गए?' }).click();
      const main = visitor.getByRole('main');
      await expect(main.getByRole('heading', { name: 'पासवर्ड भूल गए' })).toBeVisible();
      await checkScreen(visitor);
      await main.getByLabel('ईमेल').fill(donor.email);
      await main.getByLabel('संपर्क नंबर').fill(donor.phone);
      await main.getByRole('button', { name: 'कोड भेजें' }).click();
      await expect(main.getByRole('status').filter({ hasText: 'उस पर 6 अंकों का रीसेट कोड भेज दिया गया है' })).toBeVisible();
      await expect(main.getByLabel('6 अंकों का कोड')).toBeVisible();
      await expect(main.getByRole('button', { name: 'पासवर्ड रीसेट करें' })).toBeVisible();
      await checkScreen(visitor);
      await visitor.context().close();
    });

    await test.step('an admin finds the donor in the user directory', async () => {
      const admin = await createAdmin(request, `एडमिन ${id}`);
      const adminPage = await personPage(browser, device, admin);
      if (device.phone) {
        await (await mainNav(adminPage, device)).getByRole('link', { name: 'सदस्य सूची' }).click();
      } else {
        // On a laptop the directory is one of the home screen's links.
        await (await mainNav(adminPage, device)).getByRole('link', { name: 'होम' }).click();
        await adminPage.getByRole('main').locator('a[href="/UserDirectory"]').click();
      }
      const main = adminPage.getByRole('main');
      await expect(main.getByRole('heading', { level: 1, name: 'सदस्य सूची' })).toBeVisible();
      const searched = adminPage.waitForResponse((response) => response.url().includes('/api/directory/users/search') && response.url().includes(id));
      await main.getByLabel('जगह').fill(place);
      await searched;
      const card = main.getByRole('article', { name: donor.fullName });
      await expect(card).toContainText('दाता');
      await expect(card).toContainText('सक्रिय');
      await expect(main.getByText('1 व्यक्ति')).toBeVisible();
      // An admin always sees the real contact details.
      await expect(card).toContainText(donor.email);
      await checkScreen(adminPage);
      await main.getByLabel('भूमिका').selectOption('लेने वाले');
      await expect(main.getByText('कोई सदस्य नहीं मिला।')).toBeVisible();
      await adminPage.context().close();
    });
  });
}
