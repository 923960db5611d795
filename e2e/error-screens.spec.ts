import { expect, test } from './support/test';

/*
 * Issue 30: a screen whose code cannot be fetched (a lost connection in the installed app) says
 * the connection is the problem, with what Chromium itself reports for a failed import; the top
 * bar stays and Home leads on. (The other error screens are route tests: apps/web/test/error-screens*.)
 */
for (const size of [
  { width: 1280, height: 800 },
  { width: 360, height: 740 },
]) {
  test(`at ${size.width}x${size.height}: a screen whose code cannot be fetched says the connection is the problem`, async ({ page }) => {
    await page.setViewportSize(size);
    await page.goto('/about');
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    // The statistics screen's chunk cannot be fetched, as with no signal.
    await page.route(/\/assets\/statistics-page-[^/]+\.js$/, (route) => route.abort('internetdisconnected'));
    await page.evaluate(() => {
      window.history.pushState({}, '', '/stats');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'No connection' })).toBeVisible();
    await expect(main.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
    await main.getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(main.getByRole('heading', { level: 1, name: 'No connection' })).toHaveCount(0);
  });
}
