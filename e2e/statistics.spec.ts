import fs from 'node:fs/promises';
import { type Locator, type Page } from '@playwright/test';
import { expectAccessible } from './support/accounts';
import { expect, test } from './support/test';

const CSV_HEADER = 'Year,Hunger,Food Waste,Households,Food Services,Retail,Post-Harvest & Agriculture';

function card(page: Page, name: string | RegExp) {
  return page.getByRole('article', { name });
}

function table(page: Page) {
  return page.getByRole('table', { name: 'Yearly data' });
}

/** The body rows' cells as text, one array per row. */
async function tableCells(table: Locator): Promise<string[][]> {
  return table.locator('tbody tr').evaluateAll((rows) => rows.map((row) => Array.from(row.querySelectorAll('td'), (cell) => cell.textContent?.trim() ?? '')));
}

async function firstColumn(page: Page) {
  return (await tableCells(table(page))).map((row) => row[0]);
}

test('defaults to India 2020-2025 and updates the cards and the table when the filters change', async ({ page }) => {
  await page.goto('/stats');
  await expect(page.getByRole('heading', { level: 1, name: 'Hunger and Food Waste Statistics' })).toBeVisible();
  await expect(page.getByLabel('Region')).toHaveValue('India');
  await expect(page.getByLabel('Start year')).toHaveValue('2020');
  await expect(page.getByLabel('End year')).toHaveValue('2025');
  await expect(page.getByLabel('Data type')).toHaveValue('both');

  await expect(card(page, 'Food wasted (2025)')).toContainText('19.6 crore t');
  expect(await firstColumn(page)).toEqual(['2020', '2021', '2022', '2023', '2024', '2025']);
  await expect(table(page).locator('tbody tr').first()).toContainText('191.9');

  // Each change fires the four calls together.
  const calls = ['yearly', 'summary', 'daily-comparison', 'food-waste-sources'].map((name) =>
    page.waitForResponse((response) => response.url().includes(`/api/analytics/statistics/${name}?`) && response.url().includes('region=Global')),
  );
  await page.getByLabel('Region').selectOption('Global');
  await Promise.all(calls);
  await expect(card(page, 'Hungry people (2025)')).toContainText('67.3 crore');
  await expect(card(page, 'Food wasted (2025)')).toContainText('236.2 crore t');
  await expect(table(page).locator('tbody tr').first()).toContainText('619');

  await page.getByLabel('Start year').selectOption('2015');
  await page.getByLabel('End year').selectOption('2022');
  await expect(card(page, 'Hungry people (2022)')).toContainText('69.5 crore');
  await expect.poll(() => firstColumn(page)).toEqual(['2015', '2016', '2017', '2018', '2019', '2020', '2021', '2022']);
  await expect(page.getByRole('heading', { name: 'Daily impact analysis (Global, 2022)' })).toBeVisible();

  // End-year options never come before the start year; a later start pulls the end year along.
  await page.getByLabel('Start year').selectOption('2024');
  await expect(page.getByLabel('End year')).toHaveValue('2024');
  await expect(page.getByLabel('End year').locator('option')).toHaveText(['2024', '2025']);

  // Hunger only: food waste cells are empty and the trend chart has nothing to draw.
  await page.getByLabel('Data type').selectOption('hunger');
  await expect(table(page).locator('tbody tr').first()).toContainText('—');
  await expect(page.getByRole('region', { name: 'Food waste trend by source' })).toContainText('No data to display');
  await expect(page.getByRole('heading', { name: 'Key insights' })).toBeVisible();
});

