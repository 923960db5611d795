import { expectAccessible } from './support/accounts';
import { DEVICES, devicePage, mainNav } from './support/devices';
import { chooseLanguage } from './support/language';
import { expectNoTruncationOrSideScroll } from './support/layout';
import { donate, postFoodNeed, registerPerson, tag } from './support/scenario';
import { expect, test } from './support/test';

/*
 * Issue 18, sharing: a donation's page offers "Share on WhatsApp", a wa.me link whose text names
 * the food and its public area and carries the page's own link, so whoever gets it lands on the
 * same donation. Reached the way a receiver does: Home, "Request Food", the card.
 */
for (const device of DEVICES) {
  test(`on a ${device.name}: a receiver shares a donation on WhatsApp from its page, in English and in Hindi`, async ({ browser, request }) => {
    const donor = await registerPerson(request, 'DONOR');
    const foodName = `Veg pulao ${tag()}`;
    const { id } = await donate(request, donor, foodName);
    const receiver = await registerPerson(request, 'RECEIVER');
    // The area anyone may see (decision 015), which the shared text names; never the pickup address.
    const shown = await request.get(`/api/browse/donations/${id}`, { headers: { authorization: `Bearer ${receiver.token}` } });
    expect(shown.status()).toBe(200);
    const { location: area } = (await shown.json()) as { location: string };
    const { context, page } = await devicePage(browser, device, receiver);

    await page.goto('/');
    await (await mainNav(page, device)).getByRole('link', { name: 'Home', exact: true }).click();
    await page.getByRole('main').getByRole('link', { name: 'Request Food' }).click();
    await expect(page.getByRole('heading', { name: 'Browse Available Donations', level: 1 })).toBeVisible();
    await page.getByLabel('Food name').fill(foodName);
    await expect(page.getByRole('link', { name: /, view details$/ })).toHaveCount(1);
    // One click: a name still waiting to be applied no longer pulls the page back (browse-typing.spec).
    await page.getByRole('link', { name: `${foodName}, view details` }).click();
    await expect(page).toHaveURL(new RegExp(`/request-donation/${id}$`));
    await expect(page.getByRole('heading', { name: foodName, level: 1 })).toBeVisible();

    const share = page.getByRole('link', { name: 'Share on WhatsApp' });
    await expect(share).toHaveAttribute('target', '_blank');
    await expect(share).toHaveAttribute('rel', /noopener/);
    const href = new URL((await share.getAttribute('href')) ?? '');
    expect(`${href.origin}${href.pathname}`).toBe('https://wa.me/');
    const text = href.searchParams.get('text') ?? '';
    const pageUrl = new URL(page.url());
    expect(text).toBe(`${foodName} on Annadaan, ${area}: ${pageUrl.origin}/request-donation/${id}`);
    await expectAccessible(page);
    await expectNoTruncationOrSideScroll(page);

    await chooseLanguage(page, device, 'हिन्दी');
    const hindi = page.getByRole('link', { name: 'WhatsApp पर शेयर करें' });
    await expect(hindi).toBeVisible();
    expect(new URL((await hindi.getAttribute('href')) ?? '').searchParams.get('text')).toBe(
      `Annadaan पर ${foodName}, ${area}: ${pageUrl.origin}/request-donation/${id}`,
    );
    await context.close();
  });
}

for (const device of DEVICES) {
  test(`on a ${device.name}: a donor opens a food need's own page from the list and shares it; the page names no one`, async ({ browser, request }) => {
    const receiver = await registerPerson(request, 'RECEIVER', { fullName: `Asha ${tag()}` });
    const people = 37 + DEVICES.indexOf(device);
    const { id } = await postFoodNeed(request, receiver, people);
    const donor = await registerPerson(request, 'DONOR');
    const { context, page } = await devicePage(browser, device, donor);

    await page.goto('/');
    await (await mainNav(page, device)).getByRole('link', { name: 'Home', exact: true }).click();
    await page.getByRole('navigation', { name: 'More' }).getByRole('link', { name: 'Food Needs' }).click();
    await page.getByRole('link', { name: `Share this need: RAW for ${people}` }).click();
    await expect(page).toHaveURL(new RegExp(`/food-needs/${id}$`));
    await expect(page.getByRole('heading', { level: 1, name: `RAW for ${people} people` })).toBeVisible();
    await expect(page.getByText(/^Where: pin code 411028/)).toBeVisible();
    // Public: no name, phone, email or street of the person in need.
    const main = page.getByRole('main');
    for (const secret of [receiver.fullName, receiver.phone, receiver.email, 'Hadapsar']) await expect(main).not.toContainText(secret);

    const share = page.getByRole('link', { name: 'Share on WhatsApp' });
    const text = new URL((await share.getAttribute('href')) ?? '').searchParams.get('text') ?? '';
    expect(text).toMatch(
      new RegExp(`^Needed: RAW for ${people} people near pin code 411028, by .+\\. Can you help\\? http://127\\.0\\.0\\.1:\\d+/food-needs/${id}$`),
    );
    await expectAccessible(page);
    await expectNoTruncationOrSideScroll(page);

    // What a link preview reads, from the server's HTML: the need, never indexed by search engines.
    const html = await (await request.get(`/food-needs/${id}`)).text();
    expect(html).toMatch(new RegExp(`<meta property="og:title" content="Food needed: RAW for ${people} · Annadaan"`));
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(html).not.toContain(receiver.fullName);
    await context.close();
  });
}
