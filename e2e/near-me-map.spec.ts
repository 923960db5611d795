import type { APIRequestContext, BrowserContext, Locator, Page } from '@playwright/test';
import { expectAccessible } from './support/accounts';
import { PHONE_VIEWPORT, expectNoTruncationOrSideScroll } from './support/layout';
import { type Person, registerPerson, signedInContext, tag } from './support/scenario';
import { expect, test } from './support/test';

/*
 * Issue 15, the screens: "Near me" by pin code with a radius kept in the URL, every card saying
 * how far it is, and Browse's map: clusters that open into points, a card linking to the detail,
 * food needs in their own colour. Tests run offline, so no map tile ever loads: nothing here
 * waits for tiles, and the markers, clusters and cards must work without them.
 *
 * Each screen size works in its own city, so the two runs (in parallel) never see each other's
 * food. The points are chosen so their public points (the ~500 m cells' centres) lie 0.6, 1.1-1.2
 * and 1.3-1.4 km from the pin code's centre, all in one cluster cell at zoom 12, and one more
 * about 11 km away.
 */
interface Area {
  pin: string;
  place: string;
  address: string;
  /** Exact points: near (0.6 km), middle (1.1-1.2 km), outer (1.3-1.4 km), far (~11 km). */
  points: { near: string; middle: string; outer: string; far: string };
  distances: { near: string; middle: string; outer: string };
}

const AREAS: Record<'desktop' | 'phone', Area> = {
  desktop: {
    pin: '400053',
    place: 'pin code 400053 (Mumbai, Maharashtra)',
    address: 'Flat 4, Link Road, Andheri West, Mumbai 400053',
    points: { near: '19.10811,72.85807', middle: '19.10311,72.85807', outer: '19.10311,72.85307', far: '19.21211,72.86107' },
    distances: { near: '0.6 km away', middle: '1.1 km away', outer: '1.4 km away' },
  },
  phone: {
    pin: '110001',
    place: 'pin code 110001 (Central Delhi, Delhi)',
    address: 'Shop 9, Janpath Lane, Connaught Place, New Delhi 110001',
    points: { near: '28.62874,77.21661', middle: '28.62374,77.21660', outer: '28.62374,77.21160', far: '28.73274,77.21960' },
    distances: { near: '0.6 km away', middle: '1.2 km away', outer: '1.3 km away' },
  },
};

