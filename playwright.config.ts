import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_DISABLED_FEATURES, CHROMIUM_FLAGS, CHROMIUM_LAUNCHER, findChromium } from './scripts/chromium.mjs';
import { LOCAL_CREDENTIALS } from './scripts/local-messaging-provider.mjs';

const port = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://127.0.0.1:${port}`;
// The fake reverse geocoder listens next to the app, so parallel runs on other ports do not collide.
const geocoderPort = port + 1;
// The local push service of the Web Push test (e2e/support/push.ts) takes the port after that.
const pushServicePort = port + 2;
// The local WhatsApp and SMS provider (scripts/local-messaging-provider.mjs) the one after; e2e/support/messaging.ts reads it.
const messagingPort = port + 3;
// port + 4: the second deployment of installable-offline's update test.
// Every run starts from an empty database and upload folder. Kept in the environment, which the
// test workers inherit, so e2e/support/admin.ts can make an admin there with `npm run create-admin`.
const dataDir = process.env.E2E_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'annadaan-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
const chromium = findChromium();
if (!chromium) throw new Error('No Chromium found: run `apt-get install -y chromium` or set CHROMIUM_PATH.');
// The launcher (scripts/chromium-launcher.sh) starts this browser; the workers inherit the variable.
process.env.ANNADAAN_CHROMIUM = chromium;

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 2,
  forbidOnly: true,
  retries: 0,
  // Each full page load is drawn by the server and then hydrated (issue 18), so a test's loads take longer.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    // No trace by default: recording one (a screenshot stream and a DOM snapshot per action) took
    // about a quarter of the suite's time on a two-core machine, even for tests that pass. A failure
    // still prints its error and the page's accessibility tree; to see a failure's trace, run again
    // with `npx playwright test --trace retain-on-failure <file>`.
    trace: 'off',
    // The app's service worker (issue 18) precaches about 140 files in the background of every new
    // browser and answers API reads from its copy after 4 s; on this shared machine that would slow
    // every journey and let a slow answer show an older list. It has its own specs, which allow it:
    // e2e/installable-offline.spec.ts and e2e/push-notifications.spec.ts.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: CHROMIUM_LAUNCHER,
      args: [...CHROMIUM_FLAGS, `--disable-features=${CHROMIUM_DISABLED_FEATURES.join(',')}`],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: [
    {
      command: 'node e2e/fixtures/fake-geocoder.mjs',
      url: `http://127.0.0.1:${geocoderPort}/status`,
      reuseExistingServer: false,
      timeout: 10_000,
      env: { FAKE_GEOCODER_PORT: String(geocoderPort) },
    },
    {
      command: `node scripts/local-messaging-provider.mjs --port ${messagingPort} --app ${baseURL}`,
      url: `http://127.0.0.1:${messagingPort}/received`,
      reuseExistingServer: false,
      timeout: 10_000,
    },
    {
      command: 'node apps/server/dist/main.js',
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DEMO_DATA: 'false',
        DEV_OUTBOX: 'true',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'test',
        // Tests act from distinct client addresses (e2e/support/test.ts), as people do: the browser
        // on loopback stands in for one proxy, whose X-Forwarded-For names the client.
        TRUST_PROXY: '1',
        GEOCODER_URL: `http://127.0.0.1:${geocoderPort}`,
        PUSH_ALLOWED_ORIGINS: `http://127.0.0.1:${pushServicePort}`,
        // WhatsApp and SMS go to the local provider; nobody has a verified number unless a test gives one.
        WHATSAPP_API_URL: `http://127.0.0.1:${messagingPort}/v21.0`,
        WHATSAPP_PHONE_NUMBER_ID: LOCAL_CREDENTIALS.phoneNumberId,
        WHATSAPP_ACCESS_TOKEN: LOCAL_CREDENTIALS.accessToken,
        WHATSAPP_APP_SECRET: LOCAL_CREDENTIALS.appSecret,
        WHATSAPP_VERIFY_TOKEN: LOCAL_CREDENTIALS.verifyToken,
        MSG91_BASE_URL: `http://127.0.0.1:${messagingPort}`,
        MSG91_AUTH_KEY: LOCAL_CREDENTIALS.authKey,
        SMS_DLT_ENTITY_ID: LOCAL_CREDENTIALS.dltEntityId,
        SMS_SENDER_ID: LOCAL_CREDENTIALS.senderId,
        SMS_WEBHOOK_SECRET: LOCAL_CREDENTIALS.smsWebhookSecret,
        // A browser test waits on what the person sees, not on the two minutes a real notice is left unread.
        MESSAGING_WAIT_SECONDS: '0',
      },
    },
  ],
});
