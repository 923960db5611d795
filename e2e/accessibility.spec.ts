import crypto from 'node:crypto';
import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
import { paths } from '../apps/web/src/app/paths';
import { expectAccessible } from './support/accounts';
import { useSession } from './support/scenario';

/*
 * axe on every route of paths.ts: signed out, as a donor and as a receiver. The two signed-in
 * people share a donation history made through the API (one available donation, one awaiting
 * pickup, one handed over), so lists, codes and rating forms are on screen, not empty states.
 * Each screen is checked once (issue 30): a screen another route or another sweep already showed
 * the same way is not checked again (see SAME_FOR_EVERYONE, ADMIN_AREA and sweep).
 */

const PASSWORD = 'Tamarind-Sunrise-42';
const PIN = '560034';

interface Person {
  token: string;
  role: string;
}

interface History {
  donor: Person;
  receiver: Person;
  /** Requested, not yet accepted. */
  openDonationId: number;
  /** Accepted: the donor's confirm-pickup screen and the receiver's code are live. */
  acceptedRequestId: number;
  /** The receiver's open food need, for its public page (issue 18). */
  foodNeedId: number;
  /** Issue 32: a delivery the receiver asked for and the donor accepted, open for volunteers. */
  runId: number;
  /** The donor's organisation, for its public page and dashboard (issue 32). */
  organisationId: number;
}

