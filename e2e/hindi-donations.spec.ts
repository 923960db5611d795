import { randomInt } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expectAccessible } from './support/accounts';
import { type Device, PHONE, devicePage, mainNav } from './support/devices';
import { chooseLanguage, expectNoUntranslatedText } from './support/language';
import { expectNoTruncationOrSideScroll } from './support/layout';
import { type Person, registerPerson } from './support/scenario';
import { expect, test } from './support/test';

/*
 * Issue 17, the food screens in Hindi on a 360 px phone (the laptop's run is a route test:
 * apps/web/test/hindi-donations.route.test.tsx): a donor gives food through the donate form (reached from
 * Home), a receiver finds it on Browse (list and map), opens it and asks for it, and the donor
 * confirms the pickup with the receiver's code. Every screen is scanned for untranslated English.
 * People, food and places are written in Devanagari (with digits only in their tags), so the scan
 * sees only the app's own words. Links and buttons that other screens own are found by where they
 * lead, whatever they say.
 */

/** A tag of digits: hex tags can hold three Latin letters in a row, which the scan would report. */
const digits = () => String(randomInt(100_000, 999_999));

/** A screen in Hindi: nothing left in English, axe clean, and on a phone nothing cut off or scrolling sideways. */
async function checkScreen(page: Page, device: Device) {
  await expectNoUntranslatedText(page);
  await expectAccessible(page);
  if (device.phone) await expectNoTruncationOrSideScroll(page);
}

