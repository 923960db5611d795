import { expectAccessible, newUser, registerByApi, signIn } from './support/accounts';
import { createAdmin } from './support/admin';
import { chooseLanguage } from './support/language';
import { expectNoTruncationOrSideScroll } from './support/layout';
import { registerPerson, useSession } from './support/scenario';
import { expect, test } from './support/test';

/*
 * Issue 17: the language switch. Playwright's Chromium says its language is en-US, so every test
 * starts in English, as a first visit from such a browser does.
 */

test('on a desktop: हिन्दी from Home, the bar and sign-in in Hindi, kept on reload, English back on the same page', async ({ page }) => {
  const banner = page.getByRole('banner');
  const main = page.getByRole('main');
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  const hindi = banner.getByRole('button', { name: 'हिन्दी' });
  await expect(hindi).toHaveAttribute('lang', 'hi');
  await hindi.click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await expect(page).toHaveURL(/\/$/);
  for (const name of ['लॉगिन', 'साइन अप', 'आँकड़े']) await expect(banner.getByRole('link', { name, exact: true })).toBeVisible();
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'हमारे बारे में' })).toBeVisible();
  await expect(banner.getByRole('button', { name: 'English' })).toHaveAttribute('lang', 'en');

  await banner.getByRole('link', { name: 'लॉगिन', exact: true }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await expect(main.getByRole('heading', { name: 'लॉगिन करें' })).toBeVisible();
  await expect(main.getByLabel('ईमेल')).toBeVisible();
  await expect(main.getByRole('button', { name: 'लॉगिन', exact: true })).toBeVisible();
  await expectAccessible(page);

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await expect(main.getByRole('heading', { name: 'लॉगिन करें' })).toBeVisible();

  await banner.getByRole('button', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page).toHaveURL(/\/signin$/);
  await expect(main.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(banner.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expectAccessible(page);
});

test('a signed-in choice is kept on the account: another browser signs in and shows Hindi', async ({ page, browser, request }) => {
  const user = newUser();
  await registerByApi(request, user);
  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click();
  await signIn(page, user.email, user.password);
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('button', { name: 'Logout' })).toBeVisible();
  // Wait for the account to say Hindi (an account with no language first takes this browser's English).
  const savedHindi = page.waitForResponse(
    async (response) =>
      response.url().endsWith('/api/user/update-profile') && response.request().method() === 'PUT' && (await response.json()).language === 'hi',
  );
  await banner.getByRole('button', { name: 'हिन्दी' }).click();
  await expect(banner.getByRole('button', { name: 'लॉगआउट' })).toBeVisible();
  await savedHindi;
  await expect(banner.getByRole('button', { name: 'English' })).toBeVisible();

  const other = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': '10.200.1.2' } });
  const phone = await other.newPage();
  await phone.goto('/');
  await expect(phone.locator('html')).toHaveAttribute('lang', 'en');
  await phone.getByRole('banner').getByRole('link', { name: 'Sign In' }).click();
  await signIn(phone, user.email, user.password);
  await expect(phone.locator('html')).toHaveAttribute('lang', 'hi');
  await expect(phone.getByRole('banner').getByRole('button', { name: 'लॉगआउट' })).toBeVisible();
  await other.close();
});

/*
 * The Hindi screens' words are checked at a laptop's width by route tests, which lay nothing out,
 * and in the browser on a phone (e2e/hindi-*.spec.ts). The laptop's top bar is the one part that
 * only a laptop shows: its Hindi links for a visitor, a donor, a receiver and an admin must fit.
 */
test('on a laptop, the Hindi top bar fits for a visitor, a donor, a receiver and an admin', async ({ browser, request }) => {
  // The create-admin command takes several seconds to start.
  test.slow();
  const people = [
    undefined,
    await registerPerson(request, 'DONOR', { fullName: 'सुनीता' }),
    await registerPerson(request, 'RECEIVER', { fullName: 'रवि' }),
    await createAdmin(request, 'अनीता'),
  ];
  for (const person of people) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    if (person) await useSession(context, person);
    const page = await context.newPage();
    await page.goto(person ? '/home2' : '/');
    await chooseLanguage(page, { phone: false }, 'हिन्दी');
    const nav = page.getByRole('banner').getByRole('navigation', { name: 'मुख्य' });
    await expect(nav.getByRole('link', { name: person ? 'होम' : 'आँकड़े', exact: true })).toBeVisible();
    if (person?.role === 'ADMIN') await expect(nav.getByRole('link', { name: 'एडमिन', exact: true })).toBeVisible();
    await expectNoTruncationOrSideScroll(page, { where: `the Hindi top bar, ${person?.role ?? 'a visitor'}` });
    await context.close();
  }
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('हिन्दी from the menu, sign-in in Hindi, kept on reload, English back on the same page', async ({ page }) => {
    const main = page.getByRole('main');
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.getByRole('button', { name: 'हिन्दी' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    const hindiMenu = page.getByRole('dialog', { name: 'मेन्यू' });
    await expect(hindiMenu.getByRole('link', { name: 'साइन अप' })).toBeVisible();
    await expectAccessible(page);
    await hindiMenu.getByRole('link', { name: 'लॉगिन' }).click();
    await expect(page).toHaveURL(/\/signin$/);
    await expect(main.getByRole('heading', { name: 'लॉगिन करें' })).toBeVisible();
    await expect(main.getByText('Annadaan पर नए हैं?')).toBeVisible();
    await expectAccessible(page);

    await page.reload();
    await expect(main.getByRole('heading', { name: 'लॉगिन करें' })).toBeVisible();
    await page.getByRole('button', { name: 'मेन्यू खोलें' }).click();
    await page.getByRole('dialog', { name: 'मेन्यू' }).getByRole('button', { name: 'English' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page).toHaveURL(/\/signin$/);
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Close menu' }).click();
    await expect(main.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  });
});
