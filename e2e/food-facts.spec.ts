import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { expectAccessible } from './support/accounts';
import { answerCookedFoodFacts } from './support/food-facts';
import { PHONE_VIEWPORT, expectNoTruncationOrSideScroll } from './support/layout';
import { type Person, registerPerson, signedInContext, tag } from './support/scenario';
import { expect, test } from './support/test';

/*
 * Issue 16, what a donation says about the food: the donor's form asks diet, Jain, allergens
 * ("None known" is an answer), the cooking time and the safety checklist for cooked food; a
 * receiver sees the marks, always with words, on the card and the detail page; Browse's
 * "Veg only" is one tap and stays in the URL.
 */

const SAFETY = ['KEPT_COVERED', 'KEPT_HOT_OR_COLD', 'NO_PLATE_LEFTOVERS'];

async function donateCooked(request: APIRequestContext, donor: Person, foodName: string, facts: Record<string, unknown>) {
  const response = await request.post('/api/donations', {
    headers: { authorization: `Bearer ${donor.token}` },
    data: { foodName, description: 'Packed in boxes', quantity: '4 boxes', location: 'Aundh, Pune 411007', refrigerationAvailable: false, ...facts },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** Signed in, the way people reach Browse: Home, then "Request Food". */
async function openBrowse(page: Page) {
  await page.goto('/home2');
  await page.getByRole('link', { name: 'Request Food' }).click();
  await expect(page.getByRole('heading', { name: 'Browse Available Donations', level: 1 })).toBeVisible();
}

/** A donation's card on Browse: an article named by the food (its name is the link to the detail). */
const card = (page: Page, foodName: string) => page.getByRole('article', { name: foodName, exact: true });

// On a phone, with axe and the layout check on each state; the laptop's runs are route tests
// (apps/web/test/food-facts.route.test.tsx).
const viewport = PHONE_VIEWPORT;

test.describe('food facts on phone', () => {
  let contexts: BrowserContext[] = [];

  test.afterEach(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    contexts = [];
  });

  test('a donor states what the cooked food is; a receiver sees the marks, allergens, cooking time and checklist', async ({ browser, request }) => {
    // Two people's whole journey with three accessibility scans of a long form: more than the default minute under load.
    test.slow();
    const donor = await registerPerson(request, 'DONOR', { fullName: 'Sunita Donor' });
    const receiver = await registerPerson(request, 'RECEIVER', { fullName: 'Imran Receiver' });
    const foodName = `Egg curry ${tag()}`;

    const donorContext = await signedInContext(browser, donor, { viewport });
    contexts.push(donorContext);
    const donorPage = await donorContext.newPage();
    await donorPage.goto('/home2');
    await donorPage.getByRole('main').getByRole('link', { name: 'Donate Food' }).click();
    await expect(donorPage).toHaveURL(/\/DonateForm$/);
    await donorPage.getByLabel('Food name').fill(foodName);
    await donorPage.getByLabel('Description').fill('Cooked at lunch, kept hot');
    await donorPage.getByLabel('Quantity').fill('8 plates');
    await donorPage.getByLabel('Pickup Address').fill('12 ITI Road, Aundh, Pune 411007');
    await donorPage.getByRole('radio', { name: 'Yes', exact: true }).check();

    // Cooked food without its facts is not sent: each question says what it wants.
    await donorPage.getByRole('button', { name: 'Donate', exact: true }).click();
    await expect(donorPage.getByText('Choose Veg, Egg, Non-veg or Vegan for cooked food.')).toBeVisible();
    await expect(donorPage.getByText('Tick the allergens the food contains, or "None known", for cooked food.')).toBeVisible();
    await expect(donorPage.getByText('Confirm each point of the safety checklist for cooked food.')).toBeVisible();
    await expectAccessible(donorPage);

    await answerCookedFoodFacts(donorPage, { diet: 'Egg', allergens: ['Eggs', 'Milk'], minutesAgo: 120 });
    // "None known" and an allergen exclude each other.
    await donorPage.getByRole('checkbox', { name: 'None known' }).check();
    await expect(donorPage.getByRole('checkbox', { name: 'Milk', exact: true })).not.toBeChecked();
    await donorPage.getByRole('checkbox', { name: 'Eggs', exact: true }).check();
    await donorPage.getByRole('checkbox', { name: 'Milk', exact: true }).check();
    await expect(donorPage.getByRole('checkbox', { name: 'None known' })).not.toBeChecked();
    await expectAccessible(donorPage);
    await expectNoTruncationOrSideScroll(donorPage);
    await donorPage.getByRole('button', { name: 'Donate', exact: true }).click();
    await expect(donorPage.getByRole('heading', { name: 'Your food is listed' })).toBeVisible();
    await expect(donorPage.getByText('Donation submitted successfully!')).toBeVisible();

    const receiverContext = await signedInContext(browser, receiver, { viewport });
    contexts.push(receiverContext);
    const page = await receiverContext.newPage();
    await openBrowse(page);
    await page.getByLabel('Food name').fill(foodName);
    // The name filter has been applied (its one card left) before the click, so the list does not re-render under it.
    await expect(page.getByRole('link', { name: /, view details$/ })).toHaveCount(1);
    // The mark with its word on the card: never colour alone.
    const found = card(page, foodName);
    await expect(found.getByTestId('diet-mark')).toHaveText('Egg');
    await expect(found.locator('svg[data-mark="EGG"]')).toHaveCount(1);
    await found.click();

    await expect(page.getByRole('heading', { name: foodName, level: 1 })).toBeVisible();
    const row = (label: string) => page.getByRole('row', { name: new RegExp(`^${label}`) });
    await expect(row('Diet').getByTestId('diet-mark')).toHaveText('Egg');
    await expect(row('Jain-friendly')).toContainText('No');
    await expect(row('Allergens')).toContainText('Eggs, Milk');
    await expect(row('Cooked')).toContainText('Cooked 2 h ago');
    const checklist = row('Safety checklist').getByRole('list', { name: 'The donor confirmed' });
    await expect(checklist.getByRole('listitem')).toHaveText(['Kept covered', 'Kept hot or refrigerated', 'No leftovers from plates']);
    await expectAccessible(page);
    await expectNoTruncationOrSideScroll(page);
  });

  test('Browse: "Veg only" is one tap, kept in the URL, and leaves out egg, non-veg and unstated food; allergens are left out by ticking them', async ({
    browser,
    request,
  }) => {
    const donor = await registerPerson(request, 'DONOR', { fullName: 'Ravi Donor' });
    const receiver = await registerPerson(request, 'RECEIVER', { fullName: 'Lata Receiver' });
    const id = tag();
    const foods = { veg: `Veg pulao ${id}`, vegan: `Chana masala ${id}`, nonVeg: `Chicken curry ${id}`, unstated: `Lunch box ${id}` };
    const cooked = { preparedAt: new Date(Date.now() - 20 * 60_000).toISOString(), safetyChecklist: SAFETY };
    await donateCooked(request, donor, foods.veg, { ...cooked, diet: 'VEG', jain: true, allergens: ['MILK'] });
    await donateCooked(request, donor, foods.vegan, { ...cooked, diet: 'VEGAN', jain: false, allergens: [] });
    await donateCooked(request, donor, foods.nonVeg, { ...cooked, diet: 'NON_VEG', jain: false, allergens: [] });
    await donateCooked(request, donor, foods.unstated, {});

    const context = await signedInContext(browser, receiver, { viewport });
    contexts.push(context);
    const page = await context.newPage();
    await openBrowse(page);
    await page.getByLabel('Food name').fill(id);
    await expect(card(page, foods.nonVeg).getByTestId('diet-mark')).toHaveText('Non-veg');
    await expect(card(page, foods.unstated).getByTestId('diet-mark')).toHaveText('Diet not stated');
    await expect(card(page, foods.veg).getByTestId('diet-mark')).toHaveText('Veg · Jain');
    await expect(card(page, foods.vegan).getByTestId('diet-mark')).toHaveText('Vegan');

    await page.getByRole('switch', { name: 'Veg only' }).click();
    await expect(page).toHaveURL(/[?&]diet=VEG%2CVEGAN(&|$)/);
    await expect(card(page, foods.nonVeg)).toBeHidden();
    await expect(card(page, foods.unstated)).toBeHidden();
    await expect(card(page, foods.veg)).toBeVisible();
    await expect(card(page, foods.vegan)).toBeVisible();
    await expectAccessible(page);
    await expectNoTruncationOrSideScroll(page);

    // Kept on reload, as a shared link would be.
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Veg only' })).toBeChecked();
    await expect(card(page, foods.vegan)).toBeVisible();
    await expect(card(page, foods.nonVeg)).toBeHidden();

    // One more tap shows everything again.
    await page.getByRole('switch', { name: 'Veg only' }).click();
    await expect(page).not.toHaveURL(/[?&]diet=/);
    await expect(card(page, foods.nonVeg)).toBeVisible();

    // Allergens to leave out: checkboxes behind a button that names what is left out, among the
    // filters behind "Filters" (issue 29).
    await page.getByRole('button', { name: 'Filters' }).click();
    const leaveOut = page.getByRole('button', { name: /^Leave out allergens:/ });
    await expect(leaveOut).toHaveText('Leave out allergens: None');
    await expect(leaveOut).toHaveAttribute('aria-expanded', 'false');
    await leaveOut.click();
    await expect(leaveOut).toHaveAttribute('aria-expanded', 'true');
    const allergens = page.getByRole('group', { name: 'Leave out allergens' });
    await expect(allergens.getByRole('checkbox')).toHaveCount(9); // FSSAI's nine declared allergens
    // From the keyboard, as a screen-reader user would tick it.
    await allergens.getByRole('checkbox', { name: 'Milk' }).focus();
    await page.keyboard.press('Space');
    await expect(page).toHaveURL(/[?&]excludeAllergens=MILK(&|$)/);
    await expect(leaveOut).toHaveText('Leave out allergens: Milk');
    // The pulao holds milk; food that does not state its allergens cannot be vouched for.
    await expect(card(page, foods.veg)).toBeHidden();
    await expect(card(page, foods.unstated)).toBeHidden();
    await expect(card(page, foods.vegan)).toBeVisible();
    await expect(card(page, foods.nonVeg)).toBeVisible();
    await expectAccessible(page);
    await expectNoTruncationOrSideScroll(page);

    await page.reload();
    // Kept in the URL, and counted on the button that opens the filters.
    await page.getByRole('button', { name: 'Filters (1)' }).click();
    await expect(leaveOut).toHaveText('Leave out allergens: Milk');
    await expect(card(page, foods.veg)).toBeHidden();
    await leaveOut.click();
    await expect(allergens.getByRole('checkbox', { name: 'Milk' })).toBeChecked();
    await allergens.getByRole('checkbox', { name: 'Milk' }).click();
    await expect(page).not.toHaveURL(/[?&]excludeAllergens=/);
    await expect(leaveOut).toHaveText('Leave out allergens: None');
    await expect(card(page, foods.veg)).toBeVisible();
    await expect(card(page, foods.unstated)).toBeVisible();
  });
});
