import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expectAccessible } from './support/accounts';
import { DEVICES, devicePage } from './support/devices';
import { expectNoTruncationOrSideScroll } from './support/layout';
import { type Person, registerPerson, tag } from './support/scenario';
import { expect, test } from './support/test';

/*
 * Issue 29, items 5 and 6 and the phone's tab bar, tried as a new person would, by clicking only,
 * on a laptop and on a 360 × 740 phone: Find food is in the navigation; Browse opens on the
 * person's own area (their profile's pin code), nearest first, and says so; one compact filter
 * bar with the rest behind "Filters", the first card on a phone's first screen; a visitor sees
 * food near a pin code from the landing page and is asked to sign in only to request; cards lead
 * with the photo or drawing, the food, how far and how long, without "Label:" lines; a donation's
 * page shows the card's distance and keeps "Request This Donation" on a phone's screen.
 */

const PIN = '400012';
const PLACE = 'pin code 400012 (Mumbai, Maharashtra)';

const COOKED = {
  allergens: [],
  safetyChecklist: ['KEPT_COVERED', 'KEPT_HOT_OR_COLD', 'NO_PLATE_LEFTOVERS'],
};

async function donateAt(
  request: APIRequestContext,
  donor: Person,
  foodName: string,
  address: string,
  geolocation: string,
  extra: Record<string, unknown> = {},
) {
  const response = await request.post('/api/donations', {
    headers: { authorization: `Bearer ${donor.token}` },
    data: {
      foodName,
      description: 'Packed in boxes this evening',
      quantity: '6 plates',
      location: address,
      geolocation,
      refrigerationAvailable: false,
      diet: 'VEG',
      preparedAt: new Date(Date.now() - 30 * 60_000).toISOString(),
      ...COOKED,
      ...extra,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: number };
}

interface Foods {
  /** About 0.5 km from the pin code's centre, free. */
  near: string;
  /** About 1.2 km away, ₹40. */
  farther: string;
  /** In Bengaluru: outside any radius from Parel. */
  elsewhere: string;
}

/**
 * A donor with food in Parel (two places) and Bengaluru, every name carrying `id`. Not Delhi:
 * near-me-map's phone tests count the food around Connaught Place, and six plates of ours there
 * pushed theirs out of Home's slider.
 */
async function foodAroundParel(request: APIRequestContext, id: string): Promise<Foods> {
  const donor = await registerPerson(request, 'DONOR', { location: 'Lalbaug, Parel, Mumbai 400012' });
  const centre = (await (await request.get(`/api/pincodes/${PIN}`)).json()) as { lat: number; lng: number };
  const at = (dLat: number, dLng: number) => `${(centre.lat + dLat).toFixed(5)},${(centre.lng + dLng).toFixed(5)}`;
  const foods = { near: `Veg biryani ${id}`, farther: `Besan laddoos ${id}`, elsewhere: `Rajma chawal ${id}` };
  await donateAt(request, donor, foods.farther, 'Parel East, Mumbai 400012', at(-0.011, 0.002), { free: false, price: 40 });
  await donateAt(request, donor, foods.near, 'Lalbaug, Parel, Mumbai 400012', at(0.004, 0.001));
  await donateAt(request, donor, foods.elsewhere, 'MG Road, Bengaluru 560001', '12.97560,77.60550');
  return foods;
}

const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });

/** The words the spec's "Showing:" line says under Browse's heading. */
const showing = (page: Page) => page.getByTestId('browse-showing');

/** Types into Browse's search box, so only this test's cards are on the list. */
async function search(page: Page, words: string) {
  await page.getByRole('searchbox', { name: 'Food name' }).fill(words);
  await expect(page).toHaveURL(new RegExp(`[?&]foodName=${words}`));
}