async function donateAt(request: APIRequestContext, donor: Person, foodName: string, address: string, geolocation: string) {
  const response = await request.post('/api/donations', {
    headers: { authorization: `Bearer ${donor.token}` },
    data: { foodName, description: 'Packed in boxes', quantity: '4 boxes', location: address, geolocation, refrigerationAvailable: false },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: number };
}

async function postNeedAt(request: APIRequestContext, person: Person, foodType: string, address: string, geolocation: string) {
  const start = Date.now() + 30 * 60_000;
  const response = await request.post('/api/food-requests/create', {
    headers: { authorization: `Bearer ${person.token}` },
    data: {
      fullName: person.fullName,
      contactNumber: person.phone,
      email: person.email,
      location: address,
      requestedTime: new Date(start).toISOString(),
      requestExpiryTime: new Date(start + 4 * 60 * 60_000).toISOString(),
      foodType,
      numberOfPeople: 6,
      geolocation,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** Signed in, the way people reach Browse: Home, then "Request Food". */
async function openBrowse(page: Page) {
  await page.goto('/home2');
  await page.getByRole('link', { name: 'Request Food' }).click();
  await expect(page.getByRole('heading', { name: 'Browse Available Donations', level: 1 })).toBeVisible();
}

/** Home from the top bar, or from the menu on a phone. */
/** Home: the tab bar's first tab on a phone, the bar's link on a desktop. */
async function goHome(page: Page, phone: boolean) {
  const bar = page.getByRole('navigation', { name: phone ? 'Main places' : 'Main' });
  await bar.getByRole('link', { name: 'Home', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Welcome to Annadaan', level: 1 })).toBeVisible();
}

/** Browse's "Near me", among the filters behind its "Filters" button (issue 29). */
async function browseNearMe(page: Page): Promise<Locator> {
  const filters = page.getByRole('button', { name: /^Filters/ });
  if ((await filters.getAttribute('aria-expanded')) !== 'true') await filters.click();
  return page.getByRole('region', { name: 'Near me' });
}

/** A donation's card: an article named by the food (its name is the link to the detail). */
const card = (page: Page, foodName: string) => page.getByRole('article', { name: foodName, exact: true });

/** Where a map's tiles, area circle and pin lie, in pixels from the map's top-left corner. */
interface MapPicture {
  tiles: Array<{ src: string; x: number; y: number }>;
  circle: { x: number; y: number; width: number; height: number } | null;
  pin: { x: number; y: number } | null;
}

/** The picture in a donation's area map, whether the still one or Leaflet's. */
function mapPicture(map: Locator): Promise<MapPicture> {
  return map.evaluate((box) => {
    const corner = box.getBoundingClientRect();
    const at = (element: Element) => {
      const rect = element.getBoundingClientRect();
      return { x: rect.left - corner.left, y: rect.top - corner.top, width: rect.width, height: rect.height };
    };
    // A tile is any picture from the tile server (the pin's images come from the app itself):
    // Leaflet's are images, the still map's backgrounds.
    const tiles = [...box.querySelectorAll('*')]
      .map((element) => ({
        element,
        src: element instanceof HTMLImageElement ? element.src : (/^url\("(.+)"\)$/.exec(getComputedStyle(element).backgroundImage)?.[1] ?? ''),
      }))
      .filter(({ src }) => src !== '' && new URL(src).origin !== location.origin)
      .map(({ element, src }) => ({ src, x: at(element).x, y: at(element).y }))
      .sort((a, b) => a.src.localeCompare(b.src));
    const shape = box.querySelector('svg circle, svg path');
    const pin = box.querySelector('img[alt="Exact pickup point"]');
    return { tiles, circle: shape ? at(shape) : null, pin: pin ? { x: at(pin).x, y: at(pin).y } : null };
  });
}

/** How two map pictures differ by more than a pixel (Leaflet places the circle to a fraction of one). */
function pictureDifferences(still: MapPicture, moving: MapPicture): string[] {
  const near = (a: number, b: number) => Math.abs(a - b) <= 1;
  const found: string[] = [];
  if (still.tiles.length === 0) found.push('the still map has no tiles');
  if (JSON.stringify(still.tiles.map((t) => t.src)) !== JSON.stringify(moving.tiles.map((t) => t.src))) found.push('not the same tiles');
  still.tiles.forEach((tile, index) => {
    const other = moving.tiles[index];
    if (other && !(near(tile.x, other.x) && near(tile.y, other.y))) found.push(`tile ${tile.src} at ${tile.x},${tile.y}, then ${other.x},${other.y}`);
  });
  const [a, b] = [still.circle, moving.circle];
  if (!a || !b) found.push('a map without its circle');
  else if (!(near(a.x, b.x) && near(a.y, b.y) && near(a.width, b.width) && near(a.height, b.height)))
    found.push(`circle ${JSON.stringify(a)}, then ${JSON.stringify(b)}`);
  if (!still.pin || !moving.pin) found.push('a map without its pin');
  else if (!(near(still.pin.x, moving.pin.x) && near(still.pin.y, moving.pin.y)))
    found.push(`pin ${JSON.stringify(still.pin)}, then ${JSON.stringify(moving.pin)}`);
  return found;
}

for (const [name, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', PHONE_VIEWPORT],
] as const) {
  test.describe(`near me and the map on ${name}`, () => {
    const area = AREAS[name];
    let contexts: BrowserContext[] = [];
    let foods: { near: string; middle: string; outer: string; far: string };
    let nearId = 0;
    let donationIds: number[] = [];
    let receiver: Person;
    let donor: Person;

    test.beforeEach(async ({ request }) => {
      const id = tag();
      foods = { near: `Veg biryani ${id}`, middle: `Dal rice ${id}`, outer: `Idli packs ${id}`, far: `Poha ${id}` };
      donor = await registerPerson(request, 'DONOR', { fullName: 'Farid Donor', location: area.address });
      receiver = await registerPerson(request, 'RECEIVER', { fullName: 'Meena Receiver', location: area.address });
      nearId = (await donateAt(request, donor, foods.near, area.address, area.points.near)).id;
      donationIds = [nearId];
      for (const which of ['middle', 'outer', 'far'] as const)
        donationIds.push((await donateAt(request, donor, foods[which], area.address, area.points[which])).id);
    });

    test.afterEach(async () => {
      await Promise.all(contexts.map((context) => context.close()));
      contexts = [];
    });

    test('near me by pin code: distances on every card, the radius in the URL, kept on reload and in a shared link', async ({ browser }) => {
      const context = await signedInContext(browser, receiver, { viewport });
      contexts.push(context);
      const page = await context.newPage();
      await openBrowse(page);

      const near = await browseNearMe(page);
      // A malformed pin code is refused under its field, before any lookup.
      await near.getByLabel('Pin code', { exact: true }).fill('04005');
      await near.getByRole('button', { name: 'Show nearby' }).click();
      await expect(near.getByText('A pin code is 6 digits and does not start with 0.')).toBeVisible();
      await near.getByLabel('Pin code', { exact: true }).fill(area.pin);
      await near.getByRole('button', { name: 'Show nearby' }).click();
      await expect(near.getByRole('status')).toContainText(`Showing food within 5 km of ${area.place}.`);
      await expect(page).toHaveURL(new RegExp(`[?&]near=${area.pin}(&|$)`));

      // Within the default 5 km: the three near ones, each with its distance; not the one 11 km off.
      await expect(card(page, foods.near)).toContainText(area.distances.near);
      await expect(card(page, foods.middle)).toContainText(area.distances.middle);
      await expect(card(page, foods.outer)).toContainText(area.distances.outer);
      await expect(card(page, foods.far)).toBeHidden();
      await expectNoTruncationOrSideScroll(page);
      // How far and how long it lasts come first on the card, before what the food is like.
      const nearCard = card(page, foods.near);
      const top = async (text: string | RegExp) => (await nearCard.getByText(text).first().boundingBox())?.y ?? Number.NaN;
      const countdownTop = (await nearCard.getByTestId('countdown').boundingBox())?.y ?? Number.NaN;
      expect(countdownTop).toBeLessThan(await top('Packed in boxes'));
      expect(await top(area.distances.near)).toBeLessThan(await top('Packed in boxes'));
      // A screen reader hears the same: the card's words, its distance among them, are not hidden
      // behind the link's name; the link is the food's name, saying where it leads.
      const heard = await nearCard.ariaSnapshot();
      expect(heard).toContain(`- link "${foods.near}, view details"`);
      expect(heard).toContain(area.distances.near);
      expect(heard).toMatch(/paragraph: \d\d:\d\d:\d\d\n *- paragraph: left/);

      // 25 km takes in the far one; 1 km keeps only the nearest.
      await near.getByLabel('Within').selectOption('25');
      await expect(card(page, foods.far)).toContainText(/1\d\.\d km away/);
      await near.getByLabel('Within').selectOption('1');
      await expect(near.getByRole('status')).toContainText(`Showing food within 1 km of ${area.place}.`);
      await expect(card(page, foods.middle)).toBeHidden();
      await expect(card(page, foods.near)).toContainText(area.distances.near);
      await expect(page).toHaveURL(/[?&]radius=1(&|$)/);

      // Reloading keeps the choice.
      await page.reload();
      await expect((await browseNearMe(page)).getByLabel('Within')).toHaveValue('1');
      await expect(card(page, foods.near)).toContainText(area.distances.near);
      await expect(card(page, foods.middle)).toBeHidden();

      // A shared link opens the same view in someone else's browser, signed out.
      const shared = page.url();
      const other = await browser.newContext({ viewport });
      contexts.push(other);
      const visitor = await other.newPage();
      await visitor.goto(shared);
      await expect((await browseNearMe(visitor)).getByRole('status')).toContainText(`Showing food within 1 km of ${area.place}.`);
      await expect(card(visitor, foods.near)).toContainText(area.distances.near);
      await expect(card(visitor, foods.middle)).toBeHidden();
    });

    test('near me by a saved food alert: picked by clicking, its point and radius give the distances and go in the URL, axe clean', async ({
      browser,
      request,
    }) => {
      // The receiver's alert sits on the pin code's centre, so the distances are the pin code's.
      const centre = (await (await request.get(`/api/pincodes/${area.pin}`)).json()) as { lat: number; lng: number };
      const label = `Home ${tag()}`;
      const saved = await request.post('/api/alerts', {
        headers: { authorization: `Bearer ${receiver.token}` },
        data: { lat: centre.lat, lng: centre.lng, radiusKm: 2, label },
      });
      expect(saved.status(), await saved.text()).toBe(201);
      const alertId = ((await saved.json()) as { id: number }).id;

      const context = await signedInContext(browser, receiver, { viewport });
      contexts.push(context);
      const page = await context.newPage();
      await openBrowse(page);

      const near = await browseNearMe(page);
      await near.getByRole('button', { name: 'Use a food alert' }).click();
      await page.getByRole('menuitem', { name: `${label} (2 km)` }).click();
      await expect(near.getByRole('status')).toContainText(`Showing food within 2 km of your alert "${label}".`);
      await expect(page).toHaveURL(new RegExp(`[?&]near=alert-${alertId}&radius=2(&|$)`));
      await expect(near.getByLabel('Within')).toHaveValue('2');
      await expect(card(page, foods.near)).toContainText(area.distances.near);
      await expect(card(page, foods.middle)).toContainText(area.distances.middle);
      await expect(card(page, foods.outer)).toContainText(area.distances.outer);
      await expect(card(page, foods.far)).toBeHidden();
      await expectNoTruncationOrSideScroll(page);
      await expectAccessible(page);

      // A shared link names the alert only: someone signed out is told so, not where it is.
      const other = await browser.newContext({ viewport });
      contexts.push(other);
      const visitor = await other.newPage();
      await visitor.goto(page.url());
      await expect((await browseNearMe(visitor)).getByRole('status')).toContainText('This link uses a saved food alert.');

      // Withdrawn again, so the map test's list below the map is not filled with this test's food.
      for (const id of donationIds) {
        const withdrawn = await request.post(`/api/donations/${id}/cancel`, { headers: { authorization: `Bearer ${donor.token}` } });
        expect(withdrawn.status(), await withdrawn.text()).toBe(200);
      }
    });

    test('the map: the switch in the URL, a cluster opening into points, a marker card linking to the detail, needs in their own colour, axe clean', async ({
      browser,
      request,
    }) => {
      const needFood = `Rice ${tag()}`;
      await postNeedAt(request, receiver, needFood, area.address, area.points.middle);
      const context = await signedInContext(browser, receiver, { viewport });
      contexts.push(context);
      const page = await context.newPage();
      await openBrowse(page);

      const near = await browseNearMe(page);
      await near.getByLabel('Pin code', { exact: true }).fill(area.pin);
      await near.getByRole('button', { name: 'Show nearby' }).click();
      await expect(near.getByRole('status')).toContainText(`Showing food within 5 km of ${area.place}.`);

      await page.getByRole('radiogroup', { name: 'Show as' }).getByText('Map', { exact: true }).click();
      await expect(page).toHaveURL(/[?&]view=map(&|$)/);
      const map = page.getByRole('region', { name: 'Map of food near you' });
      await expect(map).toBeVisible();
      // The text alternative: what is in view, and the list stays below the map.
      const summary = page.getByRole('status').filter({ hasText: 'In view:' });
      await expect(summary).toContainText(
        /In view: \d+ donations in \d+ groups? and \d+ food needs? in \d+ groups?\. Zoom in, or choose a group, to see each one\./,
      );
      await expect(card(page, foods.near)).toContainText(area.distances.near);

      // At this zoom the three nearby donations are one group; choosing it zooms into points.
      const cluster = map.getByRole('button', { name: /^\d+ donations here: zoom in$/ });
      await expect(cluster).toHaveCount(1);
      await expect(map.getByRole('button', { name: /^\d+ food needs? here: zoom in$/ })).toHaveCount(1);
      await expectAccessible(page);
      if (name === 'phone') await expectNoTruncationOrSideScroll(page);
      await cluster.click();

      const marker = map.getByRole('button', { name: `${foods.near}, Pre-cooked, diet not stated ${area.distances.near}` });
      await expect(marker).toBeVisible();
      await expect(map.getByRole('button', { name: `${foods.middle}, Pre-cooked, diet not stated ${area.distances.middle}` })).toBeVisible();
      await expect(map.getByRole('button', { name: new RegExp(`^Food need: ${needFood} for 6`) })).toBeVisible();
      await expect(summary).toContainText(/In view: \d+ donations and \d+ food needs?\./);

      // Markers are reached by keyboard: Enter opens the card, and focus moves into it.
      await marker.focus();
      await marker.press('Enter');
      const selected = page.getByRole('group', { name: 'Selected donation' });
      await expect(selected).toContainText(foods.near);
      await expect(selected).toContainText(area.distances.near);
      await expectAccessible(page);
      if (name === 'phone') await expectNoTruncationOrSideScroll(page);

      // Reloading keeps the map view.
      await page.reload();
      await expect(page.getByRole('region', { name: 'Map of food near you' })).toBeVisible();
      await expect(page.getByRole('radiogroup', { name: 'Show as' }).getByRole('radio', { name: 'Map' })).toBeChecked();

      // The List/Map choice is a radio group: the arrow keys move between the two views.
      const showAs = page.getByRole('radiogroup', { name: 'Show as' });
      await showAs.getByRole('radio', { name: 'Map' }).focus();
      await page.keyboard.press('ArrowLeft');
      await expect(showAs.getByRole('radio', { name: 'List' })).toBeChecked();
      await expect(page).not.toHaveURL(/[?&]view=map(&|$)/);
      await expect(page.getByRole('region', { name: 'Map of food near you' })).toHaveCount(0);
      await page.keyboard.press('ArrowRight');
      await expect(showAs.getByRole('radio', { name: 'Map' })).toBeChecked();
      await expect(page).toHaveURL(/[?&]view=map(&|$)/);
      await expect(page.getByRole('region', { name: 'Map of food near you' })).toBeVisible();

      // Tapping a marker opens its card; the card leads to the donation's page.
      await page
        .getByRole('region', { name: 'Map of food near you' })
        .getByRole('button', { name: /^\d+ donations here: zoom in$/ })
        .click();
      await page.getByRole('button', { name: `${foods.near}, Pre-cooked, diet not stated ${area.distances.near}` }).click();
      await page
        .getByRole('group', { name: 'Selected donation' })
        .getByRole('link', { name: `View details of ${foods.near}` })
        .click();
      await expect(page.getByRole('heading', { name: foods.near, level: 1 })).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/request-donation/${nearId}$`));
    });

    test('distances on Home2 and the food-needs list; the detail map shows the area to all and the pin with Directions to the donor, and moves on the same view when asked; the donate form places a pin', async ({
      browser,
      request,
    }) => {
      const needFood = `Millets ${tag()}`;
      await postNeedAt(request, receiver, needFood, area.address, area.points.middle);
      const receiverContext = await signedInContext(browser, receiver, { viewport });
      const donorContext = await signedInContext(browser, donor, { viewport });
      contexts.push(receiverContext, donorContext);
      const page = await receiverContext.newPage();

      // Home2's slider keeps to Near me too.
      await page.goto('/home2');
      const homeNear = page.getByRole('region', { name: 'Near me' });
      await homeNear.getByLabel('Pin code', { exact: true }).fill(area.pin);
      await homeNear.getByRole('button', { name: 'Show nearby' }).click();
      await expect(homeNear.getByRole('status')).toContainText(`Showing food ending soon within 5 km of ${area.place}.`);
      // Within 1 km only the nearest food of each test is left, so ours is among the slider's six.
      await homeNear.getByLabel('Within').selectOption('1');
      await expect(homeNear.getByRole('status')).toContainText(`Showing food ending soon within 1 km of ${area.place}.`);
      await expect(card(page, foods.near)).toContainText(area.distances.near);
      await expectNoTruncationOrSideScroll(page);

      // The food-needs list, from Home.
      await page.getByRole('link', { name: 'Food Needs', exact: true }).click();
      await expect(page.getByRole('heading', { name: 'Food needs', level: 1 })).toBeVisible();
      const needsNear = page.getByRole('region', { name: 'Near me' });
      await needsNear.getByLabel('Pin code', { exact: true }).fill(area.pin);
      await needsNear.getByRole('button', { name: 'Show nearby' }).click();
      await expect(page.getByRole('article', { name: `${needFood} for 6` })).toContainText(area.distances.middle);
      await expectAccessible(page);
      await expectNoTruncationOrSideScroll(page);

      // The receiver (no accepted request) sees the area's circle and no Directions.
      await goHome(page, name === 'phone');
      await page.getByRole('link', { name: 'Request Food' }).click();
      await expect(page.getByRole('heading', { name: 'Browse Available Donations', level: 1 })).toBeVisible();
      const browseNear = await browseNearMe(page);
      await browseNear.getByLabel('Pin code', { exact: true }).fill(area.pin);
      await browseNear.getByRole('button', { name: 'Show nearby' }).click();
      await browseNear.getByLabel('Within').selectOption('1');
      await card(page, foods.near).click();
      await expect(page.getByRole('heading', { name: foods.near, level: 1 })).toBeVisible();
      // The map loads as it comes near the screen; the receiver scrolls down to it.
      await page.mouse.wheel(0, 3000);
      await expect(page.getByRole('region', { name: 'Pickup area map' })).toBeVisible();
      await expect(page.getByText('The circle shows the area')).toBeVisible();
      await expect(page.getByRole('link', { name: /Directions/ })).toHaveCount(0);
      await expectAccessible(page);

      // The donor sees the exact pin and a Directions link to the exact point.
      const donorPage = await donorContext.newPage();
      await donorPage.goto('/home2');
      await donorPage.getByRole('link', { name: 'Request Food' }).click();
      await expect(donorPage.getByRole('heading', { name: 'Browse Available Donations', level: 1 })).toBeVisible();
      const donorNear = await browseNearMe(donorPage);
      await donorNear.getByLabel('Pin code', { exact: true }).fill(area.pin);
      await donorNear.getByRole('button', { name: 'Show nearby' }).click();
      await donorNear.getByLabel('Within').selectOption('1');
      await card(donorPage, foods.near).click();
      await expect(donorPage.getByRole('heading', { name: foods.near, level: 1 })).toBeVisible();
      await donorPage.mouse.wheel(0, 3000);
      await expect(donorPage.getByRole('img', { name: 'Exact pickup point' })).toBeVisible();
      await expect(donorPage.getByRole('link', { name: /Directions to the pickup point/ })).toHaveAttribute(
        'href',
        `https://www.google.com/maps/dir/?api=1&destination=${area.points.near}`,
      );

      // The map is a picture drawn without Leaflet until the donor asks to move it; Leaflet then
      // opens on the very same view, with the keyboard on it.
      const areaMap = donorPage.getByRole('region', { name: 'Pickup area map' });
      await expect.poll(async () => (await mapPicture(areaMap)).tiles.length).toBeGreaterThan(0);
      const still = await mapPicture(areaMap);
      await expect(areaMap.locator('.leaflet-container')).toHaveCount(0);
      // With no signal the movable map's code cannot come: the picture stays and says so.
      const movingMapCode = '**/assets/area-map-*.js';
      await donorPage.route(movingMapCode, (route) => route.abort('internetdisconnected'));
      await areaMap.getByRole('button', { name: 'Move the map' }).click();
      await expect(donorPage.getByRole('alert').filter({ hasText: 'The map could not load. Check your connection and try again.' })).toBeVisible();
      await expect(donorPage.getByRole('heading', { name: foods.near, level: 1 })).toBeVisible();
      await donorPage.unroute(movingMapCode);
      await areaMap.getByRole('button', { name: 'Move the map' }).click();
      await expect(areaMap.getByRole('button', { name: 'Zoom in' })).toBeVisible();
      await expect(areaMap).toBeFocused();
      await expect.poll(async () => pictureDifferences(still, await mapPicture(areaMap))).toEqual([]);
      await donorPage.keyboard.press('ArrowRight');
      await expect.poll(async () => (await mapPicture(areaMap)).pin?.x).toBeLessThan(still.pin?.x ?? 0);
      await expectAccessible(donorPage);

      // Donating: once the address has a pin code, a small map with a pin to correct.
      await goHome(donorPage, name === 'phone');
      await donorPage.getByRole('link', { name: 'Donate Food' }).click();
      await donorPage.getByLabel('Pickup Address').fill(area.address);
      const pinMap = donorPage.getByRole('region', { name: 'Pickup point map' });
      await expect(pinMap).toBeVisible();
      await expect(donorPage.getByText('The public sees only the area, within about half a kilometre')).toBeVisible();
      const pin = pinMap.getByRole('button', { name: /^Pickup point/ });
      await pin.focus();
      await pin.press('ArrowUp');
      await expect(donorPage.getByText('Pickup point set on the map.')).toBeVisible();
      await expectAccessible(donorPage);
      await expectNoTruncationOrSideScroll(donorPage);
    });
  });
}
