import fs from 'node:fs';
import type { BrowserContext, Page } from '@playwright/test';
import { expectAccessible, signIn, toast } from './support/accounts';
import { PHONE_VIEWPORT, expectNoTruncationOrSideScroll } from './support/layout';
import { donate, registerPerson, signedInContext } from './support/scenario';
import { expect, test } from './support/test';

/*
 * Issue 16, the account belongs to its owner: from the profile page a person downloads everything
 * held about them, then deletes the account with their password, is signed out, and cannot sign
 * in again.
 */

/** The Sign In link: in the top bar on a desktop, in the burger menu on a phone. */
async function openSignIn(page: Page, phone: boolean) {
  if (phone) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Sign In' }).click();
  } else {
    await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click();
  }
}

for (const [name, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', PHONE_VIEWPORT],
] as const) {
  test.describe(`your data on ${name}`, () => {
    let contexts: BrowserContext[] = [];
    test.afterEach(async () => {
      await Promise.all(contexts.map((context) => context.close()));
      contexts = [];
    });

    test('a person downloads their data, deletes the account with their password, is signed out and cannot sign in again', async ({ browser, request }) => {
      const person = await registerPerson(request, 'DONOR', { fullName: 'Meher Export' });
      await donate(request, person, 'Curd rice for export');
      const context = await signedInContext(browser, person, { viewport });
      contexts.push(context);
      const page = await context.newPage();
      const main = page.getByRole('main');
      await page.goto('/');

      await page.getByRole('banner').getByRole('link', { name: 'Profile' }).click();
      await expect(main.getByRole('heading', { name: 'Your data' })).toBeVisible();
      await expect(main.getByLabel('Full name')).toHaveValue(person.fullName);
      await expectAccessible(page);
      await expectNoTruncationOrSideScroll(page, { where: 'profile' });

      await test.step('download my data', async () => {
        const downloading = page.waitForEvent('download');
        await main.getByRole('button', { name: 'Download my data' }).click();
        const download = await downloading;
        expect(download.suggestedFilename()).toMatch(/^annadaan-my-data-\d{4}-\d{2}-\d{2}\.json$/);
        const file = JSON.parse(fs.readFileSync(await download.path(), 'utf8')) as {
          profile: { email: string; fullName: string };
          donations: Array<{ foodName: string }>;
          sessions: unknown[];
        };
        expect(file.profile).toMatchObject({ email: person.email, fullName: person.fullName });
        expect(file.donations.map((donation) => donation.foodName)).toEqual(['Curd rice for export']);
        expect(file.sessions.length).toBeGreaterThan(0);
        await expect(toast(page, 'Your data has been downloaded.')).toBeVisible();
      });

      await test.step('a wrong password deletes nothing and says so on the field', async () => {
        await main.getByRole('button', { name: 'Delete my account' }).click();
        const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
        await expect(dialog).toBeVisible();
        await expectAccessible(page);
        await expectNoTruncationOrSideScroll(page, { where: 'delete dialog' });
        await dialog.getByLabel('Current password').fill('Not-my-password-9');
        await dialog.getByRole('button', { name: 'Delete my account for good' }).click();
        await expect(dialog.getByText('Your current password is not correct.')).toBeVisible();
      });

      await test.step('the right password deletes the account and signs the person out', async () => {
        const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
        await dialog.getByLabel('Current password').fill(person.password);
        await dialog.getByRole('button', { name: 'Delete my account for good' }).click();
        await expect(toast(page, 'Your account has been deleted.')).toBeVisible();
        await expect(page).toHaveURL(/\/$/);
        expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
      });

      await test.step('signing in again fails like an unknown account', async () => {
        await openSignIn(page, name === 'phone');
        await expect(page).toHaveURL(/\/signin$/);
        await signIn(page, person.email, person.password);
        await expect(main.getByRole('alert')).toHaveText('Invalid email or password.');
        await expectAccessible(page);
      });
    });
  });
}

test('the Terms page says what is kept after an account is deleted, and why', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'T&C' }).click();
  await expect(page.getByRole('heading', { name: 'Deleting your account and taking your data' })).toBeVisible();
  await expect(page.getByText(/the stars of your ratings \(not their comments\) and the handovers you completed, shown as "Deleted user"/)).toBeVisible();
  await expectAccessible(page);
});