test('sorts the table by year, hunger and food waste in both directions', async ({ page }) => {
  await page.goto('/stats');
  const yearHeader = page.getByRole('columnheader', { name: /^Year/ });
  const hungerHeader = page.getByRole('columnheader', { name: /^Hunger/ });
  const wasteHeader = page.getByRole('columnheader', { name: /^Food Waste/ });
  await expect(yearHeader).toHaveAttribute('aria-sort', 'ascending');

  await yearHeader.getByRole('button').click();
  await expect(yearHeader).toHaveAttribute('aria-sort', 'descending');
  expect(await firstColumn(page)).toEqual(['2025', '2024', '2023', '2022', '2021', '2020']);

  // India: 191.9, 193.25, 194.6, then 170.45 for 2023-2025 (ties keep year order).
  await hungerHeader.getByRole('button').click();
  await expect(hungerHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(yearHeader).toHaveAttribute('aria-sort', 'none');
  expect(await firstColumn(page)).toEqual(['2023', '2024', '2025', '2020', '2021', '2022']);
  await hungerHeader.getByRole('button').click();
  await expect(hungerHeader).toHaveAttribute('aria-sort', 'descending');
  expect(await firstColumn(page)).toEqual(['2022', '2021', '2020', '2023', '2024', '2025']);

  // Food waste: 184.28, 190.19, then 196.08 from 2022 on. Keyboard works too.
  await wasteHeader.getByRole('button').focus();
  await page.keyboard.press('Enter');
  await expect(wasteHeader).toHaveAttribute('aria-sort', 'ascending');
  expect(await firstColumn(page)).toEqual(['2020', '2021', '2022', '2023', '2024', '2025']);
  await page.keyboard.press('Enter');
  await expect(wasteHeader).toHaveAttribute('aria-sort', 'descending');
  expect(await firstColumn(page)).toEqual(['2022', '2023', '2024', '2025', '2021', '2020']);
});

test('Export CSV downloads the table as shown: name, header row and values', async ({ page }) => {
  await page.goto('/stats');
  await page.getByLabel('Region').selectOption('Global');
  await page.getByLabel('Start year').selectOption('2018');
  await expect(card(page, 'Hungry people (2025)')).toContainText('67.3 crore');
  await expect.poll(() => firstColumn(page)).toEqual(['2018', '2019', '2020', '2021', '2022', '2023', '2024', '2025']);
  await page
    .getByRole('columnheader', { name: /^Hunger/ })
    .getByRole('button')
    .click();
  await page
    .getByRole('columnheader', { name: /^Hunger/ })
    .getByRole('button')
    .click();
  await expect(page.getByRole('columnheader', { name: /^Hunger/ })).toHaveAttribute('aria-sort', 'descending');

  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe('Global_hunger_food_waste_data.csv');
  const text = await fs.readFile(await download.path(), 'utf8');
  const [header, ...lines] = text.trimEnd().split('\r\n');
  expect(header).toBe(CSV_HEADER);

  const cells = await tableCells(table(page));
  expect(lines).toHaveLength(cells.length);
  // The table groups digits (2,362) and marks carried-forward figures (issue 29); the CSV holds the plain numbers.
  const plain = (cell: string) => Number(cell.replace(' (carried forward)', '').replaceAll(',', ''));
  expect(lines.map((line) => line.split(',').map(Number))).toEqual(cells.map((row) => row.map(plain)));
  expect(lines[0]?.startsWith('2022,695,2362,')).toBe(true);
});

test('the statistics, about and source pages pass axe; /source shows the formulas and every value with its source', async ({ page }) => {
  // Nothing on the page breaks the Content-Security-Policy (zod's eval probe did, issue 18).
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.sourceFile}:${event.lineNumber}`));
  });
  await page.goto('/stats');
  await expect(page.getByRole('table', { name: 'Yearly data' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Hunger and food waste over time' }).locator('svg').first()).toBeVisible();
  await expectAccessible(page);
  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);

  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1, name: 'About Annadaan' })).toBeVisible();
  await expectAccessible(page);

  await page.goto('/source');
  await expect(page.getByRole('heading', { level: 1, name: 'Sources and formulas' })).toBeVisible();
  await expect(page.getByText('min(population, floor((households + food services + retail waste) in tonnes x 1000 / 365 / 0.5))')).toBeVisible();
  const provenance = page.getByRole('table', { name: 'Every value and its source' });
  // 11 years x 6 measures per region.
  await expect(provenance.locator('tbody tr')).toHaveCount(66);
  await page.getByLabel('Region').selectOption('Global');
  await expect(provenance.locator('tbody tr').filter({ hasText: '673 million people' }).first()).toBeVisible();
  await expectAccessible(page);
});
