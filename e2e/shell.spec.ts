import { expectAccessible } from './support/accounts';
import { expect, test } from './support/test';

test('the anonymous bar, footer and skip link; /terms lists the five terms', async ({ page }) => {
  await page.goto('/terms');
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('link', { name: 'Annadaan' })).toHaveAttribute('href', '/');
  await expect(banner.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect(banner.getByRole('link', { name: 'Sign Up' })).toBeVisible();
  await expect(banner.getByRole('link', { name: 'Stats' })).toBeVisible();
  const footer = page.getByRole('contentinfo');
  for (const name of ['About Us', 'Source', 'Contact & Help', 'T&C']) await expect(footer.getByRole('link', { name })).toBeVisible();
  await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(5);
  await expectAccessible(page);

  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the burger opens a full-screen menu with Sign In, Sign Up and Stats', async ({ page }) => {
    await page.goto('/signin');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    for (const name of ['Sign In', 'Sign Up', 'Stats']) await expect(menu.getByRole('link', { name })).toBeVisible();
    await expectAccessible(page);
    await menu.getByRole('link', { name: 'Sign Up' }).click();
    await expect(page).toHaveURL(/\/signup$/);
    await expect(menu).toBeHidden();
  });
});
