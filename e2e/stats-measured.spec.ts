import { chooseLanguage } from './support/language';
import { expect, test } from './support/test';

/*
 * Issue 29 item 12: /stats repeated 2022's food waste for 2023-2025 as if measured, headlined a
 * yearly growth rate over those repeats, and wrote "170.4M" where lakh and crore were promised.
 */
const spaced = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

test('on a desktop: /stats says what is measured and what is carried forward, in crore, in English and Hindi', async ({ page }) => {
  const main = page.getByRole('main');
  await page.goto('/stats');
  const card = (name: string) => main.getByRole('article', { name });
  await expect.poll(async () => spaced(await card('Hungry people (2025)').textContent())).toContain('17 crore');
  await expect.poll(async () => spaced(await card('Food wasted (2025)').textContent())).toContain('19.6 crore t');
  await expect(main.getByText(/\d(\.\d)?M\b/)).toHaveCount(0);
  await expect(main.getByTestId('measured-note')).toHaveText(
    'Measured up to 2023 for hunger and 2022 for food waste; later years repeat those figures (carried forward), as nothing newer is published.',
  );
  // The yearly change leaves the repeated years out: hunger 2020-2023, food waste 2020-2022.
  await expect(card('Yearly change (measured years)')).toContainText('hunger 2020–2023 / food waste 2020–2022');

  const rows = main.getByRole('table', { name: 'Yearly data' }).locator('tbody tr');
  await expect(rows.filter({ hasText: /^2022/ })).not.toContainText('carried forward');
  await expect(rows.filter({ hasText: /^2023/ }).locator('td').nth(1)).not.toContainText('carried forward');
  await expect(rows.filter({ hasText: /^2023/ }).locator('td').nth(2)).toContainText('196.08 (carried forward)');
  await expect(rows.filter({ hasText: /^2025/ }).locator('td').nth(1)).toContainText('170.45 (carried forward)');
  await expect(main.getByText('* Carried forward: no newer figure is published, so the last measured one is repeated.').first()).toBeVisible();

  await chooseLanguage(page, { phone: false }, 'हिन्दी');
  await expect.poll(async () => spaced(await main.getByRole('article', { name: 'भूखे लोग (2025)' }).textContent())).toContain('17 करोड़');
  await expect(main.getByTestId('measured-note')).toContainText('भूख के आँकड़े 2023 तक और खाने की बर्बादी के 2022 तक मापे गए हैं');
  await expect(main.getByRole('table').locator('tbody tr').filter({ hasText: /^2024/ })).toContainText('आगे बढ़ाया गया');
});
