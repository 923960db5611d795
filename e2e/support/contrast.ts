import type { Page } from '@playwright/test';

/** A badge whose text does not stand out from what is behind it. */
export interface ContrastProblem {
  text: string;
  color: string;
  background: string;
  ratio: number;
}

/** WCAG AA for normal text: badges are small, so the large-text allowance never applies. */
export const MINIMUM_CONTRAST = 4.5;

/**
 * Every visible badge and status pill (Mantine's Badge) on the page whose text is under 4.5:1
 * against the colour actually behind it: the badge's own background composited, alpha and all,
 * over each ancestor's down to the first opaque one (white if none is). axe passed the notification
 * centre's "Unread" pill drawn green on the same green (issue 29): it skips text it cannot place
 * over a background, so this measures every badge itself.
 */
export async function badgeContrastProblems(page: Page): Promise<{ checked: number; problems: ContrastProblem[] }> {
  return page.evaluate((minimum) => {
    const canvas = document.createElement('canvas');
    canvas.width = 1;
    canvas.height = 1;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) throw new Error('No 2D canvas to read colours with');
    // Any CSS colour (rgb(), color-mix results, color(srgb …)) as the browser paints it: RGBA 0-255, alpha 0-1.
    const rgba = (css: string): [number, number, number, number] => {
      context.clearRect(0, 0, 1, 1);
      context.fillStyle = '#000';
      context.fillStyle = css;
      context.fillRect(0, 0, 1, 1);
      const [r = 0, g = 0, b = 0, a = 0] = context.getImageData(0, 0, 1, 1).data;
      return [r, g, b, a / 255];
    };
    const over = (top: [number, number, number, number], bottom: [number, number, number]): [number, number, number] => [
      top[0] * top[3] + bottom[0] * (1 - top[3]),
      top[1] * top[3] + bottom[1] * (1 - top[3]),
      top[2] * top[3] + bottom[2] * (1 - top[3]),
    ];
    const luminance = ([r, g, b]: [number, number, number]) => {
      const channel = (value: number) => {
        const s = value / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    const backgroundBehind = (element: Element): [number, number, number] => {
      const layers: [number, number, number, number][] = [];
      for (let node: Element | null = element; node; node = node.parentElement) {
        const layer = rgba(getComputedStyle(node).backgroundColor);
        if (layer[3] > 0) layers.push(layer);
        if (layer[3] >= 1) break;
      }
      let colour: [number, number, number] = [255, 255, 255];
      for (const layer of layers.reverse()) colour = over(layer, colour);
      return colour;
    };
    const hex = (colour: [number, number, number]) => `#${colour.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

    const badges = [...document.querySelectorAll<HTMLElement>('.mantine-Badge-root')].filter(
      (badge) => badge.getClientRects().length > 0 && getComputedStyle(badge).visibility !== 'hidden' && (badge.textContent ?? '').trim() !== '',
    );
    const problems = badges.flatMap((badge) => {
      const label = badge.querySelector('.mantine-Badge-label') ?? badge;
      const background = backgroundBehind(badge);
      const text = over(rgba(getComputedStyle(label).color), background);
      const [lighter, darker] = [luminance(text), luminance(background)].sort((a, b) => b - a) as [number, number];
      const ratio = Math.round(((lighter + 0.05) / (darker + 0.05)) * 100) / 100;
      return ratio < minimum ? [{ text: (badge.textContent ?? '').trim(), color: hex(text), background: hex(background), ratio }] : [];
    });
    return { checked: badges.length, problems };
  }, MINIMUM_CONTRAST);
}
