import { type Page, expect } from '@playwright/test';

/** A phone the issue 11 journeys are checked on: 360 × 740 CSS pixels. */
export const PHONE_VIEWPORT = { width: 360, height: 740 } as const;

/**
 * Parts that clip on purpose: a carousel's window onto its slides, and anything marked
 * `data-clip-ok` (say why beside it in the component).
 */
const CLIPS_ON_PURPOSE = ['.mantine-Carousel-viewport', '[data-clip-ok]'];

/**
 * Asserts what a person sees now is all there (issue 11): the page does not scroll sideways; no
 * visible element that clips its content (overflow hidden or clip, or an ellipsis) holds more text
 * than it shows; no text runs off the screen outside a region that scrolls on purpose; and no
 * carousel arrow lies over text. Scroll containers (overflow auto or scroll) are fine: their
 * content can be reached. Badges, button labels and tabs are Mantine elements with
 * `overflow: hidden`, so cut-off labels show up here as scrollWidth > clientWidth.
 */
export async function expectNoTruncationOrSideScroll(page: Page, { ignore = [] as string[], where = page.url() } = {}) {
  const problems = await findLayoutProblems(page, ignore);
  expect(problems, `layout problems at ${where} (${page.viewportSize()?.width ?? '?'} px wide)`).toEqual([]);
}

/** What {@link expectNoTruncationOrSideScroll} finds on the page now, once finite animations end. */
export async function findLayoutProblems(page: Page, ignore: string[] = []): Promise<string[]> {
  // Wait for finite animations (a drawer sliding in, a toast arriving): halfway sizes are not real.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
  return page.evaluate(
    (skip) => {
      const found: string[] = [];
      const root = document.scrollingElement ?? document.documentElement;
      const viewport = root.clientWidth;
      if (root.scrollWidth > viewport) found.push(`the page scrolls sideways: ${root.scrollWidth} px of content in ${viewport} px`);

      const name = (element: Element) => {
        const text = (element.getAttribute('aria-label') ?? element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 50);
        const classes = [...element.classList].filter((c) => c.startsWith('mantine-')).join('.');
        return `<${element.tagName.toLowerCase()}${classes ? `.${classes}` : ''}> "${text}"`;
      };
      const clips = (value: string) => value === 'hidden' || value === 'clip';
      const shown = (element: Element) => {
        const box = element.getBoundingClientRect();
        // Over 1 px: screen-reader-only text (Mantine's VisuallyHidden) is 1 px by design. Fully
        // transparent is not seen either: a toast that has faded out keeps its padding (max-height
        // 0, opacity 0) for a moment until Mantine unmounts it.
        return box.width > 1 && box.height > 1 && element.checkVisibility({ opacityProperty: true, visibilityProperty: true });
      };
      // Inside a region that scrolls or slides on purpose (a wide table, a carousel, the stats strip),
      // text beyond the screen's edge is reached by scrolling that region, not cut off.
      const inScroller = (element: Element) => {
        for (let node = element.parentElement; node && node !== document.body; node = node.parentElement) {
          if (getComputedStyle(node).overflowX !== 'visible') return true;
        }
        return false;
      };

      for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
        if (!(element instanceof HTMLElement) || element.getClientRects().length === 0) continue;
        if (skip.some((selector) => element.closest(selector))) continue;
        if (!shown(element) || element.closest('[aria-hidden="true"], svg, script, style')) continue;
        if (!(element.textContent ?? '').trim()) continue;
        const style = getComputedStyle(element);
        const clipX = clips(style.overflowX) || style.textOverflow === 'ellipsis';
        const clipY = clips(style.overflowY);
        if (clipX && element.scrollWidth > element.clientWidth + 1) {
          found.push(`cut off sideways (${element.scrollWidth} > ${element.clientWidth} px): ${name(element)}`);
        } else if (clipY && element.scrollHeight > element.clientHeight + 1) {
          found.push(`cut off at the bottom (${element.scrollHeight} > ${element.clientHeight} px): ${name(element)}`);
        }
        const ownText = [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '');
        if (ownText && !inScroller(element)) {
          const box = element.getBoundingClientRect();
          if (box.right > viewport + 1 || box.left < -1)
            found.push(`runs off the screen (${Math.round(box.left)} to ${Math.round(box.right)} px): ${name(element)}`);
        }
      }
      // Carousel arrows must not lie over the text on screen.
      for (const control of document.querySelectorAll('.mantine-Carousel-control')) {
        if (!shown(control)) continue;
        const c = control.getBoundingClientRect();
        for (const element of control.closest('.mantine-Carousel-root')?.querySelectorAll('p, h1, h2, h3, span, .mantine-Badge-root') ?? []) {
          if (!shown(element) || !(element.textContent ?? '').trim()) continue;
          const t = element.getBoundingClientRect();
          // Slides off to the side are not on screen.
          if (t.right <= 0 || t.left >= viewport) continue;
          if (c.left < t.right && c.right > t.left && c.top < t.bottom && c.bottom > t.top) found.push(`${name(control)} covers the text ${name(element)}`);
        }
      }
      return found;
    },
    [...CLIPS_ON_PURPOSE, ...ignore],
  );
}
