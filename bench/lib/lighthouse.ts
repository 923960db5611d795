import fs from 'node:fs';
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
  /** Cumulative Layout Shift (issue 18's goal: under 0.05). */
  clsValue: number | null;
  /** First Contentful Paint and Speed Index, the other two timings the performance score weighs. */
  fcpMs: number | null;
  speedIndexMs: number | null;
}

/** The project's headless flags for Debian's chromium (scripts/chromium.mjs), headless here. */
const CHROME_FLAGS = ['--headless', ...CHROMIUM_FLAGS];

/** The four routes issue 18 measures; `:donation` becomes a listed donation's page. */
export const LIGHTHOUSE_PAGES = ['/', '/BrowseDonations', '/request-donation/:donation', '/stats'];
/** Each page is measured this many times and the median of each figure is reported (issue 18). */
export const LIGHTHOUSE_RUNS = 3;

function median(values: (number | null)[]): number | null {
  const known = values.filter((value): value is number => value !== null).sort((a, b) => a - b);
  if (known.length === 0) return null;
  const middle = Math.floor(known.length / 2);
  return known.length % 2 === 1 ? (known[middle] ?? null) : ((known[middle - 1] ?? 0) + (known[middle] ?? 0)) / 2;
}

/** The median of each figure over several runs of one page. */
function medianScores(page: string, runs: LighthouseScores[]): LighthouseScores {
  const of = (pick: (scores: LighthouseScores) => number | null) => median(runs.map(pick));
  return {
    page,
    performance: of((scores) => scores.performance),
    accessibility: of((scores) => scores.accessibility),
    bestPractices: of((scores) => scores.bestPractices),
    seo: of((scores) => scores.seo),
    lcpMs: of((scores) => scores.lcpMs),
    tbtMs: of((scores) => scores.tbtMs),
    clsValue: of((scores) => scores.clsValue),
    fcpMs: of((scores) => scores.fcpMs),
    speedIndexMs: of((scores) => scores.speedIndexMs),
  };
}

/**
 * Lighthouse's default (mobile) profile: a mid-range phone on a slow 4G network, simulated.
 * With `reportsDir`, each run's full report (lhr JSON) is written there too, to read its traces,
 * long tasks and insights (`npm run bench -- --only lighthouse --lighthouse-reports DIR`).
 */
export async function runLighthouse(
  base: string,
  pages: string[],
  chromePath: string,
  runs = LIGHTHOUSE_RUNS,
  reportsDir?: string,
): Promise<LighthouseScores[]> {
  const medians: LighthouseScores[] = [];
  for (const page of pages) {
    const each: LighthouseScores[] = [];
    for (let run = 0; run < runs; run += 1)
      each.push(
        ...(await runLighthouseOnce(base, [page], chromePath, reportsDir ? `${reportsDir}/${page.replaceAll('/', '_') || '_'}-${run + 1}.json` : undefined)),
      );
    medians.push(medianScores(page, each));
  }
  return medians;
}

async function runLighthouseOnce(base: string, pages: string[], chromePath: string, reportFile?: string): Promise<LighthouseScores[]> {
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
      // What the best-practices misses are, so they can be fixed rather than guessed at.
      for (const id of ['errors-in-console', 'inspector-issues'].filter((audit) => failing.includes(audit))) {
        const details = audits[id]?.details as { items?: unknown[] } | undefined;
        console.log(`  lighthouse ${page}: ${id}: ${JSON.stringify(details?.items ?? []).slice(0, 600)}`);
      }
      scores.push({
        page,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        lcpMs: numeric('largest-contentful-paint'),
        tbtMs: numeric('total-blocking-time'),
        clsValue: numeric('cumulative-layout-shift'),
        fcpMs: numeric('first-contentful-paint'),
        speedIndexMs: numeric('speed-index'),
      });
      if (reportFile) fs.writeFileSync(reportFile, JSON.stringify(result.lhr));
    }
    return scores;
  } finally {
    await chrome.kill();
  }
}
