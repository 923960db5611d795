import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS } from '../../scripts/chromium.mjs';

export interface LighthouseScores {
  page: string;
  performance: number | null;
  accessibility: number | null;
  bestPractices: number | null;
  seo: number | null;
  /** Largest Contentful Paint and Total Blocking Time under the simulated mobile network and CPU. */
  lcpMs: number | null;
  tbtMs: number | null;
}

/** The project's headless flags for Debian's chromium (scripts/chromium.mjs), headless here. */
const CHROME_FLAGS = ['--headless', ...CHROMIUM_FLAGS];

export const LIGHTHOUSE_PAGES = ['/', '/BrowseDonations', '/stats'];

/** Lighthouse's default (mobile) profile: a mid-range phone on a slow 4G network, simulated. */
export async function runLighthouse(base: string, pages: string[], chromePath: string): Promise<LighthouseScores[]> {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  try {
    const scores: LighthouseScores[] = [];
    for (const page of pages) {
      const result = await lighthouse(`${base}${page}`, {
        port: chrome.port,
        logLevel: 'error',
        output: 'json',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
      const { categories, audits } = result.lhr;
      const score = (id: string) => {
        const value = categories[id]?.score;
        return value === null || value === undefined ? null : Math.round(value * 100);
      };
      const numeric = (id: string) => audits[id]?.numericValue ?? null;
      const failing = Object.values(audits)
        .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative' && audit.scoreDisplayMode !== 'manual')
        .map((audit) => audit.id);
      if (failing.length > 0) console.log(`  lighthouse ${page}: audits below 0.9: ${failing.join(', ')}`);
      scores.push({
        page,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        lcpMs: numeric('largest-contentful-paint'),
        tbtMs: numeric('total-blocking-time'),
      });
    }
    return scores;
  } finally {
    await chrome.kill();
  }
}