/** Cooked food with its facts and an exact point in Pune, so it shows on the map too. */
async function donateOnMap(request: APIRequestContext, donor: Person, foodName: string) {
  const response = await request.post('/api/donations', {
    headers: { authorization: `Bearer ${donor.token}` },
    data: {
      foodName,
      description: 'डिब्बों में पैक, अभी गरम',
      quantity: '6 डिब्बे',
      location: 'जंगली महाराज रोड, शिवाजीनगर, पुणे 411005',
      geolocation: '18.52190,73.84710',
      refrigerationAvailable: false,
      diet: 'VEG',
      jain: false,
      allergens: [],
      preparedAt: new Date(Date.now() - 30 * 60_000).toISOString(),
      safetyChecklist: ['KEPT_COVERED', 'KEPT_HOT_OR_COLD', 'NO_PLATE_LEFTOVERS'],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** Home from the bar (or the phone's menu), in Hindi. */
async function goHome(page: Page, device: Device) {
  const nav = await mainNav(page, device);
  await nav.getByRole('link', { name: 'होम', exact: true }).click();
  await expect(page).toHaveURL(/\/home2$/);
}

// The laptop's run is a route test (apps/web/test/hindi-donations.route.test.tsx); see PHONE.
for (const device of [PHONE]) {
  test(`on a ${device.name}: a Hindi donor donates through the form, told in Hindi what is missing and that it worked`, async ({ browser, request }) => {
    // A long form scanned and checked by axe on a busy machine: more than the default minute.
    test.slow();
    const id = digits();
    const donor = await registerPerson(request, 'DONOR', { fullName: `सुनीता शर्मा ${id}`, location: 'शिवाजीनगर, पुणे 411005' });
    const formFood = `पनीर पुलाव ${id}`;

    // The donor: Home, then the donate form, in Hindi.
    const donorSide = await devicePage(browser, device, donor);
    const donorPage = donorSide.page;
    await donorPage.goto('/');
    await chooseLanguage(donorPage, device, 'हिन्दी');
    await goHome(donorPage, device);
    await donorPage.getByRole('main').locator('a[href="/DonateForm"]').first().click();
    await expect(donorPage).toHaveURL(/\/DonateForm$/);
    const form = donorPage.getByRole('main');
    await expect(form.getByRole('heading', { name: 'खाना दान करें', level: 1 })).toBeVisible();
    await expect(form.getByText('* वाली जानकारी भरना ज़रूरी है।')).toBeVisible();

    // Sent empty: each required field says in Hindi what it wants.
    await form.getByRole('button', { name: 'दान करें', exact: true }).click();
    await expect(form.getByText('खाने का नाम लिखें।')).toBeVisible();
    await expect(form.getByText('पिकअप का पता लिखें।')).toBeVisible();

    await form.getByLabel('खाने का नाम').fill(formFood);
    await form.getByLabel('विवरण').fill('दोपहर में बना, ढककर रखा');
    await form.getByLabel('मात्रा').fill('8 प्लेट');
    await form.getByLabel('पिकअप का पता').fill('फर्ग्युसन कॉलेज रोड, शिवाजीनगर, पुणे 411005');
    // The diet's words are the shared diet mark's: chosen by value.
    await form.locator('input[type="radio"][value="VEG"]').check();
    await form.getByRole('checkbox', { name: 'कोई पता नहीं' }).check();
    const cooked = await donorPage.evaluate(() => {
      const at = new Date(Date.now() - 45 * 60_000);
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
    });
    await form.getByLabel('खाना कब पका?').fill(cooked);
    for (const point of ['ढककर रखा', 'गरम या फ़्रिज में रखा', 'थाली का बचा-खुचा नहीं']) await form.getByRole('checkbox', { name: point }).check();
    await form.getByRole('radiogroup', { name: 'क्या फ़्रिज की सुविधा है?' }).getByRole('radio', { name: 'हाँ', exact: true }).check();
    await expect(form.getByRole('radio', { name: 'हाँ, मुफ़्त' })).toBeChecked();
    // The pin code places the map's pin at its centre, with its help in Hindi.
    await expect(donorPage.getByRole('region', { name: 'पिकअप की जगह का नक्शा' })).toBeVisible();
    await expect(form.getByText('बाकी लोग सिर्फ़ इलाका देखते हैं, लगभग आधा किलोमीटर के अंदर')).toBeVisible();
    await checkScreen(donorPage, device);
    await form.getByRole('button', { name: 'दान करें', exact: true }).click();
    await expect(donorPage.getByRole('heading', { name: 'आपका खाना सूची में आ गया' })).toBeVisible();
    await expect(donorPage.getByText('आपका दान सफलतापूर्वक दर्ज हो गया!')).toBeVisible();
    await checkScreen(donorPage, device);

    await donorSide.context.close();
  });

  test(`on a ${device.name}: a Hindi receiver browses the list and the map, opens the food and asks for it; the donor confirms the pickup in Hindi`, async ({
    browser,
    request,
  }) => {
    // Two people, four screens, each scanned and checked by axe: more than the default minute.
    test.slow();
    const id = digits();
    const donor = await registerPerson(request, 'DONOR', { fullName: `सुनीता शर्मा ${id}`, location: 'शिवाजीनगर, पुणे 411005' });
    const receiver = await registerPerson(request, 'RECEIVER', { fullName: `इमरान खान ${id}`, location: 'कोथरूड, पुणे 411038' });
    const food = `पनीर पुलाव ${id}`;
    const otherFood = `दाल चावल ${id}`;
    await donateOnMap(request, donor, food);
    await donateOnMap(request, donor, otherFood);

    // The receiver: Home, then Browse, in Hindi.
    const receiverSide = await devicePage(browser, device, receiver);
    const page = receiverSide.page;
    await page.goto('/');
    await chooseLanguage(page, device, 'हिन्दी');
    await goHome(page, device);
    await page.getByRole('main').locator('a[href="/BrowseDonations"]').first().click();
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: 'उपलब्ध दान देखें', level: 1 })).toBeVisible();
    await expect(main.getByText('दिख रहा है: सारा खाना')).toBeVisible();
    await main.getByLabel('खाने का नाम').fill(id);
    const card = (foodName: string) => main.getByRole('article', { name: foodName, exact: true });
    await expect(main.getByRole('link', { name: /, पूरी जानकारी देखें$/ })).toHaveCount(2);
    await expect(card(food)).toContainText('6 डिब्बे');
    await expect(card(food)).toContainText('मुफ़्त');
    await expect(card(food)).toContainText('खुद ले जाएँ');
    await expect(card(food)).toContainText('पका हुआ');
    await expect(card(food).getByTestId('countdown')).toHaveText(/^\d{2}:\d{2}:\d{2}$/);
    await checkScreen(page, device);

    // The map view: its controls, its summary and its zoom buttons speak Hindi.
    const showAs = main.getByRole('radiogroup', { name: 'कैसे दिखाएँ' });
    await showAs.getByText('नक्शा', { exact: true }).click();
    await expect(page).toHaveURL(/[?&]view=map(&|$)/);
    const map = page.getByRole('region', { name: 'आपके पास के खाने का नक्शा' });
    await expect(map).toBeVisible();
    await expect(map.getByRole('button', { name: 'ज़ूम इन करें', exact: true })).toBeVisible();
    await expect(main.getByRole('checkbox', { name: 'दान में मिल रहा खाना (हरा)' })).toBeChecked();
    const summary = main.getByRole('status').filter({ hasText: 'नक्शे पर:' });
    await expect(summary).toContainText(/नक्शे पर: .*\d+ दान.*नक्शे के नीचे की सूची में पूरा खाना है।/);
    await checkScreen(page, device);
    await showAs.getByText('सूची', { exact: true }).click();
    await expect(map).toBeHidden();

    // The detail page: every row in Hindi, then the request.
    await card(food).click();
    await expect(main.getByRole('heading', { name: food, level: 1 })).toBeVisible();
    const row = (label: string) => main.getByRole('row', { name: new RegExp(`^${label}`) });
    await expect(row('खाने की किस्म')).toContainText('पका हुआ');
    await expect(row('मुफ़्त')).toContainText('हाँ');
    await expect(row('एलर्जी वाली चीज़ें')).toContainText('कोई पता नहीं');
    await expect(row('कब पका')).toContainText(/3[0-3] मिनट पहले पका/);
    await expect(row('सुरक्षा चेकलिस्ट').getByRole('listitem')).toHaveText(['ढककर रखा', 'गरम या फ़्रिज में रखा', 'थाली का बचा-खुचा नहीं']);
    await expect(row('स्थिति')).toContainText('उपलब्ध');
    await expect(main.getByRole('link', { name: '← दान की सूची पर वापस' })).toBeVisible();
    await checkScreen(page, device);
    const donationId = Number(/\/request-donation\/(\d+)$/.exec(page.url())?.[1]);
    await main.getByTestId('donation-action').getByRole('button').click();
    await expect(page).toHaveURL(/\/my-order/);

    // The donor accepts (its screen is tested with the requests), the receiver reads the code.
    const auth = (person: Person) => ({ authorization: `Bearer ${person.token}` });
    const received = await request.get(`/api/requests/my-received-requests?donationId=${donationId}`, { headers: auth(donor) });
    expect(received.status()).toBe(200);
    const [asked] = (await received.json()) as { id: number }[];
    expect(asked).toBeDefined();
    const requestId = asked?.id ?? 0;
    expect((await request.post(`/api/requests/${requestId}/accept`, { headers: auth(donor), data: {} })).status()).toBe(200);
    const codeAnswer = await request.get(`/api/requests/${requestId}/pickup-code`, { headers: auth(receiver) });
    expect(codeAnswer.status()).toBe(200);
    const { pickupCode } = (await codeAnswer.json()) as { pickupCode: string };

    // The donor: received requests from the bar, then the confirm screen, in Hindi.
    const donorSide = await devicePage(browser, device, donor);
    const donorPage = donorSide.page;
    await donorPage.goto('/');
    await chooseLanguage(donorPage, device, 'हिन्दी');
    const nav = await mainNav(donorPage, device);
    await nav.getByRole('link', { name: /^आए हुए अनुरोध/ }).click();
    await donorPage.getByRole('main').locator(`a[href="/confirm-pickup/${requestId}"]`).click();
    await expect(donorPage).toHaveURL(new RegExp(`/confirm-pickup/${requestId}$`));
    const confirm = donorPage.getByRole('main');
    await expect(confirm.getByRole('heading', { name: 'पिकअप की पुष्टि करें', level: 1 })).toBeVisible();
    await expect(confirm.getByRole('link', { name: '← आए हुए अनुरोधों पर वापस' })).toBeVisible();
    await checkScreen(donorPage, device);
    await confirm.getByRole('textbox').fill(pickupCode);
    await confirm.locator('button[type="submit"]').click();
    await expect(donorPage).toHaveURL(/\/received-requests$/);
    const settled = await request.get(`/api/requests/my-received-requests?donationId=${donationId}`, { headers: auth(donor) });
    expect(((await settled.json()) as { id: number; status: string }[])[0]?.status).toBe('COMPLETED');

    await donorSide.context.close();
    await receiverSide.context.close();
  });
}
