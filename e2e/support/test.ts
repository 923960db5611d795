import { randomInt } from 'node:crypto';
import { type Browser, type Page, test as base } from '@playwright/test';

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

type Navigate = (this: Page, ...args: unknown[]) => Promise<unknown>;
let pagesPatched = false;

/** Makes goto, reload, goBack and goForward of every page in this worker wait for hydration. */
async function patchPageLoads(browser: Browser) {
  if (pagesPatched) return;
  pagesPatched = true;
  const context = await browser.newContext();
  const prototype = Object.getPrototypeOf(await context.newPage()) as Record<'goto' | 'reload' | 'goBack' | 'goForward', Navigate>;
  await context.close();
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

export const test = base.extend<object, { hydrationAware: void }>({
  hydrationAware: [
    async ({ browser }, use) => {
      await patchPageLoads(browser);
      await use();
    },
    { scope: 'worker', auto: true },
  ],
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    const address = `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': address });
  },
});

export { expect } from '@playwright/test';
