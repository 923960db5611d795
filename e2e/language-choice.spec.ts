import { registerPerson } from './support/scenario';
import { expect, test } from './support/test';

/*
 * Issue 29 item 11: हिन्दी chosen on the landing page, then signing in on a desktop, brought the
 * app back in English, the account's stored language. A choice made on this device wins and is
 * kept on the account; a device where nothing was chosen still follows the account.
 */

test('on a desktop: हिन्दी chosen on the landing page stays after signing in to an English account, and the account keeps it', async ({
  page,
  request,
  browser,
}) => {
  const person = await registerPerson(request, 'RECEIVER');
  const auth = { authorization: `Bearer ${person.token}` };
  // The account's stored default is English.
  const stored = await request.put('/api/user/update-profile', { headers: auth, data: { language: 'en' } });
  expect(stored.status(), await stored.text()).toBe(200);

  const banner = page.getByRole('banner');
  const main = page.getByRole('main');
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await banner.getByRole('button', { name: 'हिन्दी' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');

  await banner.getByRole('link', { name: 'लॉगिन', exact: true }).click();
  await main.getByLabel('ईमेल').fill(person.email);
  await main.getByRole('textbox', { name: 'पासवर्ड', exact: true }).fill(person.password);
  const savedHindi = page.waitForResponse(
    async (response) =>
      response.url().endsWith('/api/user/update-profile') && response.request().method() === 'PUT' && (await response.json()).language === 'hi',
  );
  await main.getByRole('button', { name: 'लॉगिन', exact: true }).click();
  await expect(banner.getByRole('button', { name: 'लॉगआउट' })).toBeVisible();
  await savedHindi;
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await expect(banner.getByRole('button', { name: 'English' })).toBeVisible();

  // Kept on the account: the profile says Hindi, and a reload stays in Hindi.
  const profile = await request.get('/api/user/profile', { headers: auth });
  expect(((await profile.json()) as { language: string }).language).toBe('hi');
  await page.reload();
  await expect(banner.getByRole('button', { name: 'लॉगआउट' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');

  // A browser where nothing was chosen follows the account: now Hindi.
  const other = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': '10.200.1.29' } });
  const second = await other.newPage();
  await second.goto('/signin');
  await expect(second.locator('html')).toHaveAttribute('lang', 'en');
  await second.getByRole('main').getByLabel('Email').fill(person.email);
  await second.getByRole('main').getByRole('textbox', { name: 'Password', exact: true }).fill(person.password);
  await second.getByRole('main').getByRole('button', { name: 'Login' }).click();
  await expect(second.getByRole('banner').getByRole('button', { name: 'लॉगआउट' })).toBeVisible();
  await expect(second.locator('html')).toHaveAttribute('lang', 'hi');
  await other.close();
});
