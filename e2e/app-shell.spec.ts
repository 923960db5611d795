import { expect, test } from './support/test';

test('the server serves the web app and its client-side routes', async ({ page }) => {
  const response = await page.goto('/about');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle('Annadaan · Save Food, Save Lives');
});
