import { type APIRequestContext, type Page } from '@playwright/test';
import { type Person, registerPerson, tag, uploadPhoto } from './support/scenario';
import { expect, test } from './support/test';

/*
 * Issue 18: public pages arrive drawn by the server. With JavaScript off, the HTML alone must show
 * each page's main content; with it on, the page hydrates without a mismatch (React reports one as
 * an error in the console); a donation's page carries Open Graph tags with its title and photo;
 * robots.txt and the sitemap name the public pages.
 */

async function donateWithPhoto(request: APIRequestContext, donor: Person, foodName: string): Promise<{ id: number; photo: string }> {
  const photo = await uploadPhoto(request, donor, { width: 640, height: 480 });
  const response = await request.post('/api/donations', {
    headers: { authorization: `Bearer ${donor.token}` },
    data: {
      foodName,
      description: 'Packed in boxes this evening',
      quantity: '12 boxes',
      free: true,
      price: 0,
      location: '14 Park Street, Kolkata 700016',
      deliveryType: 'SELF_PICKUP',
      foodType: 'PRECOOKED',
      refrigerationAvailable: false,
      expiryDateTime: new Date(Date.now() + 3 * 3600_000).toISOString(),
      imageUrl: photo,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { id: ((await response.json()) as { id: number }).id, photo };
}

/** The page as the server sent it, JavaScript off: what a crawler, a link preview or a slow phone sees first. */
async function withoutScript(page: Page, path: string) {
  const response = await page.goto(path, { waitUntil: 'commit' });
  await page.waitForLoadState('load');
  return response;
}

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('every public page has its main content in the HTML', async ({ page, request }) => {
    const donor = await registerPerson(request, 'DONOR', { location: 'Park Street, Kolkata 700016' });
    const foodName = `Khichdi ${tag()}`;
    const { id } = await donateWithPhoto(request, donor, foodName);

    const pages: { path: string; heading: string | RegExp; content: string | RegExp }[] = [
      { path: '/', heading: 'Save Food, Save Lives', content: 'How it works' },
      { path: '/BrowseDonations?sort=NEWEST', heading: 'Browse Available Donations', content: foodName },
      { path: `/request-donation/${id}`, heading: foodName, content: '12 boxes' },
      { path: '/stats', heading: 'Hunger and Food Waste Statistics', content: /^Hungry people \(\d{4}\)$/ },
      { path: '/about', heading: 'About Annadaan', content: /surplus food/i },
      { path: '/source', heading: 'Sources and formulas', content: /UNEP/ },
      { path: '/terms', heading: 'Terms and Conditions', content: /food/i },
    ];
    for (const { path, heading, content } of pages) {
      const response = await withoutScript(page, path);
      expect(response?.status(), path).toBe(200);
      await expect(page.getByRole('heading', { level: 1, name: heading }), path).toBeVisible();
      await expect(page.getByRole('main').getByText(content).first(), path).toBeVisible();
      // The header and footer are there too: a reader can move on without any script.
      await expect(page.getByRole('contentinfo').getByRole('link', { name: 'About Us' }), path).toBeVisible();
    }
  });

  test('a donation page carries its title, area and photo for link previews; a missing one is a 404', async ({ page, request }) => {
    const donor = await registerPerson(request, 'DONOR', { location: 'Park Street, Kolkata 700016' });
    const foodName = `Veg pulao ${tag()}`;
    const { id, photo } = await donateWithPhoto(request, donor, foodName);

    await withoutScript(page, `/request-donation/${id}`);
    const meta = (property: string) => page.locator(`meta[property="${property}"], meta[name="${property}"]`);
    await expect(meta('og:title')).toHaveAttribute('content', new RegExp(`^${foodName} · .*700016.* · Annadaan$`));
    await expect(meta('og:description')).toHaveAttribute('content', /12 boxes/);
    await expect(meta('og:image')).toHaveAttribute('content', new RegExp(`^http://127\\.0\\.0\\.1:\\d+${photo.replace(/[.?]/g, '\\$&')}`));
    await expect(meta('og:type')).toHaveAttribute('content', 'article');
    await expect(meta('twitter:card')).toHaveAttribute('content', 'summary_large_image');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/request-donation/${id}$`));
    await expect(page).toHaveTitle(new RegExp(`^${foodName}`));

    const missing = await withoutScript(page, '/request-donation/99999999');
    expect(missing?.status()).toBe(404);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  });
});

test('public pages hydrate without a mismatch and keep working', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !/Failed to load resource/.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto('/');
  // Each screen reached as a person would, through the header and footer.
  await page.getByRole('contentinfo').getByRole('link', { name: 'About Us' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'About Annadaan' })).toBeVisible();
  for (const path of ['/', '/BrowseDonations', '/stats', '/about', '/source', '/terms']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  expect(problems).toEqual([]);
});

test('robots.txt points to a sitemap that lists the public pages and the food on offer', async ({ request }) => {
  const donor = await registerPerson(request, 'DONOR', { location: 'Park Street, Kolkata 700016' });
  const { id } = await donateWithPhoto(request, donor, `Dal rice ${tag()}`);

  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  const sitemapLine = /^Sitemap: (\S+)$/m.exec(await robots.text());
  expect(sitemapLine?.[1]).toMatch(/\/sitemap\.xml$/);

  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.headers()['content-type']).toContain('application/xml');
  const xml = await sitemap.text();
  for (const path of ['/', '/BrowseDonations', '/stats', '/about', '/source', '/terms', `/request-donation/${id}`]) {
    expect(xml).toContain(`${path}</loc>`);
  }
});

test('a page arrives compressed, as each encoding the browser accepts, and whole without one', async ({ request }) => {
  for (const encoding of ['br', 'gzip']) {
    const response = await request.get('/stats', { headers: { 'accept-encoding': encoding } });
    expect(response.status()).toBe(200);
    expect(response.headers()['content-encoding']).toBe(encoding);
    expect(response.headers()['vary']).toMatch(/Accept-Encoding/);
    // Playwright undoes the encoding: the page is all there.
    expect(await response.text()).toContain('Hunger and Food Waste Statistics');
  }
  const plain = await request.get('/stats', { headers: { 'accept-encoding': 'identity' } });
  expect(plain.headers()['content-encoding']).toBeUndefined();
  expect(await plain.text()).toContain('Hunger and Food Waste Statistics');
  // Refused with q=0: not sent that way.
  const refused = await request.get('/stats', { headers: { 'accept-encoding': 'br;q=0, gzip' } });
  expect(refused.headers()['content-encoding']).toBe('gzip');
});

test('a page drawn in Hindi names and preloads its Devanagari font; an English page loads none', async ({ request }) => {
  const hindi = await (await request.get('/about', { headers: { cookie: 'annadaan.language=hi' } })).text();
  expect(hindi).toMatch(/<html lang="hi"/);
  const preload = /<link rel="preload" href="(\/assets\/noto-sans-devanagari-devanagari-400-normal-[^"]+\.woff2)" as="font" type="font\/woff2" crossorigin \/>/.exec(hindi);
  expect(preload).not.toBeNull();
  expect(hindi).toContain("@font-face{font-family:'Noto Sans Devanagari'");
  const font = await request.get(preload?.[1] ?? '');
  expect(font.status()).toBe(200);
  expect(font.headers()['content-type']).toContain('font/woff2');

  const english = await (await request.get('/about', { headers: { cookie: 'annadaan.language=en' } })).text();
  expect(english).not.toContain('noto-sans-devanagari');
  expect(english).not.toContain('@font-face');
});

/** Each element's look and place, from what the browser computed: one line per element that has any. */
async function computedLooks(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const properties = [
      'display', 'position', 'top', 'left', 'width', 'height', 'margin', 'padding', 'border-width', 'border-style',
      'border-color', 'border-radius', 'color', 'background-color', 'background-image', 'font-family', 'font-size',
      'font-weight', 'line-height', 'text-align', 'text-decoration-line', 'text-transform', 'white-space', 'overflow',
      'flex-direction', 'flex-wrap', 'align-items', 'justify-content', 'gap', 'grid-template-columns', 'opacity',
      'visibility', 'box-shadow', 'z-index', 'object-fit', 'aspect-ratio',
    ];
    return [...document.body.querySelectorAll('*')].map((element, index) => {
      const style = getComputedStyle(element);
      return `${index} ${element.tagName.toLowerCase()}.${element.getAttribute('class') ?? ''} ${properties.map((name) => `${name}:${style.getPropertyValue(name)}`).join(';')}`;
    });
  });
}

for (const viewport of [
  { name: 'a laptop', size: { width: 1280, height: 800 } },
  { name: 'a 360 px phone', size: { width: 360, height: 740 } },
]) {
  test(`on ${viewport.name}, the rules inlined in a page draw its first screen as the whole stylesheet does`, async ({ page, request }) => {
    await page.setViewportSize(viewport.size);
    const donor = await registerPerson(request, 'DONOR', { location: 'Park Street, Kolkata 700016' });
    const { id } = await donateWithPhoto(request, donor, `Rajma chawal ${tag()}`);
    // The app's code never arrives: the page is as the server sent it, with only its inline rules.
    await page.route('**/assets/*.js', (route) => route.abort());
    for (const path of ['/', '/BrowseDonations?sort=NEWEST', `/request-donation/${id}`, '/stats', '/about']) {
      await withoutScript(page, path);
      await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible();
      // Nothing holds the first paint: the stylesheet is preloaded, not linked.
      await expect(page.locator('link[rel="stylesheet"]'), path).toHaveCount(0);
      await expect(page.locator('style[data-critical-css]'), path).toHaveCount(1);
      const inlineOnly = await computedLooks(page);

      // What the app does before it hydrates (lib/deferred-styles.ts): the whole stylesheet, on.
      await page.evaluate(
        () =>
          new Promise<void>((resolve, reject) => {
            const link = document.querySelector<HTMLLinkElement>('link[data-deferred-style]');
            if (!link) return reject(new Error('no deferred stylesheet'));
            link.addEventListener('load', () => resolve(), { once: true });
            link.addEventListener('error', () => reject(new Error('the stylesheet did not load')), { once: true });
            link.rel = 'stylesheet';
          }),
      );
      await expect(page.locator('link[rel="stylesheet"]'), path).toHaveCount(1);
      const whole = await computedLooks(page);
      expect(inlineOnly.length, path).toBeGreaterThan(50);
      expect(inlineOnly.filter((line, index) => line !== whole[index]), path).toEqual([]);
    }
  });
}