async function register(request: APIRequestContext, role: 'DONOR' | 'RECEIVER'): Promise<Person> {
  const id = crypto.randomBytes(4).toString('hex');
  const response = await request.post('/api/auth/register', {
    data: {
      fullName: role === 'DONOR' ? 'Meera Iyer' : 'Ravi Kumar',
      contactNumber: `9${String(crypto.randomInt(0, 1_000_000_000)).padStart(9, '0')}`,
      email: `a11y-${role.toLowerCase()}-${id}@example.in`,
      password: PASSWORD,
      location: `Koramangala, Bengaluru ${PIN}`,
      role,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as { accessToken: string; role: string };
  return { token: body.accessToken, role: body.role };
}

async function post(request: APIRequestContext, person: Person, url: string, data: object = {}): Promise<{ id: number }> {
  const response = await request.post(url, { headers: { authorization: `Bearer ${person.token}` }, data });
  expect(response.ok(), `${url}: ${await response.text()}`).toBe(true);
  return (await response.json()) as { id: number };
}

async function pickupCode(request: APIRequestContext, receiver: Person, requestId: number): Promise<string> {
  const response = await request.get(`/api/requests/${requestId}/pickup-code`, { headers: { authorization: `Bearer ${receiver.token}` } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { pickupCode: string }).pickupCode;
}

async function makeHistory(request: APIRequestContext): Promise<History> {
  const donor = await register(request, 'DONOR');
  const receiver = await register(request, 'RECEIVER');
  const donate = (foodName: string) =>
    post(request, donor, '/api/donations', {
      foodName,
      description: 'Freshly cooked, packed in boxes',
      quantity: '4 boxes',
      location: `12 MG Road, Bengaluru ${PIN}`,
      foodType: 'PRECOOKED',
      refrigerationAvailable: false,
    });
  const open = await donate('Veg pulao');
  const accepted = await donate('Idli sambar');
  const handedOver = await donate('Chapati and dal');
  await post(request, receiver, `/api/requests/create/${open.id}`, { paymentMethod: '' });
  const acceptedRequest = await post(request, receiver, `/api/requests/create/${accepted.id}`, { paymentMethod: '' });
  await post(request, donor, `/api/requests/${acceptedRequest.id}/accept`);
  const doneRequest = await post(request, receiver, `/api/requests/create/${handedOver.id}`, { paymentMethod: '' });
  await post(request, donor, `/api/requests/${doneRequest.id}/accept`);
  const code = await pickupCode(request, receiver, doneRequest.id);
  await post(request, donor, `/api/requests/${doneRequest.id}/confirm-pickup`, { pickupCode: code });
  // Issue 32: "Please deliver", accepted: a run its donor and receiver follow.
  const delivered = await post(request, donor, '/api/donations', {
    foodName: 'Khichdi',
    description: 'Freshly cooked, packed in boxes',
    quantity: '10 plates',
    location: `12 MG Road, Bengaluru ${PIN}`,
    deliveryType: 'DELIVERY_PARTNER',
    foodType: 'PRECOOKED',
    refrigerationAvailable: false,
  });
  const deliveryRequest = await post(request, receiver, `/api/requests/create/${delivered.id}`, {
    delivery: 'DELIVER',
    dropoff: { address: `Shelter, 3rd Cross, Koramangala, Bengaluru ${PIN}` },
  });
  const run = (await post(request, donor, `/api/requests/${deliveryRequest.id}/accept`)) as unknown as { runId: number };
  const start = Date.now() + 60 * 60_000;
  const need = await post(request, receiver, '/api/food-requests/create', {
    fullName: 'Ravi Kumar',
    contactNumber: '9876543210',
    email: 'a11y-need@example.in',
    location: `Koramangala, Bengaluru ${PIN}`,
    requestedTime: new Date(start).toISOString(),
    requestExpiryTime: new Date(start + 4 * 60 * 60_000).toISOString(),
    foodType: 'Rice and dal',
    numberOfPeople: 12,
  });
  // Issue 32: the donor's organisation, its dashboard and an invitation link's page.
  const organisation = await post(request, donor, '/api/organisations', { name: 'Roti Bank', kind: 'NGO', city: 'Bengaluru', pinCode: PIN });
  return {
    donor,
    receiver,
    openDonationId: open.id,
    acceptedRequestId: acceptedRequest.id,
    foodNeedId: need.id,
    runId: run.runId,
    organisationId: organisation.id,
  };
}

/** Every route of paths.ts, the parameterised ones with ids from the history. */
function everyRoute(history: History): string[] {
  const ids: Record<string, number> = {
    requestDonation: history.openDonationId,
    confirmPickup: history.acceptedRequestId,
    foodNeed: history.foodNeedId,
    receivedRequestsFor: history.openDonationId,
    requestSent: history.acceptedRequestId,
    run: history.runId,
    organisation: history.organisationId,
    manageOrganisation: history.organisationId,
    // Any token draws the join page; joining is a button press the sweep does not make.
    joinOrganisation: 0,
  };
  return Object.entries(paths).map(([name, entry]) => {
    if (typeof entry === 'string') return entry;
    const id = ids[name];
    if (id === undefined) throw new Error(`paths.${name} takes a parameter: add an id for it to the accessibility sweep`);
    return entry(id);
  });
}

const LOADING = '.mantine-Loader-root, .mantine-Skeleton-root, [aria-busy="true"]';

/** Waits until nothing in view is loading (a spinner, a skeleton, a busy list); says what still is when it gives up. */
async function waitForLoadedView(page: Page) {
  try {
    await page.waitForFunction(
      (selector) =>
        [...document.querySelectorAll(selector)].every((node) => {
          const box = node.getBoundingClientRect();
          return (box.width === 0 && box.height === 0) || box.bottom <= 0 || box.top >= window.innerHeight;
        }),
      LOADING,
      { timeout: 15_000 },
    );
  } catch {
    const what = await page
      .locator(LOADING)
      .evaluateAll((nodes) =>
        nodes.map((node) => `${node.closest('section')?.querySelector('h2')?.textContent ?? '(no section)'}: ${node.outerHTML.slice(0, 160)}`),
      );
    throw new Error(`still loading after 15 s:\n${what.join('\n')}`);
  }
}

/**
 * Waits until the screen shows its content: its code loaded, a heading up and nothing in view
 * loading. It scrolls down one screen at a time, as a person reads, so the sections that load
 * when they come into view (charts, the stats strip) load too before axe looks at the page.
 */
async function waitForContent(page: Page) {
  await expect(page.locator('.boot-overlay')).toHaveCount(0);
  await expect(page.getByRole('main').locator('h1, h2').first()).toBeVisible();
  for (let screen = 0; screen < 30; screen += 1) {
    await waitForLoadedView(page);
    const atBottom = await page.evaluate(() => {
      const before = window.scrollY;
      window.scrollBy(0, window.innerHeight);
      return window.scrollY === before;
    });
    if (atBottom) break;
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}

/**
 * Screens whose content does not depend on who is signed in: the public pages, and an email's
 * unsubscribe link without its token. The signed-out sweep checks them; the signed-in sweeps check
 * the signed-in top bars on each person's own screens instead of on these again.
 */
const SAME_FOR_EVERYONE: string[] = [paths.signUp, paths.stats, paths.about, paths.source, paths.terms, paths.forgotPassword, paths.unsubscribe];
/** The admin area as someone who is not an admin sees it (each screen's refusal): the donor's sweep checks it. */
const ADMIN_AREA: string[] = [paths.admin, paths.adminModeration, paths.adminAuditLog, paths.adminMessages, paths.adminMessaging, paths.adminVolunteers];

/**
 * Loads each route and runs axe on the screen it shows, once per screen: a route that shows a
 * screen this sweep already checked (a visitor sent to sign in from every signed-in screen, a
 * signed-in person sent from /signin to Home) is loaded but not checked again.
 */
async function sweep(page: Page, routes: string[]) {
  const failures: string[] = [];
  const checked = new Map<string, string>();
  for (const route of routes) {
    await test.step(route, async () => {
      await page.goto(route);
      try {
        await waitForContent(page);
        const shown = new URL(page.url());
        const screen = `${shown.pathname}${shown.search}`.toLowerCase();
        if (checked.has(screen)) return;
        checked.set(screen, route);
        await expectAccessible(page);
      } catch (error) {
        failures.push(
          `${route} (shown: ${new URL(page.url()).pathname}): ${error instanceof Error ? error.message.split('\n').slice(0, 12).join('\n') : String(error)}`,
        );
      }
    });
  }
  expect(failures, failures.join('\n\n')).toEqual([]);
}

test.describe('accessibility of every screen', () => {
  // Every route loaded whole and hydrated, then swept by axe: minutes on a loaded CI machine.
  test.describe.configure({ timeout: 420_000 });

  test('signed out', async ({ page, request }) => {
    // Real ids, so the detail screen shows a donation rather than its not-found text.
    const history = await makeHistory(request);
    await sweep(page, everyRoute(history));
  });

  test('signed in as a donor with donations, requests and a finished handover', async ({ page, request }) => {
    const history = await makeHistory(request);
    await useSession(page, history.donor);
    await sweep(
      page,
      everyRoute(history).filter((route) => !SAME_FOR_EVERYONE.includes(route)),
    );
  });

  test('signed in as a receiver with requests waiting, accepted and collected', async ({ page, request }) => {
    const history = await makeHistory(request);
    await useSession(page, history.receiver);
    await sweep(
      page,
      everyRoute(history).filter((route) => !SAME_FOR_EVERYONE.includes(route) && !ADMIN_AREA.includes(route)),
    );
  });
});
