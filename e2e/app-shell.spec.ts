import { expect, test } from './support/test';

test('the server serves the web app and its client-side routes', async ({ page }) => {
  const response = await page.goto('/about');
  expect(response?.status()).toBe(200);
  // The screen's own title shows the client-side route was rendered, not just served.
  await expect(page).toHaveTitle('About us · Annadaan');
});
