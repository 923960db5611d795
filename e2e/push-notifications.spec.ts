import type { BrowserContext, Page } from '@playwright/test';
import type { LocalPushService } from '../apps/server/test/local-push-service';
import { expectAccessible } from './support/accounts';
import { PHONE_VIEWPORT, expectNoTruncationOrSideScroll } from './support/layout';
import { bridgePushManager, deliverToServiceWorker, startBrowserPushService } from './support/push';
import { acceptRequest, donate, registerPerson, requestDonation, signedInContext, tag } from './support/scenario';
import { expect, test } from './support/test';

/*
 * Issue 14, Web Push: a receiver turns phone notifications on from the notification centre,
 * closes the app, the donor accepts, and the service worker shows the accept. Chromium's own
 * push service cannot be reached here; e2e/support/push.ts says what is real and what is bridged.
 */

// The service worker is what these tests are about (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });
// Turning on waits for the worker's first install, which precaches the offline screens (decision 037):
// seconds on a phone, up to a minute here when other work shares the machine's two cores.
test.describe.configure({ timeout: 240_000 });
const FIRST_INSTALL = { timeout: 120_000 };

const bell = (page: Page) => page.getByRole('link', { name: /^Notifications/ });
const pushSection = (page: Page) => page.getByRole('region', { name: 'Phone notifications' });

let service: LocalPushService;
test.beforeAll(async () => {
  service = await startBrowserPushService();
});
test.afterAll(async () => {
  await service.close();
});

async function openNotificationCentre(page: Page) {
  await page.goto('/home2');
  await bell(page).first().click();
  await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
}

/** What the site's service worker shows now, read from a fresh page. */
async function shownNotifications(context: BrowserContext) {
  const page = await context.newPage();
  try {
    await page.goto('/');
    return await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration('/');
      const shown = registration ? await registration.getNotifications() : [];
      return shown.map((item) => ({ title: item.title, body: item.body, tag: item.tag, data: item.data as unknown }));
    });
  } finally {
    await page.close();
  }
}

for (const [name, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', PHONE_VIEWPORT],
] as const) {
  test.describe(`phone notifications on ${name}`, () => {
    let contexts: BrowserContext[] = [];
    test.afterEach(async () => {
      await Promise.all(contexts.map((context) => context.close()));
      contexts = [];
    });

    test('the receiver turns them on, closes the app, and the accept is shown by the service worker', async ({ browser, request, baseURL }) => {
      const origin = new URL(baseURL ?? '').origin;
      const donor = await registerPerson(request, 'DONOR');
      const receiver = await registerPerson(request, 'RECEIVER');
      const foodName = `Curd rice ${tag()}`;
      const donation = await donate(request, donor, foodName);
      const asked = await requestDonation(request, receiver, donation.id);

      const context = await signedInContext(browser, receiver, { viewport });
      contexts.push(context);
      await context.grantPermissions(['notifications'], { origin });
      const browserPush = await bridgePushManager(context, service);
      const page = await context.newPage();

      await openNotificationCentre(page);
      const section = pushSection(page);
      await expect(section.getByTestId('push-status')).toHaveText('Off');
      // Visiting registered the app's one service worker (issue 18: after every page load) but subscribed to nothing.
      await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration('/'))?.active?.scriptURL ?? null)).toMatch(/\/sw\.js$/);
      expect(await page.evaluate(async () => (await (await navigator.serviceWorker.ready).pushManager.getSubscription()) === null)).toBe(true);
      await expectNoTruncationOrSideScroll(page);
      await expectAccessible(page);

      await section.getByRole('button', { name: 'Turn on phone notifications' }).click();
      await expect(section.getByTestId('push-status')).toHaveText('On', FIRST_INSTALL);
      await expect(section.getByRole('button', { name: 'Turn off phone notifications' })).toBeVisible();
      await expectAccessible(page);
      const subscription = browserPush.current();
      expect(subscription?.endpoint).toContain(service.origin);
      const subscriptionId = subscription?.endpoint.split('/').at(-1);
      await page.close();

      // With the app closed, the donor accepts; the server's job runner posts the encrypted message.
      await acceptRequest(request, donor, asked.id);
      const message = await service.nextMessage((received) => received.subscriptionId === subscriptionId);
      const payload = JSON.parse(message.payload) as { id: number; kind: string; title: string; body: string; link: string };
      expect(payload).toMatchObject({ kind: 'REQUEST_ACCEPTED', title: 'Your request was accepted', link: '/my-order' });
      expect(payload.body).toContain(foodName);

      await deliverToServiceWorker(context, origin, message.payload);
      await expect
        .poll(() => shownNotifications(context), { timeout: 60_000 })
        .toEqual([
          {
            title: 'Your request was accepted',
            body: payload.body,
            tag: `notification-${payload.id}`,
            data: { id: payload.id, kind: 'REQUEST_ACCEPTED', link: `${origin}/my-order` },
          },
        ]);

      // The same message again (a retried delivery) replaces the shown one instead of adding another.
      await deliverToServiceWorker(context, origin, message.payload);
      await expect.poll(async () => (await shownNotifications(context)).length).toBe(1);

      // Turned off again from the centre.
      const again = await context.newPage();
      await openNotificationCentre(again);
      await pushSection(again).getByRole('button', { name: 'Turn off phone notifications' }).click();
      await expect(pushSection(again).getByTestId('push-status')).toHaveText('Off');
      expect(browserPush.current()).toBeNull();
    });
  });
}

