import { expectAccessible } from './support/accounts';
import { DEVICES, devicePage } from './support/devices';
import { answerCookedFoodFacts } from './support/food-facts';
import { expectNoTruncationOrSideScroll } from './support/layout';
import { registerPerson, tag } from './support/scenario';
import { expect, test } from './support/test';

/*
 * Issue 29, items 3 (the donor's half) and 10: both forms ask photo and food first, pick a place
 * the same way and use one date-time picker; each ends on a result screen that shows what was
 * made and what comes next, with the spec's success words.
 */
for (const device of DEVICES) {
  test.describe(`on a ${device.name}`, () => {
    test('a donor lists food from Home and lands on the listing as receivers see it, with what comes next', async ({ browser, request }) => {
      const donor = await registerPerson(request, 'DONOR', { location: 'Aundh, Pune 411007' });
      const { context, page } = await devicePage(browser, device, donor);
      const main = page.getByRole('main');
      const foodName = `Veg pulao ${tag()}`;
      await page.goto('/home2');
      await main.getByRole('link', { name: 'Donate Food' }).first().click();
      await expect(page).toHaveURL(/\/DonateForm$/);

      // Photo and food first; both times with the one (device's own) picker; help that agrees with itself.
      const photoTop = (await main.getByText('Choose photo').boundingBox())?.y ?? Number.POSITIVE_INFINITY;
      const nameTop = (await main.getByLabel('Food name').boundingBox())?.y ?? 0;
      expect(photoTop).toBeLessThan(nameTop);
      await expect(main.getByLabel('When was it cooked?')).toHaveAttribute('type', 'datetime-local');
      await expect(main.getByLabel('Expiry date and time')).toHaveAttribute('type', 'datetime-local');
      await expect(main.getByText(/Everyone browsing sees/)).toHaveCount(0);
      await expect(main.getByText(/Others see only the area and the pin code/)).toBeVisible();

      await main.getByLabel('Food name').fill(foodName);
      await main.getByLabel('Quantity').fill('6 plates');
      await main.getByLabel('Description').fill('Fresh from lunch, kept hot');
      await answerCookedFoodFacts(page);
      await main.getByRole('radio', { name: 'Yes', exact: true }).check();
      await main.getByLabel('Pickup Address').fill('12 ITI Road, Aundh, Pune 411007');
      await main.getByRole('button', { name: 'Donate', exact: true }).click();

      await expect(main.getByRole('heading', { name: 'Your food is listed', level: 1 })).toBeFocused();
      await expect(main.getByText('Donation submitted successfully!')).toBeVisible();
      // The card as receivers see it: the area, never the street address.
      const card = main.getByRole('article', { name: foodName });
      await expect(card).toContainText('Aundh, Pune 411007');
      await expect(card).not.toContainText('12 ITI Road');
      await expect(main.getByRole('heading', { name: 'What happens next' })).toBeVisible();
      await expect(main.getByText('Receivers near you can request it now. You get a notification for each request.')).toBeVisible();
      const share = main.getByRole('link', { name: 'Share on WhatsApp' });
      await expect(share).toHaveAttribute('href', /^https:\/\/wa\.me\/\?text=.*%2Frequest-donation%2F\d+/);
      await expect(share).not.toHaveAttribute('href', /ITI%20Road/);
      await expectAccessible(page);
      await expectNoTruncationOrSideScroll(page);

      await main.getByRole('link', { name: 'Open its page' }).click();
      await expect(page).toHaveURL(/\/request-donation\/\d+$/);
      await expect(main.getByRole('heading', { name: foodName })).toBeVisible();
      await context.close();
    });

    test('a receiver posts a food need from Home: details from the profile, place as on the donate form, an honest offer, and a result', async ({
      browser,
      request,
    }) => {
      const receiver = await registerPerson(request, 'RECEIVER', { location: 'Aundh, Pune 411007' });
      const { context, page } = await devicePage(browser, device, receiver);
      const main = page.getByRole('main');
      await page.goto('/home2');
      await main.getByRole('link', { name: 'Post a Food Need' }).first().click();
      await expect(page).toHaveURL(/\/RequestForm$/);

      // Not asked again: who posts is shown, with the way to change it.
      await expect(main.getByTestId('request-person')).toContainText(receiver.fullName);
      await expect(main.getByRole('textbox', { name: 'Full name' })).toHaveCount(0);
      await expect(main.getByRole('textbox', { name: 'Email' })).toHaveCount(0);
      // The place as on the donate form: the pin code places a pin on a map, or the device's location.
      await expect(main.getByLabel('Location')).toHaveValue('Aundh, Pune 411007');
      await expect(main.getByRole('button', { name: 'Use my current location' })).toBeVisible();
      await expect(main.getByRole('region', { name: 'Map of where you need the food' })).toBeVisible();
      await expect(main.getByText(/latitude,longitude/)).toHaveCount(0);
      await expectAccessible(page);
      await expectNoTruncationOrSideScroll(page);
      await main.getByRole('button', { name: 'Next >>' }).click();

      await expect(main.getByRole('heading', { name: 'Step 2 of 2: Request details' })).toBeFocused();
      await expect(main.getByLabel('Needed from')).toHaveAttribute('type', 'datetime-local');
      await expect(main.getByLabel('Request open until')).toHaveAttribute('type', 'datetime-local');
      await main.getByRole('textbox', { name: 'Food Type (e.g. Rice)' }).fill('Rice and dal');
      await main.getByLabel('Number of people').fill('4');
      // Saying they can pay asks how much and how; nothing is assumed.
      await main.getByRole('radio', { name: 'Yes, I can pay' }).check();
      await main.getByRole('button', { name: 'Submit Request' }).click();
      await expect(main.getByText('Enter the price you offer, more than ₹0.')).toBeVisible();
      await expect(main.getByText('Choose how you will pay.')).toBeVisible();
      await main.getByLabel('Offer price (₹)').fill('50');
      await main.getByLabel('Payment method').selectOption('UPI');
      await expectAccessible(page);
      await expectNoTruncationOrSideScroll(page);
      const sent = page.waitForRequest((sentRequest) => sentRequest.url().endsWith('/api/food-requests/create'));
      await main.getByRole('button', { name: 'Submit Request' }).click();
      expect((await sent).postDataJSON()).toMatchObject({ offerPrice: 50, paymentMethod: 'UPI', location: 'Aundh, Pune 411007', fullName: receiver.fullName });

      await expect(main.getByRole('heading', { name: 'Your request is posted', level: 1 })).toBeFocused();
      await expect(main.getByText('Food request submitted successfully!')).toBeVisible();
      await expect(main.getByTestId('posted-need')).toContainText('Rice and dal for 4 people');
      await expect(main.getByTestId('posted-need')).toContainText('Where: pin code 411007');
      await expect(main.getByRole('link', { name: 'Share on WhatsApp' })).toHaveAttribute('href', /%2Ffood-needs%2F\d+/);
      await expectAccessible(page);
      await expectNoTruncationOrSideScroll(page);
      await main.getByRole('link', { name: 'Open its page' }).click();
      await expect(page).toHaveURL(/\/food-needs\/\d+$/);
      await expect(main.getByRole('heading', { name: 'Rice and dal for 4 people' })).toBeVisible();
      await context.close();
    });
  });
}
