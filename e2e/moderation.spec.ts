import type { Page } from '@playwright/test';
import { expectAccessible, signIn, toast } from './support/accounts';
import { createAdmin } from './support/admin';
import { expectNoTruncationOrSideScroll } from './support/layout';
import { donate, registerPerson, tag } from './support/scenario';
import { DEVICES, devicePage, mainNav } from './support/devices';
import { expect, test } from './support/test';

/*
 * Issue 16: a report handled end to end. A receiver reports a donation from its page, an admin
 * signs in, opens the moderation queue from the header, hides the donation with a reason, and the
 * reporter hears the outcome. Every screen is reached by clicking, on a laptop and a phone.
 */

async function checked(page: Page) {
  await expectNoTruncationOrSideScroll(page);
  await expectAccessible(page);
}

for (const device of DEVICES) {
  test(`a reported donation is hidden by an admin and the reporter hears of it (${device.name})`, async ({ browser, request }) => {
    // Two people on two screens, the create-admin command (a TypeScript start of several seconds)
    // and eight layout and axe checks: longer than one screen's journey.
    test.slow();
    const donor = await registerPerson(request, 'DONOR', { fullName: `Meera ${tag()}` });
    const reporter = await registerPerson(request, 'RECEIVER', { fullName: `Ravi ${tag()}` });
    const admin = await createAdmin(request, `Anita ${tag()}`);
    const foodName = `Paneer curry ${tag()}`;
    const donation = await donate(request, donor, foodName);
    const reporterSide = await devicePage(browser, device, reporter);
    const adminSide = await devicePage(browser, device);
    const reporterPage = reporterSide.page;
    const adminPage = adminSide.page;

    try {
      await test.step('the receiver finds the donation and reports it', async () => {
        await reporterPage.goto('/home2');
        await reporterPage.getByRole('link', { name: 'Request Food' }).click();
        await reporterPage.getByLabel('Food name').fill(foodName);
        await expect(reporterPage).toHaveURL(/foodName=/);
        const card = reporterPage.getByRole('link', { name: `${foodName}, view details` });
        await expect(card).toHaveCount(1);
        await card.click();
        await expect(reporterPage.getByRole('heading', { name: foodName })).toBeVisible();
        await reporterPage.getByRole('button', { name: 'Report', exact: true }).click();
        const dialog = reporterPage.getByRole('dialog', { name: 'Report this donation' });
        await expect(dialog).toBeVisible();
        // Sending without a reason names the field.
        await dialog.getByRole('button', { name: 'Send report' }).click();
        await expect(dialog.getByText('Choose a reason from the list.')).toBeVisible();
        await dialog.getByRole('radio', { name: 'Spoiled or unsafe food' }).check();
        await dialog.getByLabel('Details (optional)').fill('It smelled sour when I opened the box.');
        await checked(reporterPage);
        await dialog.getByRole('button', { name: 'Send report' }).click();
        await expect(toast(reporterPage, 'Thank you. An admin will look at your report.')).toBeVisible();
        await expect(dialog).toHaveCount(0);
      });

      await test.step('an admin signs in and opens the moderation queue from the header', async () => {
        await adminPage.goto('/signin');
        await signIn(adminPage, admin.email, admin.password);
        await expect(adminPage).toHaveURL(/\/home2$/);
        const nav = await mainNav(adminPage, device);
        await nav.getByRole('link', { name: 'Admin' }).click();
        await expect(adminPage.getByRole('heading', { name: 'Moderation', level: 1 })).toBeVisible();
        const adminNav = adminPage.getByRole('navigation', { name: 'Admin' });
        await expect(adminNav.getByRole('link', { name: 'Moderation' })).toHaveAttribute('aria-current', 'page');
        await expect(adminNav.getByRole('link', { name: 'Messages' })).toBeVisible();
        const item = adminPage.getByRole('article', { name: `Donation: ${foodName}` });
        await expect(item).toContainText('Spoiled or unsafe food');
        await expect(item).toContainText(`by ${reporter.fullName}`);
        await expect(item).toContainText('It smelled sour when I opened the box.');
        await expect(item).toContainText(`Listed by ${donor.fullName}`);
        await checked(adminPage);
      });

      await test.step('the admin hides it with a reason; it leaves the queue and enters the audit log', async () => {
        const item = adminPage.getByRole('article', { name: `Donation: ${foodName}` });
        await item.getByRole('button', { name: `Hide listing: Donation ${foodName}` }).click();
        const dialog = adminPage.getByRole('dialog', { name: `Hide “${foodName}”` });
        await expect(dialog).toBeVisible();
        await dialog.getByRole('button', { name: 'Hide listing' }).click();
        await expect(dialog.getByText('A reason is required.')).toBeVisible();
        await dialog.getByLabel('Reason').fill('Reported as spoiled; the donor did not answer.');
        await checked(adminPage);
        await dialog.getByRole('button', { name: 'Hide listing' }).click();
        await expect(toast(adminPage, 'The listing is hidden.')).toBeVisible();
        await expect(item).toHaveCount(0);

        await adminPage.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Audit log' }).click();
        await expect(adminPage.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
        const entry = adminPage.getByRole('listitem').filter({ hasText: `Hid the listing: donation #${donation.id}` });
        await expect(entry).toContainText(`By ${admin.fullName}`);
        await expect(entry).toContainText('Reason: Reported as spoiled; the donor did not answer.');
        await checked(adminPage);
      });

      await test.step('the reporter hears the outcome through the notifications', async () => {
        const bell = reporterPage.getByRole('link', { name: 'Notifications (1 unread)', exact: true });
        await expect(bell).toBeVisible();
        await bell.click();
        await expect(reporterPage.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
        const notice = reporterPage.getByTestId('notification').filter({ hasText: 'We acted on your report' });
        await expect(notice).toContainText(`"${foodName}"`);
        await checked(reporterPage);
      });
    } finally {
      await reporterSide.context.close();
      await adminSide.context.close();
    }
  });
}

for (const device of DEVICES) {
  test(`a receiver blocks a donor from the donation's page and undoes it on the profile (${device.name})`, async ({ browser, request }) => {
    const donor = await registerPerson(request, 'DONOR', { fullName: `Kiran ${tag()}` });
    const receiver = await registerPerson(request, 'RECEIVER', { fullName: `Latha ${tag()}` });
    const foodName = `Khichdi ${tag()}`;
    await donate(request, donor, foodName);
    const { context, page } = await devicePage(browser, device, receiver);

    try {
      await page.goto('/home2');
      await page.getByRole('link', { name: 'Request Food' }).click();
      await page.getByLabel('Food name').fill(foodName);
      await expect(page).toHaveURL(/foodName=/);
      const card = page.getByRole('link', { name: `${foodName}, view details` });
      await expect(card).toHaveCount(1);
      await card.click();
      await expect(page.getByRole('heading', { name: foodName })).toBeVisible();
      await page.getByRole('button', { name: `Block ${donor.fullName}` }).click();
      const asking = page.getByRole('group', { name: `Block ${donor.fullName}?` });
      await expect(asking).toContainText('Neither of you will see the other’s listings');
      await checked(page);
      await asking.getByRole('button', { name: 'Yes, block' }).click();
      await expect(toast(page, `${donor.fullName} is blocked. You can undo it on your profile.`)).toBeVisible();
      await expect(page.getByRole('button', { name: `Unblock ${donor.fullName}` })).toBeVisible();

      // Back on the list, the donor's food is gone for this receiver.
      await page.goBack();
      await expect(page.getByRole('heading', { name: 'Browse Available Donations' })).toBeVisible();
      await expect(card).toHaveCount(0);

      await page.getByRole('link', { name: 'Profile', exact: true }).click();
      const section = page.getByRole('region', { name: 'Blocked people' });
      await expect(section).toContainText(donor.fullName);
      await checked(page);
      await section.getByRole('button', { name: `Unblock ${donor.fullName}` }).click();
      await expect(toast(page, `${donor.fullName} is unblocked.`)).toBeVisible();
      await expect(section).toContainText('You have not blocked anyone.');
    } finally {
      await context.close();
    }
  });
}
