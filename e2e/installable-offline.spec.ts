import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expectAccessible, toast } from './support/accounts';
import { DEVICES, devicePage, mainNav } from './support/devices';
import { chooseLanguage } from './support/language';
import { expectNoTruncationOrSideScroll } from './support/layout';
import { acceptRequest, donate, registerPerson, requestDonation, tag } from './support/scenario';
import { expect, test } from './support/test';

/*
 * Issue 18, installable and offline where it matters (docs/decisions/037-installable-offline.md):
 * the manifest and the service worker, a receiver showing the pickup code at the gate with no
 * signal, a form that says it needs a connection, and the "new version" prompt.
 */

// The service worker is what these tests are about (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });
// The first install downloads the precache (about 140 files) one by one: about 5 s here on an idle
// machine, but over 45 s when other work shares its two cores.
test.describe.configure({ timeout: 300_000 });

const OFFLINE_BANNER = 'You are offline. Pages you opened before, and your pickup codes, still show; sending anything needs a connection.';
const NEEDS_CONNECTION = 'You are offline. This needs a connection: try again when you are back online.';
const API_CACHE = 'annadaan-api';

/** Waits until the app's service worker is active and controls this page (the first install claims it). */
async function controlledByServiceWorker(page: Page) {
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null), { timeout: 120_000 }).toMatch(/\/sw\.js$/);
}

/** The addresses of the API answers the service worker keeps. */
function keptAnswers(page: Page): Promise<string[]> {
  return page.evaluate(async (name) => ((await caches.has(name)) ? (await (await caches.open(name)).keys()).map((request) => request.url) : []), API_CACHE);
}

test('the manifest is linked and fetchable, with its icons and the two shortcuts; the icons and the worker are served right', async ({ page, request }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const response = await request.get(href ?? '');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await response.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    scope: string;
    display: string;
    theme_color: string;
    lang: string;
    icons: { src: string; sizes: string; type: string; purpose: string }[];
    shortcuts: { name: string; url: string; icons: { src: string; sizes: string }[] }[];
  };
  expect(manifest).toMatchObject({ name: 'Annadaan', short_name: 'Annadaan', start_url: '/', scope: '/', display: 'standalone', lang: 'en-IN' });
  expect(manifest.theme_color).toBe(await page.locator('meta[name="theme-color"]').getAttribute('content'));
  const pngs = manifest.icons.filter((icon) => icon.type === 'image/png').map((icon) => `${icon.sizes} ${icon.purpose}`);
  expect(pngs.sort()).toEqual(['192x192 any', '192x192 maskable', '512x512 any', '512x512 maskable']);
  expect(manifest.shortcuts.map(({ name, url }) => ({ name, url }))).toEqual([
    { name: 'Donate food', url: '/DonateForm' },
    { name: 'Browse food', url: '/BrowseDonations' },
  ]);

  const linked = await page
    .locator('link[rel="icon"], link[rel="apple-touch-icon"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  expect(linked.sort()).toEqual(['/apple-touch-icon.png', '/favicon.ico', '/favicon.svg']);
  const icons = [...linked, ...manifest.icons.map((icon) => icon.src), ...manifest.shortcuts.flatMap((shortcut) => shortcut.icons.map((icon) => icon.src))];
  for (const src of icons) {
    const icon = await request.get(src);
    expect(icon.status(), src).toBe(200);
    expect(icon.headers()['content-type'], src).toMatch(/^image\/(png|svg\+xml|x-icon|vnd\.microsoft\.icon)/);
  }

  // The worker is asked again on every check, never kept by the HTTP cache.
  const worker = await request.get('/sw.js');
  expect(worker.status()).toBe(200);
  expect(worker.headers()['cache-control']).toBe('no-cache');
  expect(worker.headers()['content-type']).toContain('javascript');
});

