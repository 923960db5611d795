// The browser tests need Chromium; without it they fail loudly instead of being skipped.
import { findChromium } from './chromium.mjs';

if (!findChromium()) {
  console.error(
    'No Chromium found for the browser tests.\n' +
      "Install Debian's Chromium with: sudo apt-get update && sudo apt-get install -y chromium\n" +
      'or point CHROMIUM_PATH at a Chromium or Chrome binary.',
  );
  process.exit(1);
}
