// Where Debian's Chromium is: CHROMIUM_PATH, or the usual install paths.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

export function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
  return candidates.find((candidate) => fs.existsSync(candidate)) ?? null;
}

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

// Chromium 156 starts two WebUI renderers for every window, for the address bar's suggestion
// popups (chrome://omnibox-popup.top-chrome and its AI-mode twin), headless or not. A headless test
// never opens them, and on a two-core machine they took about a sixth of the browser tests' time.
export const CHROMIUM_DISABLED_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

// Chromium keeps only the last --disable-features switch, and Playwright passes its own list, so
// the browser tests start Chromium through this launcher, which joins the lists into one switch.
export const CHROMIUM_LAUNCHER = fileURLToPath(new URL('./chromium-launcher.sh', import.meta.url));
