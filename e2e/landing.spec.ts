import { type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible, toast } from './support/accounts';
import { registerPerson, useSession } from './support/scenario';
import { expect, test } from './support/test';

const DETECTED = 'Shivaji Nagar, Pune, Maharashtra 411005, India';

/** Registers a fresh receiver and puts its token where the app keeps the session. */
async function startSession(page: Page, request: APIRequestContext) {
  await useSession(page, await registerPerson(request, 'RECEIVER'));
}

function locationInput(page: Page) {
  return page.getByRole('textbox', { name: 'Your location' });
}

function hero(page: Page) {
  return page.getByRole('region', { name: 'Save Food, Save Lives' });
}

test.describe('with location access', () => {
  test.use({ permissions: ['geolocation'], geolocation: { latitude: 18.53, longitude: 73.85 } });

  test('pre-fills the detected address once', async ({ page }) => {
    // The server's reverse geocoder calls a public maps service this machine cannot reach.
    await page.route('**/api/geo/reverse?**', (route) => route.fulfill({ json: { address: DETECTED, pinCode: '411005' } }));
    await page.goto('/');
    await expect(locationInput(page)).toHaveValue(DETECTED);
  });
});

test('without location access it says so only when asked; an address without a pin code shows the error and stays', async ({ page }) => {
  await page.goto('/');
  await expect(hero(page).getByRole('button', { name: 'Use my current location' })).toBeVisible();
  await expect(hero(page).getByText(/Unable to retrieve your location/)).toHaveCount(0);
  await hero(page).getByRole('button', { name: 'Use my current location' }).click();
  await expect(hero(page).getByText(/^Unable to retrieve your location: /)).toBeVisible();
  await locationInput(page).fill('MG Road, Bengaluru');
  await hero(page).getByRole('button', { name: 'Get Started' }).click();
  await expect(hero(page).getByText('A valid 6-digit pin code is required in your address.')).toBeVisible();
  await expect(locationInput(page)).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/$/);

  // Editing clears the error.
  await locationInput(page).fill('MG Road, Bengaluru 560001');
  await expect(hero(page).getByText('A valid 6-digit pin code is required in your address.')).toBeHidden();
  await expect(locationInput(page)).not.toHaveAttribute('aria-invalid', 'true');
});

test('with a pin code and no session: "Please login first." then /signin', async ({ page }) => {
  await page.goto('/');
  await locationInput(page).fill('MG Road, Bengaluru 560001');
  await hero(page).getByRole('button', { name: 'Donate Food' }).click();
  await expect(toast(page, 'Please login first.')).toBeVisible();
  await expect(page).toHaveURL(/\/signin$/);
});

test('with a session the three buttons go to their screens', async ({ page, request }) => {
  await startSession(page, request);
  for (const [name, url] of [
    ['Get Started', /\/home2$/],
    ['Request Food', /\/BrowseDonations$/],
    ['Donate Food', /\/DonateForm$/],
  ] as const) {
    await page.goto('/');
    await locationInput(page).fill('Koramangala, Bengaluru 560034');
    await hero(page).getByRole('button', { name }).click();
    await expect(page).toHaveURL(url);
  }
});

test('category tiles go to /signin without a session, with the login tooltip', async ({ page }) => {
  await page.goto('/');
  const tile = page.getByRole('link', { name: /^Packed Meals/ });
  await tile.hover();
  await expect(page.getByRole('tooltip', { name: 'Login to Browse Donations' })).toBeVisible();
  await tile.click();
  await expect(page).toHaveURL(/\/signin$/);
});

test('category tiles go to /BrowseDonations with a session', async ({ page, request }) => {
  await startSession(page, request);
  await page.goto('/');
  const tile = page.getByRole('link', { name: /^Fresh Produce/ });
  await tile.focus();
  await expect(page.getByRole('tooltip', { name: 'Browse Donations' })).toBeVisible();
  await tile.click();
  await expect(page).toHaveURL(/\/BrowseDonations$/);
});

test('the charts and the Facts & Stats strip load from the server when scrolled to; the page passes axe', async ({ page }) => {
  const pieCall = page.waitForResponse((response) => response.url().includes('/api/analytics/statistics/food-waste-sources?region=India&year=2024'));
  await page.goto('/');
  // By role: the strip's second copy (for a seamless loop) is hidden from assistive technology.
  const facts = page.getByRole('region', { name: 'Facts & Stats' }).getByRole('listitem');
  await expect(facts.filter({ hasText: /^Global Crisis: 67\.3 crore people go hungry/ })).toBeVisible();
  await expect(facts.filter({ hasText: /^India's Reality: 17 crore people go hungry and 19\.6 crore tonnes/ })).toBeVisible();
  // Consumer-level waste only, never above India's population (issue 11).
  await expect(facts.filter({ hasText: /^The food India's homes, restaurants and shops waste each day could feed 71\.3 crore people/ })).toBeVisible();

  await page.getByRole('heading', { name: 'Where food is wasted in India, 2024' }).scrollIntoViewIfNeeded();
  expect((await pieCall).status()).toBe(200);
  const pie = page.getByTestId('waste-pie');
  // 78.1 of 196.08 million tonnes: 7.8 crore.
  await expect(pie.getByText('Households: 7.8 crore tonnes (39.8%)')).toBeVisible();
  await expect(pie.locator('.recharts-pie-sector')).toHaveCount(4);
  await expect(pie.locator('svg text').filter({ hasText: '39.8%' })).toBeVisible();

  await expect(page.getByText('Sample figures, 2020–2024')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Impact in numbers' })).toBeVisible();
  for (const place of ['New York', 'Malaysia', 'Pakistan', 'Kenya', 'Canada', 'India']) {
    await expect(page.getByRole('region', { name: 'Hunger hotspots' }).getByText(place, { exact: true })).toBeVisible();
  }
  await expectAccessible(page);
});

test('a failed pie chart call says so', async ({ page }) => {
  await page.route('**/api/analytics/statistics/food-waste-sources?**', (route) => route.fulfill({ status: 400, json: { message: 'No', code: 'X' } }));
  await page.goto('/');
  await page.getByRole('heading', { name: 'Where food is wasted in India, 2024' }).scrollIntoViewIfNeeded();
  await expect(page.getByText('Failed to load pie chart data.')).toBeVisible();
});

test('a failed stats call shows the Facts & Stats failure text', async ({ page }) => {
  await page.route('**/api/analytics/statistics/summary?**', (route) => route.fulfill({ status: 400, json: { message: 'No', code: 'X' } }));
  await page.goto('/');
  await expect(page.getByText('Unable to load stats. Please try again later.')).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the chart library is not fetched until the charts come near the screen', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/');
    await expect(locationInput(page)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Facts & Stats' }).getByRole('listitem').first()).toBeVisible();
    expect(scripts.filter((name) => /CategoricalChart|BarChart|PieChart/.test(name))).toEqual([]);

    await page.getByRole('heading', { name: 'Where food is wasted in India, 2024' }).scrollIntoViewIfNeeded();
    await expect(page.getByTestId('waste-pie')).toBeVisible();
    expect(scripts.some((name) => /CategoricalChart/.test(name))).toBe(true);
  });
});
