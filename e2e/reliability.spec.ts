import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { expectAccessible } from './support/accounts';
import { PHONE_VIEWPORT, expectNoTruncationOrSideScroll } from './support/layout';
import { type Person, acceptRequest, donate, handOver, registerPerson, requestDonation, signedInContext, tag } from './support/scenario';
import { expect, test } from './support/test';

/*
 * Issue 16, no-shows and reliability: a donor sees the receiver's record ("picked up X of Y
 * accepted") on a waiting request before accepting it, and the receiver's profile shows the same
 * figure and explains the missed-pickup rule in plain words.
 */

const bell = (page: Page) => page.getByRole('link', { name: /^Notifications( \(\d+ unread\))?$/ });

/** The receiver collected once and withdrew once after acceptance: picked up 1 of 2 accepted. */
async function receiverWithARecord(request: APIRequestContext, receiver: Person) {
  const earlier = await registerPerson(request, 'DONOR', { fullName: 'Earlier Donor' });
  const collected = await donate(request, earlier, `Poha ${tag()}`);
  await handOver(request, earlier, receiver, (await requestDonation(request, receiver, collected.id)).id);
  const withdrawn = await donate(request, earlier, `Upma ${tag()}`);
  const withdrawnRequest = await requestDonation(request, receiver, withdrawn.id);
  await acceptRequest(request, earlier, withdrawnRequest.id);
  const cancelled = await request.post(`/api/requests/${withdrawnRequest.id}/cancel`, { headers: { authorization: `Bearer ${receiver.token}` } });
  expect(cancelled.status()).toBe(200);
}

for (const [name, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', PHONE_VIEWPORT],
] as const) {
  test.describe(`reliability on ${name}`, () => {
    let contexts: BrowserContext[] = [];
    test.afterEach(async () => {
      await Promise.all(contexts.map((context) => context.close()));
      contexts = [];
    });

    test("the donor sees the receiver's pickups before accepting; the receiver's profile shows them and explains the rule", async ({ browser, request }) => {
      const receiver = await registerPerson(request, 'RECEIVER', { fullName: 'Rohan Receiver' });
      await receiverWithARecord(request, receiver);
      const donor = await registerPerson(request, 'DONOR', { fullName: 'Deepa Donor' });
      const foodName = `Idli ${tag()}`;
      const donation = await donate(request, donor, foodName);
      await requestDonation(request, receiver, donation.id);

      const donorContext = await signedInContext(browser, donor, { viewport });
      const receiverContext = await signedInContext(browser, receiver, { viewport });
      contexts.push(donorContext, receiverContext);

      // The donor opens the new request from the bell.
      const donorPage = await donorContext.newPage();
      await donorPage.goto('/home2');
      await bell(donorPage).click();
      await expect(donorPage.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
      await donorPage
        .getByTestId('notification')
        .filter({ hasText: `Someone asked for "${foodName}"` })
        .getByRole('link', { name: 'Open' })
        .click();
      const waiting = donorPage.getByRole('article', { name: `Request for ${foodName} from ${receiver.fullName}` });
      await expect(waiting.getByText("Receiver's record: Picked up 1 of 2 accepted")).toBeVisible();
      await expect(waiting.getByRole('button', { name: 'Accept' })).toBeVisible();
      await expectNoTruncationOrSideScroll(donorPage);
      await expectAccessible(donorPage);

      // The receiver finds the same figure and the rule on their profile.
      const receiverPage = await receiverContext.newPage();
      await receiverPage.goto('/home2');
      await receiverPage.locator('a[aria-label="Profile"]:visible').click();
      await expect(receiverPage.getByRole('heading', { name: 'My profile', level: 1 })).toBeVisible();
      const record = receiverPage.getByRole('region', { name: 'Pickups and handovers' });
      await expect(record.getByText('As a receiver: Picked up 1 of 2 accepted')).toBeVisible();
      await expect(record.getByRole('heading', { name: 'How missed pickups count' })).toBeVisible();
      await expect(record.getByText('If you miss 3 pickups within 30 days, you can hold only one accepted request at a time.')).toBeVisible();
      await record.scrollIntoViewIfNeeded();
      await expectNoTruncationOrSideScroll(receiverPage);
      await expectAccessible(receiverPage);
    });
  });
}
