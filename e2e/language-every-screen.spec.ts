import type { Locator, Page } from '@playwright/test';
import { createAdmin } from './support/admin';
import { DEVICES, type Device, devicePage, mainNav } from './support/devices';
import { LATIN_ALLOW_LIST, expectNoUntranslatedText } from './support/language';
import { type Person, donate, postFoodNeed, registerPerson } from './support/scenario';
import { expect, test } from './support/test';

/*
 * Issue 17's proof that every screen speaks the reader's language, found the way a person finds
 * them: from Home, every link of the main navigation and the footer, then every link those screens
 * lead to inside the app (a donation, the dashboard's tabs, the admin's pages), as a visitor, a
 * donor, a receiver and an admin. On each screen no visible text may be untranslated English.
 *
 * Twice: in Hindi, and in the pseudo-locale (English with every letter accented, made from the
 * English catalogs; apps/web/src/i18n/pseudo-locale.ts). The pseudo-locale is the third language
 * added as a third language would be: passing in it shows that every text a screen shows comes
 * from a catalog, so Marathi or Tamil is a catalog folder and a line in the contract's LANGUAGES.
 */

const LANGUAGES_TRIED = [
  { code: 'hi', name: 'Hindi', device: DEVICES[1] },
  { code: 'en-XA', name: 'the pseudo-locale', device: DEVICES[0] },
] as const;

/*
 * Numbers, dates and relative times come from Intl in the language's locale, not from the
 * catalogs: the pseudo-locale formats as English (en-IN), so Intl's English words are expected
 * there (a real third language gets its own from its locale, as Hindi does), and so is the
 * statistics' English unit word the spec gives ("673.0 million"; lib/statistic-format.ts).
 */
const months = (width: 'short' | 'long') =>
  Array.from({ length: 12 }, (_, month) => new Intl.DateTimeFormat('en-IN', { month: width, timeZone: 'UTC' }).format(Date.UTC(2026, month, 1)));
const INTL_ENGLISH = [
  ...months('short'),
  ...months('long'),
  ...['now', 'ago', 'yesterday', 'tomorrow', 'last', 'next', 'this', 'sec', 'min', 'second', 'seconds', 'minute', 'minutes', 'hour', 'hours'],
  ...['day', 'days', 'week', 'weeks', 'month', 'months', 'year', 'years', 'thousand', 'lakh', 'crore', 'million', 'billion'],
];
const ALLOWED: Record<string, readonly string[]> = { hi: LATIN_ALLOW_LIST, 'en-XA': [...LATIN_ALLOW_LIST, ...INTL_ENGLISH] };

type Role = 'visitor' | 'DONOR' | 'RECEIVER' | 'ADMIN';
// The visitor's walk, in both languages, is a route test (apps/web/test/language-every-screen.route.test.tsx).
const ROLES: Role[] = ['DONOR', 'RECEIVER', 'ADMIN'];

/** A path as a kind of screen: "/donation/12" and "/donation/40" are one screen. */
const screenOf = (path: string) =>
  path
    .replace(/\?.*$/, '')
    .replace(/\/\d+(?=\/|$)/g, '/:id')
    .toLowerCase();

/** In-app links a screen offers (not the API, downloads, other sites, or signing out). */
async function appLinks(scope: Locator): Promise<string[]> {
  const hrefs = await scope.locator('a[href^="/"]').evaluateAll((links) =>
    links.filter((link) => !link.hasAttribute('download') && link.getAttribute('target') !== '_blank').map((link) => link.getAttribute('href') ?? ''),
  );
  return hrefs.filter((href) => href !== '' && !href.startsWith('/api/') && !/logout|unsubscribe/i.test(href));
}

/** Waits for a screen to settle: its heading shown, nothing loading. */
async function settled(page: Page) {
  await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
  await expect(page.locator('.boot-overlay')).toHaveCount(0);
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
}

async function checkScreen(page: Page, code: string, seen: string[]) {
  await settled(page);
  await expect(page.locator('html')).toHaveAttribute('lang', code);
  await expectNoUntranslatedText(page, ALLOWED[code]);
  // Tabs show their panels one at a time: each is a screen of its own. (A carousel's dots are
  // tabs too, but show the same cards moved along, and move by themselves.)
  const tabs = page.locator('main [role="tab"]:not([aria-roledescription="carousel"] *)');
  const count = await tabs.count();
  for (let index = 1; index < count; index += 1) {
    await tabs.nth(index).click();
    await expect(tabs.nth(index)).toHaveAttribute('aria-selected', 'true');
    await settled(page);
    await expectNoUntranslatedText(page, ALLOWED[code]);
  }
  seen.push(screenOf(new URL(page.url()).pathname));
}