test("signing out stops this browser getting the account's notifications", async ({ browser, request, baseURL }) => {
  const origin = new URL(baseURL ?? '').origin;
  const receiver = await registerPerson(request, 'RECEIVER');
  const context = await signedInContext(browser, receiver);
  try {
    await context.grantPermissions(['notifications'], { origin });
    const browserPush = await bridgePushManager(context, service);
    const page = await context.newPage();
    await openNotificationCentre(page);
    await pushSection(page).getByRole('button', { name: 'Turn on phone notifications' }).click();
    await expect(pushSection(page).getByTestId('push-status')).toHaveText('On', FIRST_INSTALL);
    const endpoint = browserPush.current()?.endpoint ?? '';
    expect(endpoint).toContain(service.origin);

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByRole('link', { name: 'Notifications', exact: true })).toHaveCount(0);
    expect(browserPush.current()).toBeNull();
    // Signed in again elsewhere, the person finds nothing left to remove: sign-out removed it on the server.
    const login = await request.post('/api/auth/login', { data: { email: receiver.email, password: receiver.password } });
    expect(login.status()).toBe(200);
    const { accessToken } = (await login.json()) as { accessToken: string };
    const removal = await request.delete('/api/push/subscriptions', { headers: { authorization: `Bearer ${accessToken}` }, data: { endpoint } });
    expect(await removal.json()).toEqual({ removed: 0 });
  } finally {
    await context.close();
  }
});

test('a browser that refuses notifications shows them blocked, and nothing is asked on page load', async ({ browser, request }) => {
  const receiver = await registerPerson(request, 'RECEIVER');
  const context = await signedInContext(browser, receiver);
  try {
    const page = await context.newPage();
    await openNotificationCentre(page);
    const section = pushSection(page);
    await expect(section.getByTestId('push-status')).toHaveText('Off');
    expect(await page.evaluate(() => Notification.permission)).toBe('default');
    // Headless Chromium answers the permission prompt with "denied", as a person who blocks it would.
    await section.getByRole('button', { name: 'Turn on phone notifications' }).click();
    await expect(section.getByTestId('push-status')).toHaveText('Blocked by the browser');
    await expect(section).toContainText('blocked in your browser settings');
    await expect(section.getByRole('button')).toHaveCount(0);
    await expectAccessible(page);
  } finally {
    await context.close();
  }
});
