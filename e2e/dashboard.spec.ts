import { type Page } from '@playwright/test';
import { expectAccessible } from './support/accounts';
import { donate, handOver, postFoodNeed, rate, registerPerson, requestDonation, tag, useSession } from './support/scenario';
import { expect, test } from './support/test';

function counter(page: Page, name: string) {
  return page.getByRole('article', { name, exact: true });
}

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name, exact: true }).click();
  await expect(page.getByRole('tab', { name, exact: true })).toHaveAttribute('aria-selected', 'true');
}

test('the dashboard shows exactly what a donor did: donations, handovers, ratings both ways and a food need', async ({ page, request }) => {
  const donor = await registerPerson(request, 'DONOR', { fullName: `Meera Dash ${tag()}`, location: 'Kothrud, Pune 411038' });
  const ravi = await registerPerson(request, 'RECEIVER');
  const sana = await registerPerson(request, 'RECEIVER');

  // Three donations: two handed over and rated, one still requested.
  const rice = await donate(request, donor, 'Veg pulao');
  const roti = await donate(request, donor, 'Roti sabzi');
  const idli = await donate(request, donor, 'Idli sambar');
  const first = await requestDonation(request, ravi, rice.id);
  await handOver(request, donor, ravi, first.id);
  const second = await requestDonation(request, sana, roti.id);
  await handOver(request, donor, sana, second.id);
  await requestDonation(request, ravi, idli.id);
  await rate(request, ravi, first.id, 5);
  await rate(request, sana, second.id, 3);
  await rate(request, donor, first.id, 4);
  await postFoodNeed(request, donor, 12);

  await useSession(page, donor);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: `Welcome back, ${donor.fullName}!` })).toBeVisible();
  await expect(page.getByText('Kothrud, Pune 411038')).toBeVisible();
  await expect(page.getByRole('tab')).toHaveText([
    'Overview',
    'Analytics',
    'Activities',
    'Achievements',
    'Rating Stats',
    'Food Requests',
    'Global Impact',
    'Top Donors',
    'Available Donations',
  ]);

  await test.step('Overview: the four counters and the recent lists', async () => {
    await expect(counter(page, 'Total Donations')).toContainText('3');
    // One need posted, no requests on others' food.
    await expect(counter(page, 'Food Requests')).toContainText('1');
    await expect(counter(page, 'Ratings Given')).toContainText('1');
    await expect(counter(page, 'Ratings Received')).toContainText('2');
    const recentDonations = page.getByRole('region', { name: 'Recent donations' });
    await expect(recentDonations.getByRole('listitem')).toHaveCount(3);
    await expect(recentDonations).toContainText('Idli sambar');
    await expect(page.getByRole('region', { name: 'Recent requests' })).toContainText('No requests yet');
    await expect(page.getByRole('region', { name: 'Donations trend' })).not.toContainText('No donation data available');
    await expectAccessible(page);
  });

  await test.step('Activities: the donations table', async () => {
    await openTab(page, 'Activities');
    const table = page.getByRole('table', { name: 'My donations' });
    await expect(table.getByRole('columnheader')).toHaveText(['Food Name', 'Quantity', 'Status', 'Created', 'Location']);
    await expect(table.locator('tbody tr')).toHaveCount(3);
    await expect(table.getByRole('row', { name: /Veg pulao/ })).toContainText('Completed');
    // A request alone does not take a donation off the list; acceptance does.
    await expect(table.getByRole('row', { name: /Idli sambar/ })).toContainText('Available');
  });

  await test.step('Achievements: First Donation only; bars at 15% and 20%', async () => {
    await openTab(page, 'Achievements');
    await expect(page.getByRole('article', { name: 'First Donation' })).toContainText('Unlocked');
    await expect(page.getByRole('article', { name: 'Helping Hand' })).toContainText('Locked');
    await expect(page.getByRole('article', { name: 'Active Rater' })).toContainText('Locked');
    await expect(page.getByRole('progressbar', { name: 'Donations progress' })).toHaveAttribute('aria-valuenow', '15');
    await expect(page.getByRole('progressbar', { name: 'Engagement progress' })).toHaveAttribute('aria-valuenow', '20');
    await expectAccessible(page);
  });

  await test.step('Rating Stats: average 4 of 2 ratings, one five-star and one three-star', async () => {
    await openTab(page, 'Rating Stats');
    await expect(page.getByRole('article', { name: 'Average rating' })).toContainText('4 / 5');
    await expect(page.getByRole('article', { name: 'Total ratings' })).toContainText('2');
    const stars = page.getByRole('region', { name: 'Ratings received by stars' }).getByRole('listitem');
    await expect(stars).toHaveText([/5 stars\s*1/, /4 stars\s*0/, /3 stars\s*1/, /2 stars\s*0/, /1 star\s*0/]);
  });

  await test.step('Food Requests: the need for 12 people; a reload keeps the tab', async () => {
    await openTab(page, 'Food Requests');
    await expect(page).toHaveURL(/\?tab=food-requests$/);
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Food Requests' })).toHaveAttribute('aria-selected', 'true');
    const table = page.getByRole('table', { name: 'My food requests' });
    await expect(table.getByRole('columnheader')).toHaveText(['Food Type', 'People', 'Status', 'Location', 'Created']);
    await expect(table.locator('tbody tr')).toHaveCount(1);
    await expect(table.locator('tbody tr')).toContainText(['Raw']);
    await expect(table.locator('tbody tr td').nth(1)).toHaveText('12');
    await expect(table.locator('tbody tr')).toContainText('Open');
  });

  await test.step('Top Donors: two completed handovers, and Idli sambar still listed', async () => {
    await openTab(page, 'Top Donors');
    const row = page.getByRole('row', { name: new RegExp(donor.fullName) });
    // Top donors show a city, never a street address (issue 12).
    await expect(row.getByRole('cell')).toHaveText([donor.fullName, '2', 'Pune', 'Yes']);
    await expectAccessible(page);
  });

  await test.step('Global Impact: India and the latest year the data has', async () => {
    await openTab(page, 'Global Impact');
    await expect(page.getByText(/^India, 20\d\d$/)).toBeVisible();
    await expect(page.getByRole('article', { name: 'Hungry people' })).toContainText('crore');
  });

  await test.step('Available Donations: fetched when the tab opens', async () => {
    const fetched = page.waitForResponse((response) => response.url().includes('/api/browse/donations'));
    await openTab(page, 'Available Donations');
    await fetched;
    await expect(page.getByRole('table', { name: 'Available donations' }).getByRole('columnheader')).toHaveText([
      'Food Name',
      'Description',
      'Quantity',
      'Location',
      'Status',
      'Created',
    ]);
    await expectAccessible(page);
  });
});

