import { DEVICES, devicePage, mainNav } from './support/devices';
import { donate, registerPerson, tag } from './support/scenario';
import { expect, test } from './support/test';

/*
 * Browse writes a typed food name into the address 400 ms after the last key. A card tapped in
 * that pause must open that card: the pending write is dropped once the app is on its way there.
 * It used to be sent anyway, as a navigation that replaced the one to the card (the visitor stayed
 * on Browse) or added ?foodName=… to the card's address. The card page's code is held back, as on
 * a slow network, so the way there is still loading when the pause ends; the page's clock
 * (Playwright's) ends the pause when the test says, not after a sleep.
 */
for (const device of DEVICES) {
  test(`on a ${device.name}: a card tapped before the typed name is applied opens that card and stays on it`, async ({ browser, request }) => {
    const donor = await registerPerson(request, 'DONOR');
    const foodName = `Lemon rice ${tag()}`;
    const { id } = await donate(request, donor, foodName);
    const receiver = await registerPerson(request, 'RECEIVER');
    const { context, page } = await devicePage(browser, device, receiver);
    await page.clock.install();

    await page.goto('/');
    await (await mainNav(page, device)).getByRole('link', { name: 'Home', exact: true }).click();
    await page.getByRole('main').getByRole('link', { name: 'Request Food' }).click();
    await expect(page.getByRole('heading', { name: 'Browse Available Donations', level: 1 })).toBeVisible();
    // Newest first, so this donation is on the first page whatever other tests have posted; the
    // order is among the filters behind "Filters" (issue 29).
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByLabel('Sort by').selectOption({ label: 'Newest' });
    await expect(page).toHaveURL(/[?&]sort=NEWEST(&|$)/);
    const found = page.getByRole('link', { name: `${foodName}, view details` });
    await expect(found).toBeVisible();

    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      void page.route(/\/assets\/donation-detail-page-[\w-]+\.js$/, async (route) => {
        resolve();
        await new Promise<void>((go) => (release = go));
        await route.continue();
      });
    });

    await page.getByLabel('Food name').fill('rice');
    await found.click();
    await held;
    // The 400 ms pause ends while the card's page is still loading.
    await page.clock.runFor(1_000);
    release();

    await expect(page.getByRole('heading', { name: foodName, level: 1 })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/request-donation/${id}$`));
    await context.close();
  });
}
