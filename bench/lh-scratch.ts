import fs from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startServer } from './lib/server';
const server = await startServer({ port: 39998, dataDir: '/tmp/bprof/csdb' });
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
try {
  for (const page of (process.argv[2] ?? '/,/BrowseDonations,/stats').split(',')) {
    const r = await lighthouse(`${server.url}${page}`, { port: chrome.port, logLevel: 'error', output: 'json', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] });
    if (!r) continue;
    fs.writeFileSync(`/tmp/bprof/lh${page.replace(/\//g, '_')}.json`, JSON.stringify(r.lhr));
    const c = r.lhr.categories;
    console.log(page, ['performance', 'accessibility', 'best-practices', 'seo'].map((k) => Math.round((c[k]?.score ?? 0) * 100)).join(' '));
    for (const id of ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'speed-index', 'cumulative-layout-shift']) console.log('  ', id, r.lhr.audits[id]?.displayValue, r.lhr.audits[id]?.score);
    for (const id of ['inspector-issues', 'heading-order', 'label-content-name-mismatch', 'render-blocking-resources', 'errors-in-console']) {
      const a = r.lhr.audits[id]; if (a && a.score !== null && a.score < 1) console.log('  FAIL', id, JSON.stringify(a.details).slice(0, 600));
    }
  }
} finally { await chrome.kill(); await server.stop(); }
