import { cleanup, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { type TestPerson, renderRoute, useRouteTestServer } from './support/route-test';
import { LATIN_ALLOW_LIST, untranslatedText } from './support/language';
import { paths } from '@annadaan/contract/paths';
import { i18n } from '../src/i18n/i18n';

/*
 * Issue 17's proof that every screen speaks the reader's language, found the way a person finds
 * them: from Home, every link of the main navigation and the footer, then every link those screens
 * lead to inside the app (a donation, a food need, the admin's pages), as a visitor, a donor, a
 * receiver and an admin. On each screen no text may be untranslated English. (Moved from the
 * browser tests, e2e/language-every-screen.spec.ts, where the six signed-in walks took 151 s; all
 * eight take 18 s here.)
 *
 * Twice: in Hindi, and in the pseudo-locale (English with every letter accented, made from the
 * English catalogs; apps/web/src/i18n/pseudo-locale.ts): passing in it shows that every text a
 * screen shows comes from a catalog. Each walk has its own server and data: what it follows is
 * what it made.
 */

/*
 * Numbers, dates and relative times come from Intl in the language's locale, not from the
 * catalogs: the pseudo-locale formats as English (en-IN), so Intl's English words are expected
 * there, and so is the statistics' English unit word the spec gives ("673.0 million").
 */
const months = (width: 'short' | 'long') =>
  Array.from({ length: 12 }, (_, month) => new Intl.DateTimeFormat('en-IN', { month: width, timeZone: 'UTC' }).format(Date.UTC(2026, month, 1)));
const INTL_ENGLISH = [
  ...months('short'),
  ...months('long'),
  ...['now', 'ago', 'yesterday', 'tomorrow', 'last', 'next', 'this', 'sec', 'min', 'second', 'seconds', 'minute', 'minutes', 'hour', 'hours'],
  ...['day', 'days', 'week', 'weeks', 'month', 'months', 'year', 'years', 'thousand', 'lakh', 'crore', 'million', 'billion'],
];
const LANGUAGES_TRIED = [
  { code: 'hi', name: 'Hindi', allowed: LATIN_ALLOW_LIST },
  { code: 'en-XA', name: 'the pseudo-locale', allowed: [...LATIN_ALLOW_LIST, ...INTL_ENGLISH] },
] as const;

type Role = 'visitor' | 'DONOR' | 'RECEIVER' | 'ADMIN';
/*
 * Every role's walk. The signed-in ones needed happy-dom to have a FontFaceSet
 * (support/browser-gaps.ts) and the carousel's CSS-hidden English region skipped as the browser
 * skips it (support/language.ts).
 */
const ROLES: Role[] = ['visitor', 'DONOR', 'RECEIVER', 'ADMIN'];

/** Each role reaches its own screens, not just the shared ones. */
const EXPECTED: Record<Role, string[]> = {
  visitor: ['/', '/signin', '/signup', '/forgot-password', '/stats', '/about', '/source', '/terms'],
  DONOR: [
    '/home2',
    '/donateform',
    '/my-received-requests',
    '/dashboard',
    '/profile',
    '/notifications',
    '/notification-settings',
    '/contacthelpform',
    '/volunteer',
  ],
  RECEIVER: ['/home2', '/browsedonations', '/my-order', '/food-alerts', '/food-needs', '/dashboard', '/profile', '/requestform', '/volunteer'],
  ADMIN: ['/admin/moderation', '/admin/audit-log', '/admin/messages', '/admin/messaging', '/admin/volunteers', '/userdirectory', '/dashboard', '/profile'],
};

/** A path as a kind of screen: "/donation/12" and "/donation/40" are one screen. */
const screenOf = (path: string) =>
  path
    .replace(/\?.*$/, '')
    .replace(/\/\d+(?=\/|$)/g, '/:id')
    .toLowerCase();

/** In-app links inside `scope` (not the API, downloads, other sites, or signing out). */
function appLinks(scope: Element): string[] {
  return [...scope.querySelectorAll('a[href^="/"]')]
    .filter((link) => !link.hasAttribute('download') && link.getAttribute('target') !== '_blank')
    .map((link) => link.getAttribute('href') ?? '')
    .filter((href) => href !== '' && !href.startsWith('/api/') && !/logout|unsubscribe/i.test(href));
}

for (const language of LANGUAGES_TRIED) {
  describe(`every screen in ${language.name}`, () => {
    const server = useRouteTestServer();

    async function person(role: Role): Promise<TestPerson | undefined> {
      if (role === 'visitor') return undefined;
      if (role === 'ADMIN') return server.signUp('ADMIN', { fullName: 'प्रशासक' });
      const someone = await server.signUp(role, { fullName: role === 'DONOR' ? 'सुनीता दाता' : 'रवि प्राप्तकर्ता', location: 'औंध, पुणे 411007' });
      // Something of their own on their lists, which the walk then follows.
      if (role === 'DONOR') {
        const donated = await server.api('POST', '/api/donations', {
          as: someone,
          body: {
            foodName: 'दाल चावल',
            description: 'ताज़ा बना',
            quantity: '4 डिब्बे',
            free: true,
            price: 0,
            location: 'एफ़सी रोड, पुणे 411004',
            deliveryType: 'SELF_PICKUP',
            foodType: 'PRECOOKED',
            refrigerationAvailable: false,
          },
        });
        expect(donated.status).toBe(201);
      } else {
        const start = Date.now() + 60 * 60_000;
        const posted = await server.api('POST', '/api/food-requests/create', {
          as: someone,
          body: {
            fullName: someone.fullName,
            contactNumber: someone.contactNumber,
            email: someone.email,
            location: 'हडपसर, पुणे 411028',
            requestedTime: new Date(start).toISOString(),
            requestExpiryTime: new Date(start + 4 * 60 * 60_000).toISOString(),
            foodType: 'RAW',
            numberOfPeople: 12,
          },
        });
        expect(posted.status).toBe(201);
      }
      return someone;
    }

    for (const role of ROLES) {
      test(`as ${role === 'visitor' ? 'a visitor' : `a ${role.toLowerCase()}`}`, async () => {
        const as = await person(role);
        const seen: string[] = [];

        /** Draws `path`, waits for its heading and nothing loading, and checks every text on it (each tab's too). */
        async function visit(path: string) {
          const { screen, user, router } = await renderRoute(path, { as, language: language.code });
          const main = () => screen.getByRole('main');
          await within(main()).findAllByRole('heading', undefined, { timeout: 15_000 });
          // The bar is drawn for the visitor first and for the signed-in person once the app has
          // taken over (as after a server render): its links are read once it is theirs.
          if (role !== 'visitor') await waitFor(() => expect(document.querySelector(`header a[href="${paths.profile}"]`)).not.toBeNull(), { timeout: 15_000 });
          if (role === 'ADMIN')
            await waitFor(() => expect(document.querySelector(`header a[href="${paths.adminModeration}"]`)).not.toBeNull(), { timeout: 15_000 });
          await waitFor(() => expect(main().querySelector('[aria-busy="true"]')).toBeNull(), { timeout: 15_000 });
          expect(document.documentElement.lang).toBe(language.code);
          // A screen that failed shows the (translated) error screen: that is no proof of its words.
          const t = i18n.getFixedT(language.code, 'common');
          const failed = [t('routeError.title'), t('routeError.offlineTitle')];
          expect(
            within(main())
              .queryAllByRole('heading', { level: 1 })
              .map((heading) => heading.textContent),
            `error screen on ${path}`,
          ).not.toEqual(expect.arrayContaining(failed.slice(0, 1)));
          await waitFor(() => expect(untranslatedText(language.allowed), `untranslated text on ${path}`).toEqual([]), { timeout: 15_000 });
          // Tabs show their panels one at a time: each is a screen of its own (not a carousel's dots).
          const tabs = within(main())
            .queryAllByRole('tab')
            .filter((tab) => !tab.closest('[aria-roledescription="carousel"]'));
          for (const tab of tabs.slice(1)) {
            await user.click(tab);
            await waitFor(() => expect(tab.getAttribute('aria-selected')).toBe('true'));
            await waitFor(() => expect(untranslatedText(language.allowed), `untranslated text on ${path}, tab ${tab.textContent}`).toEqual([]), {
              timeout: 15_000,
            });
          }
          seen.push(screenOf(router.state.location.pathname));
          // Every navigation the app draws, shown or not: the laptop's bar and the phone's tab bar
          // (the phone's menu repeats the bar once opened).
          const nav = screen.queryAllByRole('navigation', { hidden: true }).filter((element) => !element.closest('footer'));
          const links = {
            nav: nav.flatMap(appLinks),
            footer: screen.queryAllByRole('contentinfo').flatMap(appLinks),
            main: appLinks(main()),
          };
          cleanup();
          return links;
        }

        const home = await visit('/');
        const inside: string[] = [];
        for (const href of [...home.nav, ...home.footer]) {
          if (seen.includes(screenOf(href))) continue;
          inside.push(...(await visit(href)).main);
        }
        // One level further: the screens those lead to (a donation, a food need, the admin's pages).
        for (const href of inside) {
          if (seen.includes(screenOf(href))) continue;
          await visit(href);
        }
        expect(seen, `screens seen: ${seen.join(' ')}`).toEqual(expect.arrayContaining(EXPECTED[role]));
      }, 240_000);
    }
  });
}