test('a new account sees zeros and the empty texts on every personal tab', async ({ page, request }) => {
  const person = await registerPerson(request, 'RECEIVER', { fullName: `Nikhil ${tag()}` });
  await useSession(page, person);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: `Welcome back, ${person.fullName}!` })).toBeVisible();
  for (const name of ['Total Donations', 'Food Requests', 'Ratings Given', 'Ratings Received']) {
    await expect(counter(page, name).getByTestId('counter-value')).toHaveText('0');
  }
  await expect(page.getByText('No donation data available')).toBeVisible();
  await expect(page.getByText('No donations yet')).toBeVisible();
  await expect(page.getByText('No requests yet')).toBeVisible();
  await expectAccessible(page);

  await openTab(page, 'Analytics');
  await expect(page.getByText('No donation data available')).toBeVisible();
  await expect(page.getByText('No request data available')).toBeVisible();
  await expectAccessible(page);

  await openTab(page, 'Achievements');
  await expect(page.getByText('Unlocked')).toHaveCount(0);
  await expect(page.getByRole('progressbar', { name: 'Donations progress' })).toHaveAttribute('aria-valuenow', '0');

  await openTab(page, 'Rating Stats');
  await expect(page.getByText('No rating statistics available.')).toBeVisible();
  await openTab(page, 'Food Requests');
  await expect(page.getByText('No food requests found.')).toBeVisible();
});

test('the main data failing says so; Available Donations failing says so inline', async ({ page, request }) => {
  const person = await registerPerson(request, 'RECEIVER');
  await useSession(page, person);
  await page.route('**/api/analytics/user/summary', (route) => route.fulfill({ status: 500, json: { message: 'Something went wrong.', code: 'INTERNAL' } }));
  await page.route('**/api/browse/donations*', (route) => route.fulfill({ status: 500, json: { message: 'Something went wrong.', code: 'INTERNAL' } }));
  await page.goto('/dashboard');
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to load dashboard data. Please try again.' }).first()).toBeVisible();

  await page.unroute('**/api/analytics/user/summary');
  await page.getByRole('button', { name: 'Try again' }).click();
  await openTab(page, 'Available Donations');
  await expect(page.getByText('Failed to load available donations.')).toBeVisible();
});
