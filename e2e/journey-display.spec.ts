import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { expectAccessible } from './support/accounts';
import { PHONE_VIEWPORT, expectNoTruncationOrSideScroll } from './support/layout';
import { type Person, registerPerson, tag, signedInContext, uploadPhoto } from './support/scenario';
import { answerCookedFoodFacts } from './support/food-facts';
import { expect, test } from './support/test';

/*
 * Issue 11, what the screens show: time left, photos, titles, errors, location, statistics and
 * the phone layout. Every screen is reached by clicking what a person sees. The error messages of
 * sign-up, sign-in, the profile and the request form are route tests:
 * apps/web/test/journey-display.route.test.tsx.
 */

const FAKE_PIN = '560034';
const POSITION = { latitude: 12.9345, longitude: 77.6265 };
const PHONE = PHONE_VIEWPORT;

function register(request: APIRequestContext, role: 'DONOR' | 'RECEIVER', fullName = role === 'DONOR' ? 'Meera Donor' : 'Ravi Receiver') {
  return registerPerson(request, role, { fullName, location: `Koramangala, Bengaluru ${FAKE_PIN}` });
}

async function donate(request: APIRequestContext, donor: Person, data: Record<string, unknown>) {
  const response = await request.post('/api/donations', {
    headers: { authorization: `Bearer ${donor.token}` },
    data: {
      description: 'Packed this morning',
      quantity: '5 kg',
      free: true,
      price: 0,
      location: `12 MG Road, Bengaluru ${FAKE_PIN}`,
      deliveryType: 'SELF_PICKUP',
      ...data,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: number };
}

/**
 * The picture really loaded from the donation's own upload, not a drawing. Since issue 18 the
 * browser picks from the upload's variants (AVIF where it can); this 64-px upload has one width.
 */
async function expectOwnPhoto(image: Locator, url: string) {
  await image.scrollIntoViewIfNeeded();
  await expect(image).toHaveAttribute('src', url);
  await expect.poll(() => image.evaluate((node: HTMLImageElement) => node.complete && node.naturalWidth > 0)).toBe(true);
  const { current, offered } = await image.evaluate((node: HTMLImageElement) => ({
    current: new URL(node.currentSrc).pathname,
    offered: [node.srcset, ...Array.from(node.parentElement?.querySelectorAll('source') ?? [], (source) => source.srcset)].join(', '),
  }));
  expect(offered.split(', ')).toContain(`${current} 64w`);
}

test.describe('what the journey shows', () => {
  let contexts: BrowserContext[] = [];
  test.afterEach(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    contexts = [];
  });

  test('time left in days and hours, each donation its own photo, each screen its own title', async ({ browser, request }) => {
    const donor = await register(request, 'DONOR');
    const receiver = await register(request, 'RECEIVER');
    const photo = await uploadPhoto(request, donor);
    const rawName = `Basmati rice ${tag()}`;
    const cookedName = `Masala dosa ${tag()}`;
    const plainName = `Lemon rice ${tag()}`;
    await donate(request, donor, {
      foodName: rawName,
      foodType: 'RAW',
      expiryDateTime: new Date(Date.now() + 20 * 24 * 3600_000).toISOString(),
      imageUrl: photo,
    });
    // Ends within minutes, so it leads the home slider whatever else is listed.
    await donate(request, donor, {
      foodName: cookedName,
      foodType: 'PRECOOKED',
      refrigerationAvailable: false,
      expiryDateTime: new Date(Date.now() + 30 * 60_000).toISOString(),
      imageUrl: photo,
    });
    await donate(request, donor, { foodName: plainName, foodType: 'PRECOOKED', refrigerationAvailable: false });

    const context = await signedInContext(browser, receiver);
    contexts.push(context);
    const page = await context.newPage();
    await page.goto('/');
    await expect(page).toHaveTitle('Save Food, Save Lives · Annadaan');

    // Home: the slider's first card is the dosa, with its own photo and an HH:MM:SS countdown.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveTitle('Home · Annadaan');
    const slide = page.getByRole('article', { name: cookedName, exact: true });
    await expect(slide.getByTestId('countdown')).toHaveText(/^00:[23]\d:\d\d$/);
    await expectOwnPhoto(slide.locator('img'), photo);

    // Browse: raw food 20 days away reads "19 days 23 h", and has its photo; no photo, the placeholder.
    await page.getByRole('link', { name: 'Browse More' }).click();
    await expect(page).toHaveTitle('Browse donations · Annadaan');
    await page.getByLabel('Food name').fill(rawName.split(' ').at(-1) ?? rawName);
    const rawCard = page.getByRole('article', { name: rawName, exact: true });
    await expect(rawCard.getByTestId('countdown')).toHaveText('19 days 23 h');
    await expectOwnPhoto(rawCard.locator('img'), photo);
    await page.getByLabel('Food name').fill(plainName.split(' ').at(-1) ?? plainName);
    const plainCard = page.getByRole('article', { name: plainName, exact: true });
    // No photo: the drawing for its kind of food, here a rice dish by its name, not one stock picture (issues 18, 29).
    await expect(plainCard.locator('img')).toHaveAttribute('src', '/illustrations/rice.svg');
    await expect(plainCard.getByTestId('countdown')).toHaveText(/^0[34]:\d\d:\d\d$/);

    // Detail: the food's name is the title; the photo and the time left as on the card.
    await page.getByLabel('Food name').fill(rawName.split(' ').at(-1) ?? rawName);
    await rawCard.click();
    await expect(page.getByRole('heading', { name: rawName })).toBeVisible();
    await expect(page).toHaveTitle(`${rawName} · Annadaan`);
    await expectOwnPhoto(page.getByRole('img', { name: `Photo of ${rawName}` }), photo);
    await expect(page.getByRole('row', { name: /Time left/ })).toContainText('19 days 23 h');

    // Leaving the detail gives the next screen its own title back.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Stats' }).click();
    await expect(page).toHaveTitle('Statistics · Annadaan');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Orders' }).click();
    await expect(page).toHaveTitle('My orders · Annadaan');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Source' }).click();
    await expect(page).toHaveTitle('Sources and formulas · Annadaan');
  });

  test('the donate form says once what is missing and asks for the location only when told to', async ({ browser, request }) => {
    const donor = await register(request, 'DONOR');
    const context = await signedInContext(browser, donor, { geolocation: POSITION, permissions: ['geolocation'] });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    await page.getByRole('main').getByRole('link', { name: 'Donate Food' }).click();
    await expect(page).toHaveTitle('Donate food · Annadaan');

    // Allowed before, so the position is read without a prompt; the numbers stay out of sight.
    await expect(page.getByLabel('Geolocation (lat,lng)')).toHaveCount(0);
    await expect(page.getByTestId('resolved-location')).toHaveText(/^Location found: Fake Street 12, Koramangala, .*560034/);
    await expect(page.getByLabel('Pickup Address')).toHaveValue(new RegExp(FAKE_PIN));
    await page.getByLabel('Pickup Address').fill('');

    const donateButton = page.getByRole('button', { name: 'Donate', exact: true });
    await donateButton.click();
    const main = page.getByRole('main');
    // 'Please fill all required fields.' once, beside the button; each field says what it wants.
    await expect(main.getByText('Please fill all required fields.')).toHaveCount(1);
    await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
    await expect(main.getByText('Enter the food name.')).toBeVisible();
    await expect(main.getByText('Enter the pickup address.')).toBeVisible();
    await expect(page.getByLabel('Food name')).toBeFocused();

    const foodName = `Curd rice ${tag()}`;
    await page.getByLabel('Food name').fill(foodName);
    await page.getByLabel('Description').fill('Cooked this noon');
    await page.getByLabel('Quantity').fill('8 plates');
    await page.getByLabel('Pickup Address').fill('Near the temple, Jayanagar');
    await expect(main.getByText('Please fill all required fields.')).toHaveCount(0);
    await donateButton.click();
    await expect(main.getByText('A valid 6-digit pin code is required.', { exact: true })).toHaveCount(1);
    await expect(main.getByText('A valid 6-digit pin code is required in the Pickup Address.')).toHaveCount(0);
    await page.getByLabel('Pickup Address').fill(`Near the temple, Jayanagar ${FAKE_PIN}`);
    await expect(main.getByText('A valid 6-digit pin code is required.', { exact: true })).toHaveCount(0);
    await page.getByRole('radio', { name: 'No', exact: true }).check();
    await answerCookedFoodFacts(page);

    const sent = page.waitForRequest((request) => request.url().endsWith('/api/donations') && request.method() === 'POST');
    await donateButton.click();
    // The hidden numbers still go to the server.
    expect((await sent).postDataJSON()).toMatchObject({ foodName, geolocation: '12.934500,77.626500' });
    await expect(page.getByRole('heading', { name: 'Your food is listed' })).toBeVisible();
    await expect(main.getByText('Donation submitted successfully!')).toBeVisible();
  });

  test('the landing page asks for the location only when told to, and explains a refusal', async ({ browser }) => {
    const refused = await browser.newContext();
    contexts.push(refused);
    const page = await refused.newPage();
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Save Food, Save Lives' })).toBeVisible();
    await expect(page.getByText(/Unable to retrieve your location/)).toHaveCount(0);
    await page.getByRole('button', { name: 'Use my current location' }).click();
    await expect(page.getByText(/^Unable to retrieve your location: this browser is not allowed to share where you are\./)).toBeVisible();

    const allowed = await browser.newContext({ geolocation: POSITION, permissions: ['geolocation'] });
    contexts.push(allowed);
    const second = await allowed.newPage();
    await second.goto('/');
    await second.getByLabel('Your location').fill('');
    await second.getByRole('button', { name: 'Use my current location' }).click();
    await expect(second.getByLabel('Your location')).toHaveValue(/Fake Street 12, Koramangala.*560034/);
  });

  test('statistics: a sane people count, whole pie labels, the method on /source', async ({ page }) => {
    await page.goto('/');
    // Both load as they come into view, as a reader scrolls down.
    await page.getByRole('heading', { name: 'Facts & Stats' }).scrollIntoViewIfNeeded();
    // India 2024: (78.1 + 35.89 + 16.21) Mt x 2000 / 365 = 71.3 crore people, within its 1,450.94 million.
    await expect(page.getByText(/could feed 71\.3 crore people/).first()).toBeAttached();

    await page.getByRole('heading', { name: 'Where food is wasted in India, 2024' }).scrollIntoViewIfNeeded();
    const pie = page.getByTestId('waste-pie');
    await pie.scrollIntoViewIfNeeded();
    const labels = pie.locator('svg text').filter({ hasText: /%$/ });
    await expect(labels).toHaveCount(4);
    const svgBox = await pie.locator('svg.recharts-surface').first().boundingBox();
    expect(svgBox).not.toBeNull();
    for (const label of await labels.all()) {
      await expect(label).toHaveText(/^\d{1,2}\.\d%$/);
      const box = await label.boundingBox();
      expect(box).not.toBeNull();
      if (!box || !svgBox) continue;
      // Drawn inside the drawing: nothing of "18.3%" is cut off at its edge.
      expect(box.x).toBeGreaterThanOrEqual(svgBox.x);
      expect(box.x + box.width).toBeLessThanOrEqual(svgBox.x + svgBox.width);
    }
    await expect(pie.locator('svg text').filter({ hasText: '18.3%' })).toHaveCount(1);

    await page.getByRole('contentinfo').getByRole('link', { name: 'Source' }).click();
    await expect(page.getByText(/Population \(million people\), the ceiling of every count of people: India 1,450\.94/)).toBeVisible();
    await expect(page.getByText(/min\(population, floor\(\(households \+ food services \+ retail waste\)/)).toBeVisible();
  });
});

test.describe('on a 360 × 740 phone', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  async function openMenuItem(page: Page, name: string) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name, exact: true }).click();
  }

  test('nothing is cut off and nothing scrolls sideways', async ({ browser, request }) => {
    const donor = await register(request, 'DONOR', 'Meenakshi Sundaram Raghavan');
    const photo = await uploadPhoto(request, donor);
    await donate(request, donor, {
      foodName: `Vegetable biryani with raita and salad ${tag()}`,
      foodType: 'PRECOOKED',
      refrigerationAvailable: true,
      expiryDateTime: new Date(Date.now() + 20 * 60_000).toISOString(),
      imageUrl: photo,
    });
    // Two or more on the slider, so its arrows show.
    await donate(request, donor, { foodName: `Paneer butter masala ${tag()}`, foodType: 'PRECOOKED', refrigerationAvailable: false });
    const context = await signedInContext(browser, donor, { viewport: PHONE, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    try {
      await page.goto('/');
      await expect(page.getByRole('heading', { name: 'Save Food, Save Lives' })).toBeVisible();
      await expectNoTruncationOrSideScroll(page, { where: 'landing' });

      await openMenuItem(page, 'Home');
      await expect(page.getByRole('heading', { name: 'Ending soon' })).toBeVisible();
      await expect(page.getByTestId('countdown').first()).toBeVisible();
      await expect(page.getByRole('button', { name: 'Next donations' })).toBeVisible();
      await expectNoTruncationOrSideScroll(page, { where: 'home' });

      await page.getByRole('link', { name: 'Browse More' }).click();
      await expect(page.getByRole('heading', { name: 'Browse Available Donations' })).toBeVisible();
      await expect(page.getByTestId('countdown').first()).toBeVisible();
      await expectNoTruncationOrSideScroll(page, { where: 'browse' });

      await page.getByRole('banner').getByRole('link', { name: 'Profile' }).click();
      await expect(page.getByRole('link', { name: 'Go to Dashboard' })).toBeVisible();
      await expectNoTruncationOrSideScroll(page, { where: 'profile' });

      await page.getByRole('link', { name: 'Go to Dashboard' }).click();
      await expect(page.getByRole('tab', { name: 'Overview' })).toBeVisible();
      await expectNoTruncationOrSideScroll(page, { where: 'dashboard overview' });
      await page.getByRole('tab', { name: 'Achievements' }).click();
      await expect(page.getByText('First Donation', { exact: true })).toBeVisible();
      await expectNoTruncationOrSideScroll(page, { where: 'dashboard achievements' });

      await openMenuItem(page, 'Stats');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoTruncationOrSideScroll(page, { where: 'stats' });

      await page.getByRole('contentinfo').getByRole('link', { name: 'Source' }).click();
      await expect(page.getByRole('heading', { name: 'Sources and formulas' })).toBeVisible();
      await expect(page.getByRole('cell', { name: 'published' }).first()).toBeVisible();
      await expectNoTruncationOrSideScroll(page, { where: 'source' });
    } finally {
      await context.close();
    }
  });

  test('/source: the scrolling formulas and table are reachable and scrollable by keyboard', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Source' }).click();
    const formula = page.getByRole('region', { name: 'Formula: People the waste could feed' });
    await expect(formula).toBeVisible();
    // It is wider than a phone, so it scrolls; the keyboard reaches it and moves it.
    expect(await formula.evaluate((node) => node.scrollWidth > node.clientWidth)).toBe(true);
    await formula.focus();
    await expect(formula).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => formula.evaluate((node) => node.scrollLeft)).toBeGreaterThan(0);
    const table = page.getByRole('region', { name: 'Every value and its source (scrolls sideways)' });
    await expect(table).toHaveAttribute('tabindex', '0');
    const results = await new AxeBuilder({ page }).withRules(['scrollable-region-focusable']).analyze();
    expect(results.violations).toEqual([]);
    await expectAccessible(page);
  });
});
