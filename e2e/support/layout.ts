import { type Page, expect } from '@playwright/test';

/** A phone the issue 11 journeys are checked on: 360 × 740 CSS pixels. */
export const PHONE_VIEWPORT = { width: 360, height: 740 } as const;

/**
 * Parts that clip on purpose: a carousel's window onto its slides, and anything marked
 * `data-clip-ok` (say why beside it in the component).
 */
const CLIPS_ON_PURPOSE = ['.mantine-Carousel-viewport', '[data-clip-ok]'];

/**
 * Asserts what a person sees now is all there: the page does not scroll sideways, and no visible
 * element that clips its content (overflow hidden or clip, or an ellipsis) holds more text than it
 * shows. Scroll containers (overflow auto or scroll) are fine: their content can be reached.
 * Badges, button labels and tabs are Mantine elements with `overflow: hidden`, so cut-off labels
 * show up here as scrollWidth > clientWidth.
 */
export async function expectNoTruncationOrSideScroll(page: Page, { ignore = [] as string[] } = {}) {
  // Wait for finite animations (a drawer sliding in, a toast arriving): halfway sizes are not real.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
  const problems = await page.evaluate((skip) => {
    const found: string[] = [];
    const root = document.scrollingElement ?? document.documentElement;
    if (root.scrollWidth > root.clientWidth) found.push(`the page scrolls sideways: ${root.scrollWidth} px of content in ${root.clientWidth} px`);

    const name = (element: Element) => {
      const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 50);
      const classes = [...element.classList].filter((c) => c.startsWith('mantine-')).join('.');
      return `<${element.tagName.toLowerCase()}${classes ? `.${classes}` : ''}> "${text}"`;
    };
    const clips = (value: string) => value === 'hidden' || value === 'clip';

    for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
      if (!(element instanceof HTMLElement) || element.getClientRects().length === 0) continue;
      if (skip.some((selector) => element.closest(selector))) continue;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden') continue;
      // Screen-reader-only text is 1 px on purpose.
      if (element.clientWidth <= 1 && element.clientHeight <= 1) continue;
      if (!(element.textContent ?? '').trim()) continue;
      const clipX = clips(style.overflowX) || style.textOverflow === 'ellipsis';
      const clipY = clips(style.overflowY);
      if (clipX && element.scrollWidth > element.clientWidth + 1) {
        found.push(`cut off sideways (${element.scrollWidth} > ${element.clientWidth} px): ${name(element)}`);
      } else if (clipY && element.scrollHeight > element.clientHeight + 1) {
        found.push(`cut off at the bottom (${element.scrollHeight} > ${element.clientHeight} px): ${name(element)}`);
      }
    }
    return found;
  }, [...CLIPS_ON_PURPOSE, ...ignore]);
  expect(problems, `at ${page.url()} (${page.viewportSize()?.width ?? '?'} px wide)`).toEqual([]);
}
