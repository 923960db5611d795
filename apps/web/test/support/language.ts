/*
 * Issue 17's check that a screen speaks the reader's language, in a route test: no text node may
 * hold a word of three or more Latin letters unless it is on the allow-list (e2e/support/language.ts
 * gives the list and its reasons; the browser check also skips what CSS hides, which happy-dom
 * does not lay out, so here every part in the document is read, shown or not).
 */
import { LATIN_ALLOW_LIST } from '../../../../e2e/support/language-allow-list';

export { LATIN_ALLOW_LIST };

/**
 * Parts the app's own CSS takes out of the page (display: none), which happy-dom does not apply:
 * Mantine's carousel's English "Slide 1 of 6" live region (ending-soon-carousel.css), which the
 * browser tests see hidden and the carousel replaces with one in the reader's language.
 */
const HIDDEN_BY_THE_APPS_CSS = ".ending-soon-carousel-root > [role='status']";

/** The Latin words in the document that are not on the allow-list, each with its text. */
export function untranslatedText(allow: readonly string[] = LATIN_ALLOW_LIST, root: ParentNode = document.body): string[] {
  const allowSet = new Set(allow.map((word) => word.toLowerCase()));
  const found: string[] = [];
  const walker = document.createTreeWalker(root as Node, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    const text = node.textContent ?? '';
    if (!parent || !/[A-Za-z]{3}/.test(text)) continue;
    if (parent.closest(`script, style, noscript, template, [hidden], [translate="no"], [data-user-text], [aria-hidden="true"], ${HIDDEN_BY_THE_APPS_CSS}`))
      continue;
    const declared = parent.closest('[lang]')?.getAttribute('lang');
    if (declared && declared !== document.documentElement.lang) continue;
    const words = text
      .split(/\s+/)
      .filter((token) => !/@|:\/\/|^www\./.test(token))
      .flatMap((token) => token.match(/[A-Za-z]{3,}/g) ?? [])
      .filter((word) => !allowSet.has(word.toLowerCase()));
    if (words.length > 0) found.push(`${words.join(' ')}  ‹${text.trim().slice(0, 80)}›`);
  }
  return found;
}
