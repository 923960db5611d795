import { randomInt } from 'node:crypto';
import { type Browser, type BrowserContext, type Page, test as base } from '@playwright/test';

/*
 * Every test acts from its own client address (the e2e server trusts one proxy hop, TRUST_PROXY=1), as real
 * people do. Without it, the whole suite would share 127.0.0.1 and trip the per-address sign-up
 * and sign-in limits that the API tests check on purpose.
 */
/**
 * Pages come drawn from the server (issue 18): their content shows before React takes them over,
 * and a click in between would do nothing. After every full page load the tests wait, as a person
 * waits for a page to finish loading, until the app marks itself hydrated (`<html data-hydrated>`);
 * a page the server did not draw (JSON, a picture, the plain shell) passes at once.
 */
async function waitForHydration(page: Page) {
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated') || !document.getElementById('annadaan-server-render'));
}

/**
 * A screen that has shown must not vanish behind the page loader and come back: React does that
 * when a part of the screen suspends (its words, its code) after the screen first showed, and a
 * person then loses what they were typing and where the keyboard was (a pin code typed on Home2
 * went nowhere; issue 18). React hides a shown screen by adding `display: none !important` to its
 * outermost elements, the children of <main>, and takes it off again when the part arrives. Moving
 * to another screen through the loader is fine: the old screen is then removed, not shown again.
 */
const SCREEN_CAME_BACK = 'annadaan-e2e: the screen was hidden behind the page loader and shown again';
/** Runs in the page (an init script), so the marker comes as an argument. */
function watchForScreensHiddenAndShownAgain(marker: string) {
  const hiddenRule = 'display: none !important';
  new MutationObserver((records) => {
    for (const record of records) {
      const element = record.target as Element;
      if (element.parentElement?.id !== 'main') continue;
      const wasHidden = record.oldValue?.includes(hiddenRule) ?? false;
      const hidden = element.getAttribute('style')?.includes(hiddenRule) ?? false;
      if (wasHidden && !hidden) console.error(`${marker} at ${location.pathname}${location.search}`);
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['style'], attributeOldValue: true });
}

/** What the pages of the running test reported (a worker runs one test at a time). */
let screensThatCameBack: string[] = [];

function watchContext(context: BrowserContext) {
  const listen = (page: Page) =>
    page.on('console', (message) => {
      if (message.text().startsWith(SCREEN_CAME_BACK)) screensThatCameBack.push(message.text());
    });
  context.pages().forEach(listen);
  context.on('page', listen);
  return context.addInitScript(watchForScreensHiddenAndShownAgain, SCREEN_CAME_BACK);
}

type Navigate = (this: Page, ...args: unknown[]) => Promise<unknown>;
let pagesPatched = false;

/** Makes goto, reload, goBack and goForward of every page in this worker wait for hydration. */
async function patchPageLoads(browser: Browser) {
  if (pagesPatched) return;
  pagesPatched = true;
  const context = await browser.newContext();
  const prototype = Object.getPrototypeOf(await context.newPage()) as Record<'goto' | 'reload' | 'goBack' | 'goForward', Navigate>;
  await context.close();
  // Every browser context a test opens, its own or the default one, watches its screens.
  const browserPrototype = Object.getPrototypeOf(browser) as { newContext: (this: Browser, ...args: unknown[]) => Promise<BrowserContext> };
  const newContext = browserPrototype.newContext;
  browserPrototype.newContext = async function (this: Browser, ...args: unknown[]) {
    const created = await newContext.apply(this, args);
    await watchContext(created);
    return created;
  };
  for (const name of ['goto', 'reload', 'goBack', 'goForward'] as const) {
    const original = prototype[name];
    prototype[name] = async function (this: Page, ...args: unknown[]) {
      const response = await original.apply(this, args);
      const options = args.find((arg): arg is { waitUntil?: string } => typeof arg === 'object' && arg !== null && 'waitUntil' in arg);
      // `waitUntil: 'commit'` asks for the raw answer (the page without JavaScript, say): no wait then.
      if (options?.waitUntil !== 'commit' && response !== null) await waitForHydration(this);
      return response;
    };
  }
}

export const test = base.extend<{ screensStayShown: void }, { hydrationAware: void }>({
  hydrationAware: [
    async ({ browser }, use) => {
      await patchPageLoads(browser);
      await use();
    },
    { scope: 'worker', auto: true },
  ],
  screensStayShown: [
    // Playwright reads a fixture's needs from its first parameter's pattern: this one needs none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      screensThatCameBack = [];
      await use();
      if (screensThatCameBack.length > 0) throw new Error([...new Set(screensThatCameBack)].join('\n'));
    },
    { auto: true },
  ],
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    const address = `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': address });
  },
});

export { expect } from '@playwright/test';
