import { type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { expectAccessible } from './support/accounts';
import { PHONE, devicePage } from './support/devices';
import { answerCookedFoodFacts } from './support/food-facts';
import { expectNoTruncationOrSideScroll } from './support/layout';
import { type Person, registerPerson, tag } from './support/scenario';
import { expect, test } from './support/test';

/*
 * Issue 33 in a browser at 360 × 740: a donor lists 60 plates in portions through the form; three
 * receivers take 20 each (two through the API, one on the donation's page), so nothing is left; a
 * fourth joins the waitlist on the page, one of the three cancels, and the fourth, page open and
 * never reloaded, sees the offer arrive live, takes it and is shown their pickup.
 */

const auth = (person: Person) => ({ authorization: `Bearer ${person.token}` });
/** Each step's screen, kept with the run's results (test-results/) for a person to look at. */
async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`portions-${name}.png`), fullPage: true });
}

async function askFor(request: APIRequestContext, receiver: Person, donationId: number, portions: number) {
  const response = await request.post(`/api/requests/create/${donationId}`, { headers: auth(receiver), data: { paymentMethod: '', portions } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: number; status: string };
}

test.describe('portions and the waitlist', () => {
  let contexts: BrowserContext[] = [];
  test.afterEach(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    contexts = [];
  });

  test('60 plates shared out, nothing left, a waitlisted receiver is offered freed plates live and takes them', async ({ browser, request }) => {
    test.setTimeout(180_000);
    const donor = await registerPerson(request, 'DONOR', { fullName: `Meera ${tag()}`, location: '7 FC Road, Shivajinagar, Pune 411004' });
    const receiver = (name: string) => registerPerson(request, 'RECEIVER', { fullName: `${name} ${tag()}`, location: 'Kothrud, Pune 411038' });
    const [first, second, third, fourth] = await Promise.all([receiver('Asha'), receiver('Bilal'), receiver('Chitra'), receiver('Dev')]);
    const foodName = `Wedding biryani ${tag()}`;

    const donorSide = await devicePage(browser, PHONE, donor);
    contexts.push(donorSide.context);
    const donorPage = donorSide.page;

    let donationId = 0;
    await test.step('the donor lists 60 plates in portions through the form', async () => {
      await donorPage.goto('/DonateForm');
      await expect(donorPage.getByRole('heading', { level: 1, name: 'Donate food' })).toBeVisible();
      await donorPage.getByLabel('Food name').fill(foodName);
      await donorPage.getByLabel('Description').fill('Veg biryani from the wedding lunch, in foil trays');
      await donorPage.getByLabel('Quantity').fill('60 plates');
      await donorPage.getByLabel('Pickup Address').fill('7 FC Road, Shivajinagar, Pune 411004');
      await donorPage.getByRole('radio', { name: 'Yes', exact: true }).check();
      await answerCookedFoodFacts(donorPage);
      const portions = donorPage.getByRole('group', { name: 'Share in portions (optional)' });
      await portions.getByRole('checkbox', { name: 'Share in portions among several receivers' }).check();
      await portions.getByLabel('Number of portions').fill('60');
      await portions.getByRole('combobox', { name: 'Unit' }).click();
      await donorPage.getByRole('option', { name: 'plates' }).click();
      await portions.getByLabel('Most per request (optional)').fill('20');
      await portions.getByRole('checkbox', { name: 'Accept requests automatically, in the order they come' }).check();
      await expect(portions.getByLabel('Hold for verified organisations for the first … minutes')).toBeVisible();
      await expectNoTruncationOrSideScroll(donorPage);
      await expectAccessible(donorPage);
      await portions.scrollIntoViewIfNeeded();
      await donorPage.screenshot({ path: test.info().outputPath('portions-1-donate-form.png') });
      await donorPage.getByRole('button', { name: 'Donate', exact: true }).click();
      await expect(donorPage.getByRole('heading', { name: 'Your food is listed' })).toBeVisible();
      await expect(donorPage.getByTestId('portions-left').first()).toHaveText('60 of 60 plates left');
      await shot(donorPage, '2-listed');
      const link = await donorPage.getByRole('link', { name: 'Open its page' }).getAttribute('href');
      donationId = Number(/\/request-donation\/(\d+)/.exec(link ?? '')?.[1]);
      expect(donationId).toBeGreaterThan(0);
    });

    // Two receivers take 20 each through the API; accepted by themselves, in order.
    const firstRequest = await askFor(request, first, donationId, 20);
    expect(firstRequest.status).toBe('AWAITING_PICKUP');
    expect((await askFor(request, second, donationId, 20)).status).toBe('AWAITING_PICKUP');

    const [thirdSide, fourthSide] = await Promise.all([devicePage(browser, PHONE, third), devicePage(browser, PHONE, fourth)]);
    contexts.push(thirdSide.context, fourthSide.context);
    const [thirdPage, fourthPage] = [thirdSide.page, fourthSide.page];

    await test.step('the third receiver takes the last 20 on the page', async () => {
      await thirdPage.goto(`/request-donation/${donationId}`);
      await expect(thirdPage.getByRole('heading', { level: 1, name: foodName })).toBeVisible();
      await expect(thirdPage.getByTestId('portions-left')).toHaveText('20 of 60 plates left');
      await expect(thirdPage.getByTestId('fair-share-rule')).toHaveText(
        'To reach more people, one account can take at most 20 portions in 24 hours (200 for a verified organisation).',
      );
      const howMany = thirdPage.getByLabel('How many?');
      await howMany.fill('20');
      await expectNoTruncationOrSideScroll(thirdPage);
      await expectAccessible(thirdPage);
      await shot(thirdPage, '3-how-many');
      await thirdPage.getByRole('button', { name: 'Request This Donation' }).click();
      await expect(thirdPage).toHaveURL(/\/my-order/);
      const order = thirdPage.getByRole('article', { name: new RegExp(`^${foodName}`) });
      await expect(order).toContainText('Accepted: 20 plates');
    });

    await test.step('nothing is left: the fourth receiver joins the waitlist', async () => {
      await fourthPage.goto(`/request-donation/${donationId}`);
      await expect(fourthPage.getByTestId('portions-left')).toHaveText('None of 60 plates left');
      const join = fourthPage.getByTestId('waitlist-join');
      await expect(join).toContainText('Nothing is left just now. Join the waitlist');
      await join.getByLabel('How many do you want?').fill('5');
      await join.getByRole('button', { name: 'Join the waitlist' }).click();
      await expect(fourthPage.getByRole('heading', { name: 'You are number 1 in line' })).toBeVisible();
      await expect(fourthPage.getByRole('button', { name: 'Leave the waitlist' })).toBeVisible();
      await expectNoTruncationOrSideScroll(fourthPage);
      await expectAccessible(fourthPage);
      await shot(fourthPage, '4-in-line');
      // The donor's list says how many wait in line.
      await donorPage.goto(`/my-received-requests?donation=${donationId}`);
      await expect(donorPage.getByTestId('waiting-in-line')).toHaveText('1 person waiting in line');
      await expect(donorPage.getByTestId('portions-left').first()).toHaveText('None of 60 plates left');
      await shot(donorPage, '4b-donor-waiting');
    });

    await test.step('the first receiver cancels; the offer appears live on the open page, and is taken', async () => {
      const cancelled = await request.post(`/api/requests/${firstRequest.id}/cancel`, { headers: auth(first) });
      expect(cancelled.status(), await cancelled.text()).toBe(200);
      // No reload: the WAITLIST notification on the live stream brings the offer.
      const offer = fourthPage.getByTestId('waitlist-offer');
      await expect(offer).toBeVisible({ timeout: 30_000 });
      await expect(offer.getByRole('heading', { level: 2 })).toHaveText(/^5 plates are yours until \d{1,2}:\d{2} [ap]m$/);
      await expectNoTruncationOrSideScroll(fourthPage);
      await expectAccessible(fourthPage);
      await shot(fourthPage, '5-offer');
      await offer.getByRole('button', { name: 'Take them' }).click();
      await expect(fourthPage).toHaveURL(/\/my-order/);
      const order = fourthPage.getByRole('article', { name: new RegExp(`^${foodName}`) });
      await expect(order).toContainText('Accepted: 5 plates');
      await expect(order).toContainText(/Collect by \d{1,2}:\d{2} [ap]m/);
      await expect(
        order
          .getByRole('button', { name: /pickup code/i })
          .or(order.getByText(/pickup code/i))
          .first(),
      ).toBeVisible();
      await expectNoTruncationOrSideScroll(fourthPage);
      await shot(fourthPage, '6-my-orders');
    });

    await test.step("the donor's lists show each receiver's share and what is left", async () => {
      await donorPage.goto(`/my-received-requests?donation=${donationId}`);
      await expect(donorPage.getByRole('article', { name: `Request for ${foodName} from ${fourth.fullName}` })).toContainText('Accepted: 5 plates');
      await expect(donorPage.getByRole('article', { name: `Request for ${foodName} from ${third.fullName}` })).toContainText('Asked for 20 plates');
      // The cancelled request's plates went back: it shows what was asked, not what it once held.
      await expect(donorPage.getByRole('article', { name: `Request for ${foodName} from ${first.fullName}` })).not.toContainText('Accepted:');
      await expectNoTruncationOrSideScroll(donorPage);
      await expectAccessible(donorPage);
      await shot(donorPage, '7-received');
      await donorPage.goto(`/request-donation/${donationId}`);
      await expect(donorPage.getByTestId('portions-left')).toHaveText('15 of 60 plates left');
      await shot(donorPage, '8-donor-detail');
    });

    await test.step('the help page says the fair-share rule and why, with the real figures', async () => {
      await fourthPage.goto('/ContactHelpForm');
      const help = fourthPage.getByTestId('fair-share-help');
      await expect(help.getByRole('heading', { level: 2, name: 'Fair shares and the waitlist' })).toBeVisible();
      await expect(help).toContainText('One account can take at most 20 portions in any 24 hours (200 for a verified organisation).');
      await expect(help).toContainText('who has 10 minutes to take them');
      await expectNoTruncationOrSideScroll(fourthPage);
      await help.scrollIntoViewIfNeeded();
      await fourthPage.screenshot({ path: test.info().outputPath('portions-9-help.png') });
    });
  });
});
