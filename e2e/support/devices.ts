import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { PHONE_VIEWPORT } from './layout';
import { type Person, useSession } from './scenario';
import { expect } from './test';

/** A laptop and a 360 × 740 phone (touch, mobile), the two screens every journey is tried on. */
export const DEVICES = [
  { name: 'desktop', viewport: { width: 1280, height: 800 }, phone: false },
  { name: 'phone', viewport: PHONE_VIEWPORT, phone: true },
] as const;
export type Device = (typeof DEVICES)[number];

/**
 * The phone alone, for the Hindi screens: their words, forms and messages are checked at a laptop's
 * width by the route tests (apps/web/test/hindi-*.route.test.tsx, issue 30); what needs a browser
 * (the 360 px layout, axe, the font, maps and charts) is checked here on the phone, where the
 * longer Hindi words are tightest.
 */
export const PHONE: Device = DEVICES[1];

/** A fresh browser context for the device, signed in as `person` when given, and its first page. */
export async function devicePage(browser: Browser, device: Device, person?: Person): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: device.viewport, hasTouch: device.phone, isMobile: device.phone });
  if (person) await useSession(context, person);
  return { context, page: await context.newPage() };
}

/**
 * The main navigation as this device shows it: the bar on a laptop, the menu (one tap away) on a
 * phone; in English, in Hindi or in the pseudo-locale (apps/web/src/i18n/pseudo-locale.ts).
 */
export async function mainNav(page: Page, device: Device): Promise<Locator> {
  if (device.phone) await page.getByRole('button', { name: /^(Open menu|मेन्यू खोलें|Óþéñ ɱéñú)$/ }).click();
  const nav = page.getByRole('navigation', { name: /^(Main|मुख्य|Ṁáíñ)$/ });
  await expect(nav).toBeVisible();
  return nav;
}
