import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { expectAccessible, toast } from './support/accounts';
import { PHONE_VIEWPORT, expectNoTruncationOrSideScroll } from './support/layout';
import { type Person, registerPerson, signedInContext, tag } from './support/scenario';
import { expect, test } from './support/test';

/*
 * Issue 14, nearby-food alerts and Browse's "N new donations". A receiver saves an alert from
 * Browse with a pin code (the bundled pin-code table places 560034 in Koramangala); a donor in another
 * browser lists food there and the receiver hears of it live. Someone with Browse open is offered
 * the new food as a button instead of a reshuffled list.
 */

const bell = (page: Page, unread = 0) => page.getByRole('link', { name: unread > 0 ? `Notifications (${unread} unread)` : 'Notifications', exact: true });

/** Food listed through the API at a point in Koramangala, about 2 km from 560034's centroid. */
async function donateInKoramangala(request: APIRequestContext, donor: Person, foodName: string) {
  const response = await request.post('/api/donations', {
    headers: { authorization: `Bearer ${donor.token}` },
    data: {
      foodName,
      description: 'Freshly cooked, packed in boxes',
      quantity: '4 boxes',
      location: 'House 7, 5th Cross, Koramangala, Bengaluru 560034',
      geolocation: '12.9421,77.6301',
      refrigerationAvailable: false,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: number };
}

/** Signed in, the way people reach Browse: Home, then "Request Food". */
async function openBrowse(page: Page, mobile: boolean) {
  await page.goto('/home2');
  if (mobile) await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
  await page.getByRole('link', { name: 'Request Food' }).click();
  await expect(page.getByRole('heading', { name: 'Browse Available Donations', level: 1 })).toBeVisible();
}

for (const [name, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', PHONE_VIEWPORT],
] as const) {
  test.describe(`food alerts on ${name}`, () => {
    const mobile = name === 'phone';
    let contexts: BrowserContext[] = [];
    test.afterEach(async () => {
      await Promise.all(contexts.map((context) => context.close()));
      contexts = [];
    });

    test('a receiver saves an alert from Browse with a pin code and hears live of food listed nearby; Food alerts manages it', async ({ browser, request }) => {
      const receiver = await registerPerson(request, 'RECEIVER', { fullName: 'Meena Receiver' });
      const donor = await registerPerson(request, 'DONOR', { fullName: 'Farid Donor' });
      const receiverContext = await signedInContext(browser, receiver, { viewport });
      contexts.push(receiverContext);
      const page = await receiverContext.newPage();

      await openBrowse(page, mobile);
      await page.getByRole('button', { name: 'Alert me about food near here' }).click();
      const form = page.getByRole('region', { name: 'Alert me about food near here' });
      // A pin code the bundled table does not know is said under its field.
      await form.getByLabel('Pin code').fill('999999');
      await form.getByRole('button', { name: 'Save alert' }).click();
      await expect(form.getByText('We do not know this pin code.')).toBeVisible();
      await form.getByLabel('Pin code').fill('560034');
      await form.getByRole('combobox', { name: 'Distance' }).click();
      // The open dropdown's list: Browse's "Near me" radius is a native select with a "5 km" option too.
      await page.getByRole('listbox').getByRole('option', { name: '5 km', exact: true }).click();
      await form.getByRole('combobox', { name: 'Food type' }).click();
      // Browse's own Food type filter is a native select whose options say "Pre-cooked" too.
      await page.getByRole('listbox').getByRole('option', { name: 'Pre-cooked' }).click();
      await form.getByLabel('Name (optional)').fill('Home');
      await expectNoTruncationOrSideScroll(page);
      await expectAccessible(page);
      await form.getByRole('button', { name: 'Save alert' }).click();
      await expect(toast(page, 'Food alert saved: we will tell you about food within 5 km of Home.')).toBeVisible();
      await expect(form).toBeHidden();

      // The donor lists food in Koramangala from their own browser: the receiver hears of it live.
      const foodName = `Curd rice ${tag()}`;
      const donation = await donateInKoramangala(request, donor, foodName);
      await expect(toast(page, 'New food near Home')).toBeVisible();
      await expect(toast(page, `"${foodName}" was just listed within 5 km of Home.`)).toBeVisible();
      await expect(bell(page, 1)).toBeVisible();

      // The bell leads to the notification, the notification to the food; Food alerts is beside it.
      await bell(page, 1).click();
      const item = page.getByTestId('notification').filter({ hasText: foodName });
      await expect(item).toContainText('New food near Home');
      await expectNoTruncationOrSideScroll(page);
      await expectAccessible(page);
      await item.getByRole('link', { name: 'Open' }).click();
      await expect(page).toHaveURL(new RegExp(`/request-donation/${donation.id}$`));
      await expect(page.getByText(foodName).first()).toBeVisible();

      await bell(page).click();
      await page.getByRole('link', { name: 'Food alerts' }).click();
      await expect(page.getByRole('heading', { name: 'Food alerts', level: 1 })).toBeVisible();
      const saved = page.getByTestId('food-alert');
      await expect(saved).toHaveCount(1);
      await expect(saved).toContainText('Home');
      await expect(saved).toContainText('Pre-cooked food within 5 km');
      await expectNoTruncationOrSideScroll(page);
      await expectAccessible(page);
      await saved.getByRole('button', { name: 'Delete alert Home' }).click();
      await expect(toast(page, 'Deleted the alert Home.')).toBeVisible();
      await expect(page.getByText('No food alerts yet.')).toBeVisible();
    });

    test('Browse offers new food as "N new donations" instead of reshuffling', async ({ browser, request }) => {
      const receiver = await registerPerson(request, 'RECEIVER');
      const donor = await registerPerson(request, 'DONOR');
      const receiverContext = await signedInContext(browser, receiver, { viewport });
      contexts.push(receiverContext);
      const page = await receiverContext.newPage();
      // The page's clock runs as usual, and the test moves it on to Browse's next look for new food.
      await page.clock.install();
      const batch = tag();

      const first = `Khichdi ${batch}`;
      await donateInKoramangala(request, donor, first);
      await openBrowse(page, mobile);
      // Only this test's food, whatever other tests list meanwhile. Browse notes the newest food when
      // the filter applies; what is listed after that is new.
      const counting = page.waitForResponse((response) => response.url().includes('/api/browse/new-donations') && response.url().includes(batch));
      await page.getByLabel('Food name').fill(batch);
      await expect(page).toHaveURL(new RegExp(`foodName=${batch}`));
      await counting;
      const cards = page.getByRole('link', { name: new RegExp(`${batch}, view details`) });
      await expect(cards).toHaveCount(1);

      await donateInKoramangala(request, donor, `Upma ${batch}`);
      await donateInKoramangala(request, donor, `Pongal ${batch}`);
      // Browse asks every 15 seconds while it is visible (NEW_DONATIONS_POLL_MS): the next time, at once.
      await page.clock.fastForward('00:15');
      const offer = page.getByRole('button', { name: '2 new donations' });
      await expect(offer).toBeVisible();
      // The list itself has not moved.
      await expect(cards).toHaveCount(1);
      await expectNoTruncationOrSideScroll(page);
      await expectAccessible(page);

      await offer.click();
      await expect(cards).toHaveCount(3);
      await expect(offer).toBeHidden();
    });
  });
}
