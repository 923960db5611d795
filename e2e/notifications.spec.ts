import type { BrowserContext, Page } from '@playwright/test';
import { expectAccessible, toast } from './support/accounts';
import { PHONE_VIEWPORT, expectNoTruncationOrSideScroll } from './support/layout';
import { donate, registerPerson, signedInContext, tag } from './support/scenario';
import { expect, test } from './support/test';

/*
 * Issue 14, first slice: the bell and the live stream. The donor has the app open when the
 * receiver asks; the count rises and a toast says so without a reload. The receiver sees the
 * accept the same way.
 */

const bell = (page: Page, unread = 0) => page.getByRole('link', { name: unread > 0 ? `Notifications (${unread} unread)` : 'Notifications', exact: true });

for (const [name, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', PHONE_VIEWPORT],
] as const) {
  test.describe(`notifications on ${name}`, () => {
    let contexts: BrowserContext[] = [];
    test.afterEach(async () => {
      await Promise.all(contexts.map((context) => context.close()));
      contexts = [];
    });

    test('the donor hears of a request live, opens it from the bell and accepts; the receiver hears of the accept live', async ({ browser, request }) => {
      const donor = await registerPerson(request, 'DONOR', { fullName: 'Nisha Donor' });
      const receiver = await registerPerson(request, 'RECEIVER', { fullName: 'Arjun Receiver' });
      const foodName = `Lemon rice ${tag()}`;
      const donation = await donate(request, donor, foodName);
      const donorContext = await signedInContext(browser, donor, { viewport });
      const receiverContext = await signedInContext(browser, receiver, { viewport });
      contexts.push(donorContext, receiverContext);
      const donorPage = await donorContext.newPage();
      const receiverPage = await receiverContext.newPage();

      await donorPage.goto('/home2');
      await expect(bell(donorPage)).toBeVisible();

      // The receiver asks for the food through the donation's page.
      await receiverPage.goto(`/request-donation/${donation.id}`);
      await receiverPage.getByRole('button', { name: 'Request This Donation' }).click();
      await expect(toast(receiverPage, 'Request sent successfully!')).toBeVisible();
      await expect(receiverPage).toHaveURL(/\/my-order\?mode=COLLECTED&sent=\d+$/);

      // The donor's open screen changes without a reload.
      await expect(toast(donorPage, 'New request for your food')).toBeVisible();
      await expect(bell(donorPage, 1)).toBeVisible();
      await expectNoTruncationOrSideScroll(donorPage);
      await expectAccessible(donorPage);

      // The bell leads to the centre, the notification to the donation's received requests.
      await bell(donorPage, 1).click();
      await expect(donorPage.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
      const item = donorPage.getByTestId('notification').filter({ hasText: `Someone asked for "${foodName}"` });
      await expect(item).toContainText('Unread');
      await expectNoTruncationOrSideScroll(donorPage);
      await expectAccessible(donorPage);
      await item.getByRole('link', { name: 'Open' }).click();
      await expect(donorPage).toHaveURL(new RegExp(`/my-received-requests\\?donation=${donation.id}$`));
      await expect(bell(donorPage)).toBeVisible();
      const received = donorPage.getByRole('article', { name: `Request for ${foodName} from Arjun Receiver` });
      await received.getByRole('button', { name: 'Accept' }).click();
      await expect(received.getByTestId('request-status')).toHaveText('Awaiting pickup');

      // The receiver, still on My Orders, sees the accept without a reload.
      await expect(toast(receiverPage, 'Your request was accepted')).toBeVisible();
      const order = receiverPage.getByRole('article', { name: new RegExp(foodName) });
      await expect(order.getByTestId('request-status')).toHaveText('Awaiting pickup');
      await expect(bell(receiverPage, 1)).toBeVisible();
      await expectNoTruncationOrSideScroll(receiverPage);

      // Marked read all at once from the centre.
      await bell(receiverPage, 1).click();
      await expect(receiverPage.getByTestId('notification').filter({ hasText: `"${foodName}"` })).toContainText('Unread');
      await receiverPage.getByRole('button', { name: 'Mark all read' }).click();
      await expect(bell(receiverPage)).toBeVisible();
      await expect(receiverPage.getByTestId('notification').filter({ hasText: 'Unread' })).toHaveCount(0);
      await expectAccessible(receiverPage);
    });
  });
}