test('in Hindi the page links the Hindi manifest: the same app, its words and shortcuts in Hindi', async ({ page, request }) => {
  await page.goto('/');
  await chooseLanguage(page, { phone: false }, 'हिन्दी');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.hi.webmanifest');
  // The server draws the next page in Hindi with the same link.
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.hi.webmanifest');

  type Manifest = { id: string; start_url: string; lang: string; description: string; icons: unknown[]; shortcuts: { name: string; url: string }[] };
  const english = (await (await request.get('/manifest.webmanifest')).json()) as Manifest;
  const response = await request.get('/manifest.hi.webmanifest');
  expect(response.headers()['content-type']).toContain('application/manifest+json');
  const hindi = (await response.json()) as Manifest;
  expect(hindi).toMatchObject({ id: english.id, start_url: english.start_url, lang: 'hi-IN' });
  expect(hindi.icons).toEqual(english.icons);
  expect(hindi.description).toMatch(/खाना बचाएँ, जान बचाएँ।$/);
  expect(hindi.shortcuts.map(({ name, url }) => ({ name, url }))).toEqual([
    { name: 'खाना दान करें', url: '/DonateForm' },
    { name: 'खाना देखें', url: '/BrowseDonations' },
  ]);

  // And back: English again links English's.
  await chooseLanguage(page, { phone: false }, 'English');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
});

for (const device of DEVICES) {
  test.describe(`on a ${device.name}`, () => {
    test('the receiver opens My Orders once, then at the gate with no signal still shows the pickup code; a form says it needs a connection; signing out drops the kept answers', async ({
      browser,
      request,
    }) => {
      const donor = await registerPerson(request, 'DONOR');
      const receiver = await registerPerson(request, 'RECEIVER');
      const foodName = `Lemon rice ${tag()}`;
      const donation = await donate(request, donor, foodName);
      const asked = await requestDonation(request, receiver, donation.id);
      await acceptRequest(request, donor, asked.id);
      const codeResponse = await request.get(`/api/requests/${asked.id}/pickup-code`, { headers: { authorization: `Bearer ${receiver.token}` } });
      expect(codeResponse.status()).toBe(200);
      const { pickupCode } = (await codeResponse.json()) as { pickupCode: string };

      const { context, page } = await devicePage(browser, device, receiver);
      try {
        await page.goto('/');
        await controlledByServiceWorker(page);
        // The worker lets the browser ask for a page while the worker starts (navigation preload),
        // and answers with the server's page, drawn with its data, not the kept shell.
        await expect.poll(() => page.evaluate(async () => (await (await navigator.serviceWorker.ready).navigationPreload.getState()).enabled)).toBe(true);
        await page.reload();
        await expect(page.locator('#annadaan-server-render')).toHaveCount(1);
        await (await mainNav(page, device)).getByRole('link', { name: 'My Orders' }).click();
        const order = page.getByRole('article', { name: new RegExp(foodName) });
        await expect(order.getByTestId('request-status')).toBeVisible();
        // One online visit is enough: the app gave the worker its copy of the code without showing it.
        await expect.poll(() => keptAnswers(page)).toContainEqual(expect.stringContaining(`/api/requests/${asked.id}/pickup-code?__session=`));
        await expect(page.getByTestId('pickup-code')).toHaveCount(0);

        // No signal: the page reloads from the worker, says it is offline, and the code still shows.
        await context.setOffline(true);
        await page.reload();
        // Shown in the polite live region under the top bar, so a screen reader announces it.
        await expect(page.locator('[aria-live="polite"]').filter({ hasText: OFFLINE_BANNER })).toBeVisible();
        await order.getByRole('button', { name: 'View pickup code (OTP) and donor contact' }).click();
        await expect(order.getByTestId('pickup-code')).toHaveText(pickupCode);
        await expectNoTruncationOrSideScroll(page);
        await expectAccessible(page);

        // A form, reached offline through the footer, says at once that it needs a connection and keeps what was typed.
        await page.getByRole('contentinfo').getByRole('link', { name: 'Contact & Help' }).click();
        const main = page.getByRole('main');
        await main.getByLabel('Name').fill(receiver.fullName);
        await main.getByLabel('Email').fill(receiver.email);
        await main.getByLabel('Subject').fill('Pickup at the gate');
        await main.getByLabel('Message').fill('The donor was not at the gate.');
        await main.getByRole('button', { name: 'Send Message' }).click();
        await expect(toast(page, NEEDS_CONNECTION)).toBeVisible();
        await expect(main.getByLabel('Message')).toHaveValue('The donor was not at the gate.');
        await expectAccessible(page);

        // Back online the banner goes; signing out drops every answer kept for this session.
        await context.setOffline(false);
        await expect(page.getByText(OFFLINE_BANNER)).toHaveCount(0);
        if (device.phone) await page.getByRole('button', { name: 'Open menu' }).click();
        await page.getByRole('button', { name: 'Logout' }).click();
        await expect(page.getByRole('button', { name: 'Logout' })).toHaveCount(0);
        await expect.poll(async () => (await keptAnswers(page)).filter((url) => url.includes('__session='))).toEqual([]);
      } finally {
        await context.close();
      }
    });
  });
}