/**
 * Opens a link the way a person does: from the screen that shows it, by clicking it. False when a
 * screen's list no longer shows it: other tests add and withdraw food while this one runs, so a
 * donation listed a minute ago may be gone (the caller tries the next link to the same screen).
 */
async function follow(page: Page, device: Device, from: string, href: string, where: 'nav' | 'footer' | 'main'): Promise<boolean> {
  await page.goto(from);
  await settled(page);
  const scope = where === 'nav' ? await mainNav(page, device) : where === 'footer' ? page.getByRole('contentinfo') : page.getByRole('main');
  const link = scope.locator(`a[href="${href}"]`).first();
  if (where === 'main' && !(await link.waitFor({ state: 'attached', timeout: 5_000 }).then(() => true, () => false))) return false;
  await link.click();
  if (href !== from) await page.waitForURL((url) => url.pathname + url.search !== from);
  return true;
}

async function person(request: Parameters<typeof registerPerson>[0], role: Role): Promise<Person | undefined> {
  if (role === 'visitor') return undefined;
  if (role === 'ADMIN') return createAdmin(request, 'प्रशासक');
  const someone = await registerPerson(request, role, { fullName: role === 'DONOR' ? 'सुनीता दाता' : 'रवि प्राप्तकर्ता', location: 'औंध, पुणे 411007' });
  // Something of their own on their lists.
  if (role === 'DONOR') await donate(request, someone, 'दाल चावल');
  else await postFoodNeed(request, someone, 12);
  return someone;
}

for (const language of LANGUAGES_TRIED) {
  test.describe(`every screen in ${language.name} on a ${language.device.name}`, () => {
    for (const role of ROLES) {
      test(`as ${role === 'visitor' ? 'a visitor' : `a ${role.toLowerCase()}`}`, async ({ browser, request }) => {
        test.setTimeout(240_000);
        const device = language.device;
        const { context, page } = await devicePage(browser, device, await person(request, role));
        // The language chosen before in this browser (the switch itself is tried in language.spec.ts).
        await context.addInitScript((code) => localStorage.setItem('annadaan.language', code), language.code);

        const seen: string[] = [];
        await page.goto('/');
        await checkScreen(page, language.code, seen);

        // The main navigation and the footer, from Home.
        const fromHome: { href: string; where: 'nav' | 'footer' }[] = [];
        for (const href of await appLinks(await mainNav(page, device))) fromHome.push({ href, where: 'nav' });
        if (device.phone) await page.keyboard.press('Escape');
        for (const href of await appLinks(page.getByRole('contentinfo'))) fromHome.push({ href, where: 'footer' });

        const inside: { from: string; href: string }[] = [];
        for (const { href, where } of fromHome) {
          if (seen.includes(screenOf(href))) continue;
          await follow(page, device, '/', href, where);
          await checkScreen(page, language.code, seen);
          for (const next of await appLinks(page.getByRole('main'))) inside.push({ from: href, href: next });
        }
        // One level further: the screens those lead to (a donation, a food need, the admin's pages).
        for (const { from, href } of inside) {
          if (seen.includes(screenOf(href))) continue;
          if (!(await follow(page, device, from, href, 'main'))) continue;
          await checkScreen(page, language.code, seen);
        }

        // Each role reaches its own screens, not just the shared ones.
        const expected: Record<Role, string[]> = {
          visitor: ['/', '/signin', '/signup', '/forgot-password', '/stats', '/about', '/source', '/terms'],
          DONOR: ['/home2', '/donateform', '/my-received-requests', '/dashboard', '/profile', '/notifications', '/notification-settings', '/contacthelpform'],
          RECEIVER: ['/home2', '/browsedonations', '/my-order', '/food-alerts', '/food-needs', '/dashboard', '/profile', '/requestform'],
          ADMIN: ['/admin/moderation', '/admin/audit-log', '/admin/messages', '/userdirectory', '/dashboard', '/profile'],
        };
        expect(seen, `screens seen: ${seen.join(' ')}`).toEqual(expect.arrayContaining(expected[role]));
        await context.close();
      });
    }
  });
}
