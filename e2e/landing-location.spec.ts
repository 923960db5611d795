import { DEVICES } from './support/devices';
import { expect, test } from './support/test';

/*
 * Issue 29 item 9: "Use my current location" on the landing page said nothing when the address
 * could not be looked up (the geocoder down or slow). It must say so, as the donate form does,
 * and keep the point: asking again retries the address for the same point.
 * The fake geocoder (e2e/fixtures/fake-geocoder.mjs) answers 503 for points this far south.
 */
const NO_ADDRESS_POINT = { latitude: -70.5, longitude: 10.25 };
const NO_ADDRESS = 'Location found, but no address could be looked up for it. Type your address with its 6-digit pin code, or try again.';

for (const device of DEVICES) {
  test(`on a ${device.name}: a location with no address says so, keeps the point and asks again for the same point`, async ({ browser }) => {
    const context = await browser.newContext({
      viewport: device.viewport,
      hasTouch: device.phone,
      isMobile: device.phone,
      geolocation: NO_ADDRESS_POINT,
      permissions: ['geolocation'],
    });
    const page = await context.newPage();
    const lookups: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/geo/reverse')) lookups.push(new URL(request.url()).searchParams.get('lat') ?? '');
    });
    const hero = page.getByRole('region', { name: 'Save Food, Save Lives' });
    await page.goto('/');
    await hero.getByRole('button', { name: 'Use my current location' }).click();
    await expect(hero.getByText(NO_ADDRESS)).toBeVisible();
    await expect(hero.getByLabel('Your location')).toHaveValue('');
    // The message belongs to the field, so a screen reader reads it with the field.
    await expect(hero.getByLabel('Your location')).toHaveAccessibleDescription(NO_ADDRESS);

    // Asking again looks up the kept point's address again, and says so again when there is none.
    const before = lookups.length;
    await hero.getByRole('button', { name: 'Use my current location' }).click();
    await expect.poll(() => lookups.length).toBeGreaterThan(before);
    expect(new Set(lookups)).toEqual(new Set([String(NO_ADDRESS_POINT.latitude)]));
    await expect(hero.getByText(NO_ADDRESS)).toBeVisible();

    // Typing the address still goes on as before.
    await hero.getByLabel('Your location').fill('MG Road, Bengaluru 560001');
    await expect(hero.getByText('A valid 6-digit pin code is required in your address.')).toHaveCount(0);
    await context.close();
  });
}
