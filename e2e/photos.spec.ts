import type { APIRequestContext, Locator } from '@playwright/test';
import sharp from 'sharp';
import { expectAccessible } from './support/accounts';
import { DEVICES, devicePage, mainNav } from './support/devices';
import { expectNoTruncationOrSideScroll } from './support/layout';
import { type Person, registerPerson, tag, uploadPhoto } from './support/scenario';
import { expect, test } from './support/test';

/*
 * Issue 18, photos: a card with a photo offers it in 320, 640 and 1280 px (WebP, and AVIF through
 * <picture>) over its blurred placeholder; a card without one shows a drawing of the kind of food;
 * an empty list shows a drawing and a next step that works. Reached by clicking, on a laptop and a phone.
 */

async function donate(request: APIRequestContext, donor: Person, data: Record<string, unknown>) {
  const response = await request.post('/api/donations', {
    headers: { authorization: `Bearer ${donor.token}` },
    data: { description: 'Fresh today', quantity: '5 kg', free: true, location: 'FC Road, Pune 411004', deliveryType: 'SELF_PICKUP', ...data },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** The widths a srcset offers, e.g. [320, 640, 1280]. */
async function srcsetWidths(element: Locator): Promise<number[]> {
  const srcset = (await element.getAttribute('srcset')) ?? '';
  return srcset.split(', ').map((entry) => Number(entry.split(' ')[1]?.replace(/w$/, '')));
}

for (const device of DEVICES) {
  test(`on a ${device.name}: cards offer their photo in three widths, a drawing without one, and an empty list a next step`, async ({ browser, request }) => {
    // Encoding six variants and three axe runs: well past a minute when the shared CI machine is busy.
    test.setTimeout(150_000);
    const donor = await registerPerson(request, 'DONOR');
    const id = tag();
    const photoName = `Paneer thali ${id}`;
    const plainName = `Bananas ${id}`;
    const photo = await uploadPhoto(request, donor, { width: 1600, height: 1000, noise: true });
    await donate(request, donor, { foodName: photoName, foodType: 'PRECOOKED', refrigerationAvailable: false, imageUrl: photo });
    await donate(request, donor, { foodName: plainName, foodType: 'RAW', expiryDateTime: new Date(Date.now() + 3 * 24 * 3600_000).toISOString() });
    const receiver = await registerPerson(request, 'RECEIVER');
    const { context, page } = await devicePage(browser, device, receiver);

    // An empty list first: the receiver has asked for nothing yet, and My Orders says so with a way on.
    await page.goto('/');
    await (await mainNav(page, device)).getByRole('link', { name: 'My Orders' }).click();
    await expect(page.getByRole('heading', { name: 'My Orders', level: 1 })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'No data found.' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Browse food' }).click();
    await expect(page.getByRole('heading', { name: 'Browse Available Donations', level: 1 })).toBeVisible();

    await page.getByLabel('Food name').fill(id);
    await expect(page.getByRole('link', { name: /, view details$/ })).toHaveCount(2, { timeout: 30_000 });

    // The list's first picture is its largest paint on a phone: fetched at once and first; the rest lazily.
    const cards = page.getByRole('article');
    await expect(cards.nth(0).locator('img')).toHaveAttribute('loading', 'eager');
    await expect(cards.nth(0).locator('img')).toHaveAttribute('fetchpriority', 'high');
    await expect(cards.nth(1).locator('img')).toHaveAttribute('loading', 'lazy');
    await expect(cards.nth(1).locator('img')).toHaveAttribute('fetchpriority', 'auto');

    // The photo's card: three widths in WebP and in AVIF, a size, and the placeholder underneath.
    const photoCard = page.getByRole('article', { name: photoName, exact: true });
    const image = photoCard.locator('img');
    expect(await srcsetWidths(image)).toEqual([320, 640, 1280]);
    expect(await srcsetWidths(photoCard.locator('picture source[type="image/avif"]'))).toEqual([320, 640, 1280]);
    await expect(image).toHaveAttribute('sizes', /100vw/);
    await expect(image).toHaveAttribute('width', '1280');
    await expect(image).toHaveAttribute('height', '800');
    await expect(image).toHaveAttribute('decoding', 'async');
    expect(await image.evaluate((node) => getComputedStyle(node).backgroundImage)).toMatch(/^url\("data:image\/webp;base64,/);
    await image.scrollIntoViewIfNeeded();
    // The browser took an AVIF variant, and the width a card needs (about 420 or 360 px at 1x): the 640, not the 1280.
    await expect.poll(() => image.evaluate((node: HTMLImageElement) => node.complete && node.naturalWidth)).toBeGreaterThan(0);
    const chosen = new URL(await image.evaluate((node: HTMLImageElement) => node.currentSrc)).pathname;
    const avifSrcset = (await photoCard.locator('picture source[type="image/avif"]').getAttribute('srcset')) ?? '';
    expect(avifSrcset).toContain(`${chosen} 640w`);
    const served = await request.get(chosen);
    expect(served.headers()['content-type']).toBe('image/avif');
    expect(served.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await sharp(await served.body()).metadata()).width).toBe(640);

    // Raw bananas without a photo: the fruit-and-vegetables drawing, decorative, in the same frame.
    const plainCard = page.getByRole('article', { name: plainName, exact: true });
    const drawing = plainCard.locator('img');
    await expect(drawing).toHaveAttribute('src', '/illustrations/fruit-veg.svg');
    await expect(drawing).toHaveAttribute('alt', '');
    const [photoBox, drawingBox] = await Promise.all([image.boundingBox(), drawing.boundingBox()]);
    expect(Math.round(drawingBox?.height ?? 0)).toBe(Math.round(photoBox?.height ?? -1));
    await expectAccessible(page);
    await expectNoTruncationOrSideScroll(page);

    // The detail page's photo is its first picture: loaded at once, named for screen readers.
    // One click: a name still waiting to be applied no longer pulls the page back (browse-typing.spec).
    await photoCard.click();
    await expect(page.getByRole('heading', { name: photoName, level: 1 })).toBeVisible();
    const detailPhoto = page.getByRole('img', { name: `Photo of ${photoName}` });
    await expect(detailPhoto).toHaveAttribute('loading', 'eager');
    expect(await srcsetWidths(detailPhoto)).toEqual([320, 640, 1280]);
    await expectAccessible(page);
    await context.close();
  });
}
