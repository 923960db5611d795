import type { Page } from '@playwright/test';
import { LATIN_ALLOW_LIST } from './language-allow-list';
import type { Device } from './devices';
import { expect } from './test';

/*
 * Issue 17: checking that a screen speaks Hindi. A visible text node with a word of three or more
 * Latin letters is untranslated English unless the word is on this short list (the brand, units,
 * codes and names people say in English). People's own words (names, food, addresses) are not the
 * app's: tests that scan a screen create their data in Devanagari, and text inside an element
 * marked `translate="no"` (the HTML way of saying "a name, not a sentence") or `data-user-text`
 * (what a person wrote: a food's name, description or quantity) is skipped, as are e-mail
 * addresses and web addresses. So is text an element declares to be in another language with
 * `lang` (the switch's "English", in English on purpose).
 */
export { LATIN_ALLOW_LIST };

/** The visible Latin words on the page that are not on the allow-list, each with its text node. */
export async function untranslatedText(page: Page, allow: readonly string[] = LATIN_ALLOW_LIST): Promise<string[]> {
  return page.evaluate((allowed) => {
    const allowSet = new Set(allowed.map((word) => word.toLowerCase()));
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent ?? '';
      if (!parent || !/[A-Za-z]{3}/.test(text)) continue;
      if (parent.closest('script, style, noscript, [translate="no"], [data-user-text], [aria-hidden="true"]')) continue;
      const declared = parent.closest('[lang]')?.getAttribute('lang');
      if (declared && declared !== document.documentElement.lang) continue;
      if (!parent.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const words = text
        .split(/\s+/)
        .filter((token) => !/@|:\/\/|^www\./.test(token))
        .flatMap((token) => token.match(/[A-Za-z]{3,}/g) ?? [])
        .filter((word) => !allowSet.has(word.toLowerCase()));
      if (words.length > 0) found.push(`${words.join(' ')}  ‹${text.trim().slice(0, 80)}›`);
    }
    return found;
  }, allow);
}

/** Fails, listing them, when the page shows untranslated English. */
export async function expectNoUntranslatedText(page: Page, allow?: readonly string[]): Promise<void> {
  await expect.poll(() => untranslatedText(page, allow), { message: `untranslated text on ${page.url()}` }).toEqual([]);
}

/**
 * Switches the app's language with the switch a person sees: in the bar on a laptop, in the menu
 * on a phone. `name` is the language's own name ("हिन्दी", "English").
 */
export async function chooseLanguage(page: Page, device: Pick<Device, 'phone'>, name: string): Promise<void> {
  if (device.phone)
    await page
      .getByRole('banner')
      .getByRole('button', { name: /Open menu|मेन्यू खोलें/ })
      .click();
  const scope = device.phone ? page.getByRole('dialog') : page.getByRole('banner');
  await scope.getByRole('button', { name, exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', name === 'English' ? 'en' : 'hi');
  if (device.phone && (await page.getByRole('dialog').isVisible())) await page.keyboard.press('Escape');
}
