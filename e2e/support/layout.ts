import { type Page, expect } from '@playwright/test';

/*
 * Nothing cut off, nothing sideways (issue 11): at a phone's 360 px no page may scroll
 * sideways, and no text, badge or button label may be clipped, truncated with an ellipsis or
 * overlapped by another control.
 */

interface LayoutProblem {
  what: string;
  why: string;
}

/** Elements whose text is clipped, the document's sideways scroll, and controls lying over text. */
export async function layoutProblems(page: Page): Promise<LayoutProblem[]> {
  return page.evaluate(() => {
    const problems: { what: string; why: string }[] = [];
    const describe = (element: Element) => {
      const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 60);
      const label = element.getAttribute('aria-label');
      return `<${element.tagName.toLowerCase()}${element.className && typeof element.className === 'string' ? ` class="${element.className.slice(0, 60)}"` : ''}> "${label ?? text}"`;
    };
    const viewport = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > viewport) {
      problems.push({ what: 'document', why: `scrolls sideways: ${document.documentElement.scrollWidth} px wide in a ${viewport} px viewport` });
    }
    const visible = (element: Element) => {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      // Over 1 px: text hidden for screen readers only (Mantine's VisuallyHidden) is 1 px by design.
      return box.width > 1 && box.height > 1 && style.visibility !== 'hidden' && style.display !== 'none';
    };
    // Inside a region that scrolls or slides on purpose (a wide table, a carousel, the stats strip),
    // text beyond the screen's edge is reached by scrolling that region, not cut off.
    const inScroller = (element: Element) => {
      for (let node = element.parentElement; node && node !== document.body; node = node.parentElement) {
        if (getComputedStyle(node).overflowX !== 'visible') return true;
      }
      return false;
    };
    for (const element of document.querySelectorAll('body *')) {
      if (!visible(element) || element.closest('[aria-hidden="true"], svg, script, style')) continue;
      const style = getComputedStyle(element);
      const ownText = [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '');
      const clips = ['hidden', 'clip'].includes(style.overflowX) || style.textOverflow === 'ellipsis';
      // Text clipped by its own box (a badge, a tab, a button label) or cut with an ellipsis.
      if (ownText && clips && element.scrollWidth > element.clientWidth + 1) {
        problems.push({ what: describe(element), why: `text cut off: needs ${element.scrollWidth} px, has ${element.clientWidth} px` });
      }
      // Text running out of the viewport.
      if (ownText && !inScroller(element)) {
        const box = element.getBoundingClientRect();
        if (box.right > viewport + 1 || box.left < -1) problems.push({ what: describe(element), why: `runs off the screen (${Math.round(box.left)} to ${Math.round(box.right)} px)` });
      }
    }
    // Carousel arrows (and any floating control) must not lie over text.
    for (const control of document.querySelectorAll('.mantine-Carousel-control')) {
      if (!visible(control)) continue;
      const c = control.getBoundingClientRect();
      for (const element of control.closest('.mantine-Carousel-root')?.querySelectorAll('p, h1, h2, h3, span, .mantine-Badge-root') ?? []) {
        if (!visible(element) || !(element.textContent ?? '').trim()) continue;
        const t = element.getBoundingClientRect();
        // Only text actually on screen (carousel slides off to the side are not shown).
        if (t.right <= 0 || t.left >= viewport) continue;
        const overlaps = c.left < t.right && c.right > t.left && c.top < t.bottom && c.bottom > t.top;
        if (overlaps) problems.push({ what: describe(control), why: `covers the text ${describe(element)}` });
      }
    }
    return problems;
  });
}

/** Asserts the page has no sideways scroll and no truncated or covered text right now. */
export async function expectNoTruncationOrSideScroll(page: Page, where = page.url()) {
  const problems = await layoutProblems(page);
  expect(problems.map((problem) => `${problem.what}: ${problem.why}`), `layout problems on ${where}`).toEqual([]);
}
