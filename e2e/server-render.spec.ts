import { type APIRequestContext, type Page } from '@playwright/test';
import { DEVICES, devicePage, mainNav } from './support/devices';
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
  // React reports an error it recovered from wrapped in another ("error #520"): say what caused it.
  await page.addInitScript(() => {
    window.addEventListener('error', (event) => {
      const cause = (event.error as { cause?: unknown } | null)?.cause;
      if (cause) console.error(`caused by ${cause instanceof Error ? cause.message : String(cause)} on ${location.pathname}`);
    });
  });
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

test('the ids the server drew stay after hydration, so labels keep pointing at their fields', async ({ browser }) => {
  // Sign Up: the public page with the most labelled fields (Browse keeps its filters folded now).
  const { context, page } = await devicePage(browser, DEVICES[0]);
  await page.goto('/');
  await (await mainNav(page, DEVICES[0])).getByRole('link', { name: 'Sign Up', exact: true }).click();
  await expect(page).toHaveURL(/\/signup$/);
  // The page as the server draws it, and as the browser has it once the app has taken over.
  const drawn = await (await page.request.get(page.url())).text();
  const drawnIds = [...drawn.matchAll(/<input[^>]*\sid="([^"]+)"/g)].map((match) => match[1] ?? '');
  const drawnLabels = [...drawn.matchAll(/<label[^>]*\sfor="([^"]+)"/g)].map((match) => match[1] ?? '');
  expect(drawnIds.filter((id) => drawnLabels.includes(id)).length).toBeGreaterThan(1);
  await page.reload();
  await page.waitForSelector('html[data-hydrated]');
  await expect(page.getByRole('textbox').first()).toBeVisible();
  const liveIds = await page.locator('input[id]').evaluateAll((fields) => fields.map((field) => field.id));
  const liveLabels = await page.locator('label[for]').evaluateAll((labels) => labels.map((label) => label.getAttribute('for')));
  expect(liveIds).toEqual(expect.arrayContaining(drawnIds));
  expect(liveLabels).toEqual(expect.arrayContaining(drawnLabels));
  await context.close();
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
  const preload =
    /<link rel="preload" href="(\/assets\/noto-sans-devanagari-devanagari-400-normal-[^"]+\.woff2)" as="font" type="font\/woff2" crossorigin \/>/.exec(hindi);
  expect(preload).not.toBeNull();
  expect(hindi).toContain("@font-face{font-family:'Noto Sans Devanagari'");
  const font = await request.get(preload?.[1] ?? '');
  expect(font.status()).toBe(200);
  expect(font.headers()['content-type']).toContain('font/woff2');

  const english = await (await request.get('/about', { headers: { cookie: 'annadaan.language=en' } })).text();
  expect(english).not.toContain('noto-sans-devanagari');
  expect(english).not.toContain('@font-face');
});

test('a drawn page has its colours before the app starts: the colour scheme Mantine sets is there already', async ({ browser, baseURL }) => {
  // JavaScript off: the page as a phone shows it until the app has started.
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  const colours = () =>
    page.evaluate(() =>
      [...document.body.querySelectorAll('*')].map((element) => {
        const style = getComputedStyle(element);
        return `${element.tagName} ${element.getAttribute('class') ?? ''} ${style.color} ${style.backgroundColor} ${style.borderColor}`;
      }),
    );
  for (const path of ['/', '/BrowseDonations', '/stats', '/about']) {
    await page.goto(path, { waitUntil: 'commit' });
    await page.waitForLoadState('load');
    const served = await colours();
    // What MantineProvider does when the app starts. Before the shell carried it, 48-89 elements a
    // page changed colour here: the header's buttons, for one, were drawn in white until then.
    await page.evaluate(() => document.documentElement.setAttribute('data-mantine-color-scheme', 'light'));
    const started = await colours();
    expect(served.length, path).toBeGreaterThan(50);
    expect(
      served.filter((line, index) => line !== started[index]),
      path,
    ).toEqual([]);
  }
  await context.close();
});