/** A server of its own on `port`, serving the web app from `distDir`, as a deployment does; stopped with kill(). */
async function deploy(port: number, distDir: string, dataDir: string): Promise<ChildProcess> {
  const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: distDir,
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
    },
    stdio: 'ignore',
  });
  await expect.poll(async () => (await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null))?.status ?? 0, { timeout: 60_000 }).toBe(200);
  return server;
}

async function stop(server: ChildProcess) {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}

test('a new version waits for the person: "A new version is available — reload", and reload switches to it', async ({ browser }) => {
  // Two deployments of the same origin: today's build, then one whose sw.js differs (as every new
  // build's does: its precache list names the new files). Its own port, after the local WhatsApp
  // and SMS provider's (playwright.config.ts lists them).
  const port = Number(process.env.E2E_PORT ?? 3210) + 4;
  const origin = `http://127.0.0.1:${port}`;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'annadaan-update-'));
  const today = path.resolve('apps/web/dist');
  const next = path.join(work, 'dist');
  fs.cpSync(today, next, { recursive: true });
  fs.appendFileSync(path.join(next, 'sw.js'), '\n// the next deployment\n');
  // Its compressed copies would still be today's worker.
  fs.rmSync(path.join(next, 'sw.js.br'), { force: true });
  fs.rmSync(path.join(next, 'sw.js.gz'), { force: true });

  let server = await deploy(port, today, path.join(work, 'data'));
  const { context, page } = await devicePage(browser, DEVICES[1]);
  try {
    await page.goto(`${origin}/`);
    await controlledByServiceWorker(page);

    await stop(server);
    server = await deploy(port, next, path.join(work, 'data'));
    // The check the app makes every hour while open (browsers also check on navigations).
    await page.evaluate(async () => (await navigator.serviceWorker.ready).update());

    const prompt = page.locator('[aria-live="polite"]').filter({ hasText: 'A new version is available — reload' });
    await expect(prompt).toBeVisible({ timeout: 60_000 });
    await expectNoTruncationOrSideScroll(page);
    await expectAccessible(page);
    // It waited: the page is still run by today's worker until the person chooses.
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration('/'))?.waiting?.state)).toBe('installed');

    await Promise.all([page.waitForEvent('load', { timeout: 60_000 }), prompt.getByRole('button', { name: 'reload' }).click()]);
    await expect(page.getByText('A new version is available — reload')).toHaveCount(0);
    await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration('/'))?.waiting ?? null)).toBeNull();
    await controlledByServiceWorker(page);
    // The worker now in charge is the next deployment's.
    const running = await page.evaluate(async () => (await (await fetch('/sw.js', { cache: 'no-store' })).text()).endsWith('// the next deployment\n'));
    expect(running).toBe(true);
  } finally {
    await context.close();
    await stop(server);
    fs.rmSync(work, { recursive: true, force: true });
  }
});
