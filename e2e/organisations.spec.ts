import type { Page } from '@playwright/test';
import { expectAccessible, toast } from './support/accounts';
import { createAdmin } from './support/admin';
import { DEVICES, devicePage, mainNav } from './support/devices';
import { expectNoTruncationOrSideScroll } from './support/layout';
import { registerPerson, tag } from './support/scenario';
import { expect, test } from './support/test';

/*
 * Issue 32 on a 360 x 740 phone: a coordinator creates an organisation from the menu, an admin
 * verifies it from the admin area, and the verified badge shows on its public page. Every screen
 * is reached by tapping, and checked for layout and axe.
 */

async function checked(page: Page) {
  await expectNoTruncationOrSideScroll(page);
  await expectAccessible(page);
}

const phone = DEVICES.find((device) => device.phone) ?? DEVICES[1];

test('an organisation is created, verified by an admin and shows the badge on its public page (phone)', async ({ browser, request }) => {
  test.slow();
  const coordinator = await registerPerson(request, 'RECEIVER', { fullName: `Sunita ${tag()}` });
  const admin = await createAdmin(request, `Anita ${tag()}`);
  const name = `Roti Bank ${tag()}`;
  const coordinatorSide = await devicePage(browser, phone, coordinator);
  const adminSide = await devicePage(browser, phone, admin);
  const page = coordinatorSide.page;
  const adminPage = adminSide.page;

  try {
    await test.step('the coordinator creates it from the menu; a wrong identifier is named on its field', async () => {
      await page.goto('/home2');
      const nav = await mainNav(page, phone);
      await nav.getByRole('link', { name: 'My Organisations' }).click();
      await expect(page.getByRole('heading', { name: 'My organisations', level: 1 })).toBeVisible();
      await page.getByRole('link', { name: 'Create an organisation' }).click();
      await expect(page.getByRole('heading', { name: 'Create an organisation', level: 1 })).toBeVisible();
      await page.getByLabel('Name of the organisation').fill(name);
      await page.getByLabel('Kind').selectOption('COMMUNITY_KITCHEN');
      await page.getByLabel('City').fill('Pune');
      await page.getByLabel('Pin code').fill('411005');
      await page.getByLabel('FSSAI registration or licence number (optional)').fill('12345');
      await page.getByRole('button', { name: 'Create organisation' }).click();
      await expect(page.getByText('An FSSAI licence number has exactly 14 digits.')).toBeVisible();
      await checked(page);
      await page.getByLabel('FSSAI registration or licence number (optional)').fill('12345678901234');
      await page.getByLabel('NGO Darpan id (optional)').fill('MH/2017/0123456');
      await page.getByRole('button', { name: 'Create organisation' }).click();
      await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
      await expect(page.getByText('Waiting for verification')).toBeVisible();
      await checked(page);
    });

    await test.step('an admin verifies it from the admin area, with a note', async () => {
      await adminPage.goto('/home2');
      const nav = await mainNav(adminPage, phone);
      await nav.getByRole('link', { name: 'Admin' }).click();
      await adminPage.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Organisations' }).click();
      await expect(adminPage.getByRole('heading', { name: 'Organisations', level: 1 })).toBeVisible();
      const item = adminPage.getByRole('listitem').filter({ has: adminPage.getByRole('heading', { name, level: 2 }) });
      await expect(item).toContainText('FSSAI number: 12345678901234');
      await expect(item).toContainText('NGO Darpan id: MH/2017/0123456');
      await checked(adminPage);
      await item.getByLabel('Note for the audit log (and for the coordinators when you ask for more)').fill('FSSAI and Darpan checked by hand.');
      await item.getByRole('button', { name: 'Mark verified' }).click();
      await expect(toast(adminPage, `${name} is verified.`)).toBeVisible();
    });

    await test.step('the badge shows on the public page', async () => {
      await page.reload();
      await page.getByRole('link', { name: 'See the public page' }).click();
      await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
      await expect(page.getByTestId('verified-badge')).toHaveText('Verified organisation');
      await expect(page.getByText('Community kitchen in Pune')).toBeVisible();
      await expect(page.getByText(coordinator.fullName)).toHaveCount(0);
      await checked(page);
    });
  } finally {
    await coordinatorSide.context.close();
    await adminSide.context.close();
  }
});
