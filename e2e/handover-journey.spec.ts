import { type APIRequestContext, type BrowserContext, type Locator } from '@playwright/test';
import { expectAccessible, toast } from './support/accounts';
import { DEVICES, devicePage } from './support/devices';
import { expectNoTruncationOrSideScroll } from './support/layout';
import { type Person, acceptRequest, registerPerson, requestDonation, tag } from './support/scenario';
import { expect, test } from './support/test';

/*
 * Issue 29: the handover as a person lives it, by clicking only, on a laptop and on a phone. The
 * receiver is told where to go once accepted, the donor's every path after a handover leads to the
 * rating, a request says what comes next, and Home leads with the person's own next step.
 */

const ADDRESS = '14 Hosur Road, Koramangala, Bengaluru 560034';
const POINT = '12.9345,77.6265';

function register(request: APIRequestContext, role: 'DONOR' | 'RECEIVER', name: string): Promise<Person> {
  return registerPerson(request, role, { fullName: `${name} ${tag()}`, location: 'Koramangala, Bengaluru 560034' });
}

async function give(request: APIRequestContext, donor: Person, overrides: Record<string, unknown> = {}) {
  const foodName = `Veg pulao ${tag()}`;
  const response = await request.post('/api/donations', {
    headers: { authorization: `Bearer ${donor.token}` },
    data: {
      foodName,
      description: 'Freshly cooked, packed in boxes',
      quantity: '4 boxes',
      free: true,
      price: 0,
      location: ADDRESS,
      geolocation: POINT,
      deliveryType: 'SELF_PICKUP',
      foodType: 'PRECOOKED',
      refrigerationAvailable: false,
      ...overrides,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { ...((await response.json()) as { id: number }), foodName };
}

async function pickupCode(request: APIRequestContext, receiver: Person, requestId: number): Promise<string> {
  const response = await request.get(`/api/requests/${requestId}/pickup-code`, { headers: { authorization: `Bearer ${receiver.token}` } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { pickupCode: string }).pickupCode;
}

/** Taps a star as a person does: on its label (Mantine keeps the radio itself out of view). */
async function chooseStars(scope: Locator, stars: number) {
  const id = await scope.getByRole('radio', { name: `${stars} stars` }).getAttribute('id');
  await scope.locator(`label[for="${id}"]`).click();
}

/** A filled button has a colour behind its words; an outline one shows the page through. */
const filled = (link: Locator) => link.evaluate((element) => getComputedStyle(element).backgroundColor !== 'rgba(0, 0, 0, 0)');

/** The notification centre's notice about this food, and its one way on. */
const notice = (scope: Locator, title: string, foodName: string) =>
  scope
    .getByTestId('notification')
    .filter({ hasText: title })
    .filter({ hasText: `"${foodName}"` });

for (const device of DEVICES) {
  test.describe(`the handover journey on a ${device.name}`, () => {
    let contexts: BrowserContext[] = [];
    test.afterEach(async () => {
      await Promise.all(contexts.map((context) => context.close()));
      contexts = [];
    });

    test('the receiver goes from the accept notification to the address and directions in two taps', async ({ browser, request }) => {
      const donor = await register(request, 'DONOR', 'Meera');
      const receiver = await register(request, 'RECEIVER', 'Ravi');
      const donation = await give(request, donor, { free: false, price: 40 });
      const sent = await requestDonation(request, receiver, donation.id);
      await acceptRequest(request, donor, sent.id);

      const { context, page } = await devicePage(browser, device, receiver);
      contexts.push(context);
      // The maps site stands in for the phone's maps app (the test machine has no internet).
      await context.route('https://www.google.com/maps/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Maps</title>' }));
      await page.goto('/notifications');

      // Tap 1: the accept notice opens My Orders, where the accepted card says where to go.
      await notice(page.getByRole('main'), 'Your request was accepted', donation.foodName).getByRole('link', { name: 'Open' }).click();
      await expect(page).toHaveURL(/\/my-order$/);
      const order = page.getByRole('article', { name: `${donation.foodName}, Awaiting pickup` });
      const place = order.getByRole('region', { name: 'Pick up here' });
      await expect(place).toContainText(ADDRESS);
      await expect(place.getByRole('img', { name: 'Exact pickup point' })).toBeVisible();
      await expect(place.getByRole('link', { name: 'See the donation' })).toHaveAttribute('href', `/request-donation/${donation.id}`);
      await expect(order).toContainText(/Time left: \d\d:\d\d:\d\d/);
      // The spec's free yes/no as a badge: the price, since this food is not free; the date named as the request's.
      await expect(order).toContainText('₹40');
      await expect(order).toContainText('Requested on:');
      await expect(order.getByRole('button', { name: 'View pickup code (OTP) and donor contact' })).toBeVisible();
      await expectNoTruncationOrSideScroll(page);
      await expectAccessible(page);

      // Tap 2: Directions opens the maps app with the route to the exact point.
      const [maps] = await Promise.all([page.waitForEvent('popup'), place.getByRole('link', { name: /^Directions/ }).click()]);
      await maps.waitForURL(`https://www.google.com/maps/dir/?api=1&destination=${POINT}`);
      await maps.close();

      // Home shows the same pickup card.
      await page.goto('/home2');
      const pickups = page.getByRole('region', { name: 'Your pickups' });
      const onHome = pickups.getByRole('article', { name: `${donation.foodName}, Awaiting pickup` });
      await expect(onHome.getByRole('region', { name: 'Pick up here' })).toContainText(ADDRESS);
      await expect(onHome.getByRole('link', { name: /^Directions/ })).toHaveAttribute('href', `https://www.google.com/maps/dir/?api=1&destination=${POINT}`);
      await expectNoTruncationOrSideScroll(page);
    });

    test('the donor goes from the handover to the rating in one tap, and the card says what happened', async ({ browser, request }) => {
      const donor = await register(request, 'DONOR', 'Meera');
      const receiver = await register(request, 'RECEIVER', 'Ravi');
      const donation = await give(request, donor);
      const sent = await requestDonation(request, receiver, donation.id);
      await acceptRequest(request, donor, sent.id);
      const code = await pickupCode(request, receiver, sent.id);

      const { context, page } = await devicePage(browser, device, donor);
      contexts.push(context);
      await page.goto(`/my-received-requests?donation=${donation.id}`);
      const card = page.getByRole('article', { name: `Request for ${donation.foodName} from ${receiver.fullName}` });
      // The donor's side names the spec's OTP and the receiver's pickup code together.
      await expect(card).toContainText('OTP (pickup code)');
      await card.getByRole('link', { name: 'Confirm Pickup via OTP' }).click();
      await page.getByLabel('Enter OTP from Receiver').fill(code);
      await page.getByRole('button', { name: 'Confirm Pickup' }).click();
      await expect(toast(page, 'Pickup confirmed successfully!')).toBeVisible();

      // Confirming lands on Received Requests (the spec), where the completed item has the rating.
      await expect(page).toHaveURL(/\/received-requests$/);
      await expect(card.getByRole('form', { name: `Rate ${receiver.fullName}` })).toBeVisible();

      // The "Pickup complete" notice: one tap to the same rating.
      await page.goto('/notifications');
      await notice(page.getByRole('main'), 'Pickup complete', donation.foodName).getByRole('link', { name: 'Open' }).click();
      await expect(page).toHaveURL(new RegExp(`/my-received-requests\\?donation=${donation.id}$`));
      const rating = card.getByRole('form', { name: `Rate ${receiver.fullName}` });
      await expect(rating).toBeVisible();
      await expectNoTruncationOrSideScroll(page);
      await expectAccessible(page);
      await chooseStars(rating, 5);
      await rating.getByRole('button', { name: 'Submit rating' }).click();
      await expect(card.getByRole('img', { name: 'Rated 5 out of 5' })).toBeVisible();

      // The receiver's own card: the spec's N/A with what happened beside it, and no more address.
      const receiverSide = await devicePage(browser, device, receiver);
      contexts.push(receiverSide.context);
      await receiverSide.page.goto('/my-order?mode=COLLECTED');
      const collected = receiverSide.page.getByRole('article', { name: `${donation.foodName}, Completed` });
      await expect(collected).toContainText('Time left: N/A · Collected');
      await expect(collected).toContainText('Free');
      await expect(collected.getByRole('region', { name: 'Pick up here' })).toHaveCount(0);
    });

    test("after requesting, the receiver sees the request and what comes next; Home leads with each person's own next step", async ({ browser, request }) => {
      const donor = await register(request, 'DONOR', 'Meera');
      const receiver = await register(request, 'RECEIVER', 'Ravi');
      const donation = await give(request, donor);

      const { context, page } = await devicePage(browser, device, receiver);
      contexts.push(context);
      await page.goto('/home2');
      // A receiver's one filled button finds food; the spec's other ways in stay.
      const main = page.getByRole('main');
      await expect(main.getByRole('link', { name: 'Request Food' })).toBeVisible();
      expect(await filled(main.getByRole('link', { name: 'Request Food' }))).toBe(true);
      expect(await filled(main.getByRole('link', { name: 'Donate Food' }))).toBe(false);
      await expect(main.getByRole('link', { name: 'Post a Food Need' })).toBeVisible();

      await page.goto(`/request-donation/${donation.id}`);
      await page.getByRole('button', { name: 'Request This Donation' }).click();
      await expect(toast(page, 'Request sent successfully!')).toBeVisible();
      await expect(page).toHaveURL(/\/my-order\?mode=COLLECTED&sent=\d+$/);
      const panel = page.getByRole('region', { name: `Your request for ${donation.foodName} is sent` });
      await expect(panel.getByTestId('request-status')).toHaveText('Pending');
      await expect(panel).toContainText('What happens next');
      await expect(panel).toContainText('The donor accepts or declines your request. You will get a notification either way.');
      await expect(panel).toContainText('your pickup code (OTP), the pickup address and directions');
      await expect(page.getByRole('article', { name: `${donation.foodName}, Pending` })).toBeVisible();
      await expectNoTruncationOrSideScroll(page);
      await expectAccessible(page);
      await panel.getByRole('button', { name: 'Got it' }).click();
      await expect(panel).toHaveCount(0);
      await expect(page).toHaveURL(/\/my-order\?mode=COLLECTED$/);

      // Home: the request waits among the receiver's pickups.
      await page.goto('/home2');
      const pickups = page.getByRole('region', { name: 'Your pickups' });
      await expect(pickups.getByRole('article', { name: donation.foodName })).toContainText("Waiting for the donor's answer.");

      // The donor's Home leads with their food and the request waiting on it, one tap from answering.
      const donorSide = await devicePage(browser, device, donor);
      contexts.push(donorSide.context);
      await donorSide.page.goto('/home2');
      const donorMain = donorSide.page.getByRole('main');
      await expect(donorMain.getByRole('link', { name: 'Donate Food' })).toBeVisible();
      expect(await filled(donorMain.getByRole('link', { name: 'Donate Food' }))).toBe(true);
      expect(await filled(donorMain.getByRole('link', { name: 'Request Food' }))).toBe(false);
      const listings = donorSide.page.getByRole('region', { name: 'Your food' });
      const listing = listings.getByRole('article', { name: donation.foodName });
      await expect(listing).toBeVisible();
      await expectNoTruncationOrSideScroll(donorSide.page);
      await listing.getByRole('link', { name: /1 request waiting/ }).click();
      await expect(donorSide.page).toHaveURL(new RegExp(`/my-received-requests\\?donation=${donation.id}$`));
      await expect(donorSide.page.getByRole('button', { name: 'Accept' })).toBeVisible();
    });
  });
}