for (const device of DEVICES) {
  test.describe(`finding food on a ${device.name}`, () => {
    test('signed in, Find food is in the navigation and Browse opens on my own area, nearest first, and says so', async ({ browser, request }) => {
      const id = tag();
      const foods = await foodAroundParel(request, id);
      const receiver = await registerPerson(request, 'RECEIVER', { location: `Parel, Mumbai ${PIN}` });
      const { context, page } = await devicePage(browser, device, receiver);
      await page.goto('/home2');
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();

      if (device.phone) {
        // The phone's tab bar, within a thumb's reach; the desktop's bar has no room for it.
        const tabs = page.getByRole('navigation', { name: 'Main places' });
        await expect(tabs.getByRole('link')).toHaveText(['Home', 'Find food', 'My Orders', 'Me']);
        await tabs.getByRole('link', { name: 'Find food' }).click();
        await expect(tabs.getByRole('link', { name: 'Find food' })).toHaveAttribute('aria-current', 'page');
      } else {
        await expect(page.getByRole('navigation', { name: 'Main places' })).toBeHidden();
        await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Find food' }).click();
      }
      await expect(page.getByRole('heading', { name: 'Browse Available Donations', level: 1 })).toBeVisible();
      // The spec's words, made true: measured from my area, nearest first, nothing hidden.
      await expect(showing(page)).toHaveText(`Showing: All Donations, nearest to your area, ${PLACE}, first.`);
      // The first card is on the first screen, above the fold of a phone too.
      await expect(page.getByRole('article').first().getByRole('link')).toBeInViewport();

      await search(page, id);
      // Nearest first: the 0.5 km biryani, the 1.2 km laddoos, then Bengaluru's food, far away.
      await expect(page.getByRole('article')).toHaveCount(3);
      await expect(page.getByRole('article').nth(0)).toHaveAccessibleName(foods.near);
      await expect(page.getByRole('article').nth(1)).toHaveAccessibleName(foods.farther);
      await expect(page.getByRole('article').nth(2)).toHaveAccessibleName(foods.elsewhere);
      await expectNoTruncationOrSideScroll(page);
      await expectAccessible(page);

      // The rest of the filters are one tap away: a radius keeps to my area, and the line says so.
      await page.getByRole('button', { name: 'Filters' }).click();
      const near = page.getByRole('region', { name: 'Near me' });
      await expect(near.getByRole('status')).toContainText(`Showing food nearest to your area, ${PLACE}, first.`);
      await near.getByLabel('Within').selectOption({ label: '10 km' });
      await expect(showing(page)).toHaveText(`Showing: All Donations within 10 km of ${PLACE}. Nearest first.`);
      await expect(card(page, foods.elsewhere)).toBeHidden();
      await expect(page.getByRole('article')).toHaveCount(2);
      await expect(page.getByRole('button', { name: 'Filters' })).toHaveAttribute('aria-expanded', 'true');
      await near.getByRole('button', { name: 'Show everywhere' }).click();
      await expect(showing(page)).toHaveText('Showing: All Donations');
      await expect(card(page, foods.elsewhere)).toBeVisible();
      await expect(page).toHaveURL(/[?&]near=all(&|$)/);
      await context.close();
    });

    test("a visitor sees food near a pin code from the landing page, the card's distance on its page, and is asked to sign in only to request", async ({
      browser,
      request,
    }) => {
      const id = tag();
      const foods = await foodAroundParel(request, id);
      const { context, page } = await devicePage(browser, device);
      await page.goto('/');
      await page.getByLabel('Your location').fill(`Lalbaug, Mumbai ${PIN}`);
      await page.getByRole('button', { name: 'See food near this pin code, no sign-up needed' }).click();
      await expect(page.getByRole('heading', { name: 'Browse Available Donations', level: 1 })).toBeVisible();
      await expect(showing(page)).toHaveText(`Showing: All Donations within 5 km of ${PLACE}. Nearest first.`);
      await expect(page.getByRole('article').first().getByRole('link')).toBeInViewport();
      // No tab bar for a visitor: their places are signing in and up.
      await expect(page.getByRole('navigation', { name: 'Main places' })).toHaveCount(0);
      await search(page, id);

      // Cards lead with the picture, the food, how far and how long; no "Label:" lines.
      const nearCard = card(page, foods.near);
      const fartherCard = card(page, foods.farther);
      await expectCardLook(nearCard, 'Free');
      await expectCardLook(fartherCard, '₹40');
      // Not the same pot on every card: a rice dish and sweets are drawn as what they are.
      await expect(nearCard.locator('img[data-illustration]')).toHaveAttribute('data-illustration', 'rice');
      await expect(fartherCard.locator('img[data-illustration]')).toHaveAttribute('data-illustration', 'sweets');
      const distance = (await nearCard.getByText(/km away$/).textContent()) ?? '';
      expect(distance).toMatch(/^0\.\d km away$/);
      await expectNoTruncationOrSideScroll(page);

      await nearCard.getByRole('link').click();
      await expect(page.getByRole('heading', { name: foods.near, level: 1 })).toBeVisible();
      // The distance the card showed, under the food's name.
      await expect(page.getByTestId('detail-summary')).toContainText(distance);
      const request_ = page.getByRole('button', { name: 'Request This Donation' });
      await expect(request_).toBeVisible();
      if (device.phone) {
        // On the first screen, and kept there while the details scroll (a visitor has no tab bar).
        await expect(request_).toBeInViewport();
        await page.getByRole('rowheader', { name: 'Donor', exact: true }).scrollIntoViewIfNeeded();
        await expect(request_).toBeInViewport();
      }
      await expectNoTruncationOrSideScroll(page);
      await expectAccessible(page);
      await request_.click();
      await expect(page).toHaveURL(/\/signin$/);
      await context.close();
    });

    test('signed in, a donation\'s page keeps "Request This Donation" above the tab bar; the tabs lead to My Orders and Me', async ({ browser, request }) => {
      const id = tag();
      const foods = await foodAroundParel(request, id);
      const receiver = await registerPerson(request, 'RECEIVER', { location: `Parel, Mumbai ${PIN}` });
      const { context, page } = await devicePage(browser, device, receiver);
      await page.goto('/home2');
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      if (device.phone) await page.getByRole('navigation', { name: 'Main places' }).getByRole('link', { name: 'Find food' }).click();
      else await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Find food' }).click();
      await search(page, id);
      const distance =
        (await card(page, foods.farther)
          .getByText(/km away$/)
          .textContent()) ?? '';
      await card(page, foods.farther).getByRole('link').click();
      await expect(page.getByRole('heading', { name: foods.farther, level: 1 })).toBeVisible();
      await expect(page.getByTestId('detail-summary')).toContainText(distance);
      const request_ = page.getByRole('button', { name: 'Request This Donation' });
      await expect(request_).toBeVisible();
      if (device.phone) {
        await expect(request_).toBeInViewport();
        const tabs = page.getByRole('navigation', { name: 'Main places' });
        await page.getByRole('rowheader', { name: 'Donor', exact: true }).scrollIntoViewIfNeeded();
        await expect(request_).toBeInViewport();
        // The bar sits above the tab bar, not under it.
        const button = await request_.boundingBox();
        const bar = await tabs.boundingBox();
        expect((button?.y ?? 0) + (button?.height ?? 0)).toBeLessThanOrEqual(bar?.y ?? 0);
        await expectAccessible(page);
        await tabs.getByRole('link', { name: 'My Orders' }).click();
        await expect(page).toHaveURL(/\/my-order$/);
        await expect(tabs.getByRole('link', { name: 'My Orders' })).toHaveAttribute('aria-current', 'page');
        await tabs.getByRole('link', { name: 'Me', exact: true }).click();
        await expect(page).toHaveURL(/\/Profile$/);
        // The spec's menu is still there, behind the burger.
        await page.getByRole('button', { name: 'Open menu' }).click();
        await expect(page.getByRole('dialog').getByRole('link', { name: 'Find food' })).toBeVisible();
      } else {
        await expectAccessible(page);
      }
      await context.close();
    });
  });
}

/** A card photo first, then the food with "Free" or its price, how far and how long, and no "Label: value" lines. */
async function expectCardLook(cardLocator: Locator, price: string) {
  await expect(cardLocator.getByTestId('price')).toHaveText(price);
  await expect(cardLocator.getByTestId('countdown')).toHaveText(/^0[34]:\d\d:\d\d$/);
  await expect(cardLocator.getByText('left', { exact: true })).toBeVisible();
  await expect(cardLocator).toContainText('Veg · Pre-cooked · 6 plates · Self pickup');
  for (const label of ['Free:', 'Quantity:', 'Location:', 'Delivery:', 'Donor:', 'Time left:']) await expect(cardLocator).not.toContainText(label);
  const font = await cardLocator.getByTestId('countdown').evaluate((element) => getComputedStyle(element).fontFamily);
  expect(font).not.toContain('monospace');
  // The picture is at the top of the card, the name under it.
  const picture = await cardLocator.locator('img').first().boundingBox();
  const name = await cardLocator.getByRole('link').boundingBox();
  expect(picture?.y ?? Number.NaN).toBeLessThan(name?.y ?? Number.NaN);
}
