import { answerCookedFoodFacts } from './support/food-facts';
import { registerPerson, useSession } from './support/scenario';
import { test } from './support/test';

const OUT = process.env.SHOTS_DIR ?? '/work/shots/after';
for (const size of [{ width: 360, height: 740 }, { width: 1280, height: 800 }]) {
  test(`forms at ${size.width}`, async ({ browser, request }) => {
    const person = await registerPerson(request, 'DONOR', { location: 'Aundh, Pune 411007' });
    const context = await browser.newContext({ viewport: size });
    const page = await context.newPage();
    await useSession(page, person);
    await page.goto('/DonateForm');
    await page.getByRole('main').getByRole('button').first().waitFor();
    const h = await page.evaluate(() => document.documentElement.scrollHeight);
    console.log(`donate ${size.width}: page height ${h}px = ${(h / size.height).toFixed(1)} screens`);
    await page.screenshot({ path: `${OUT}/donate-${size.width}.png`, fullPage: true });
    await page.getByLabel('Food name').fill('Veg pulao');
    await page.getByLabel('Quantity').fill('6 plates');
    await page.getByLabel('Description').fill('Fresh veg pulao from lunch');
    await answerCookedFoodFacts(page);
    await page.getByRole('radio', { name: 'Yes', exact: true }).check();
    await page.getByLabel('Pickup Address').fill('12 ITI Road, Aundh, Pune 411007');
    await page.screenshot({ path: `${OUT}/donate-filled-${size.width}.png`, fullPage: true });
    await page.getByRole('button', { name: 'Donate', exact: true }).click();
    await page.getByRole('heading', { name: 'Your food is listed' }).waitFor();
    await page.waitForTimeout(800);
    await page.screenshot({ path: `${OUT}/donate-result-${size.width}.png`, fullPage: true });
    await page.goto('/RequestForm');
    await page.getByRole('main').getByRole('button').first().waitFor();
    await page.waitForTimeout(800);
    console.log(`request1 ${size.width}: ${await page.evaluate(() => document.documentElement.scrollHeight)}`);
    await page.screenshot({ path: `${OUT}/request-step1-${size.width}.png`, fullPage: true });
    const next = page.getByRole('button', { name: 'Next >>' });
    await next.click();
    await page.waitForTimeout(500);
    console.log(`request2 ${size.width}: ${await page.evaluate(() => document.documentElement.scrollHeight)}`);
    await page.screenshot({ path: `${OUT}/request-step2-${size.width}.png`, fullPage: true });
    await page.getByRole('textbox', { name: 'Food Type (e.g. Rice)' }).fill('Rice and dal');
    await page.getByRole('radio', { name: 'Yes, I can pay' }).check();
    await page.getByRole('button', { name: 'Submit Request' }).click();
    await page.screenshot({ path: `${OUT}/request-step2-errors-${size.width}.png`, fullPage: true });
    await page.getByRole('radio', { name: 'No, I am asking for free food' }).check();
    await page.getByRole('button', { name: 'Submit Request' }).click();
    await page.getByRole('heading', { name: 'Your request is posted' }).waitFor();
    await page.screenshot({ path: `${OUT}/request-result-${size.width}.png`, fullPage: true });
    await context.close();
  });
}
