import type { Page } from '@playwright/test';

/**
 * The donate form's questions about cooked food (issue 16), answered as a donor would: diet,
 * allergens ("None known" unless some are given), a cooking time `minutesAgo` before now in the
 * browser's own time, and every point of the safety checklist.
 */
export async function answerCookedFoodFacts(page: Page, { diet = 'Veg', allergens = [] as string[], minutesAgo = 30 } = {}) {
  await page.getByRole('radio', { name: diet, exact: true }).check();
  if (allergens.length === 0) await page.getByRole('checkbox', { name: 'None known' }).check();
  for (const allergen of allergens) await page.getByRole('checkbox', { name: allergen, exact: true }).check();
  const cooked = await page.evaluate((minutes) => {
    const at = new Date(Date.now() - minutes * 60_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
  }, minutesAgo);
  await page.getByLabel('When was it cooked?').fill(cooked);
  for (const point of ['Kept covered', 'Kept hot or refrigerated', 'No leftovers from plates']) {
    await page.getByRole('checkbox', { name: point }).check();
  }
}
