import { randomInt } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expectAccessible, toast } from './support/accounts';
import { createAdmin } from './support/admin';
import { PHONE, devicePage, mainNav } from './support/devices';
import { chooseLanguage, expectNoUntranslatedText } from './support/language';
import { expectNoTruncationOrSideScroll } from './support/layout';
import { donate, registerPerson } from './support/scenario';
import { expect, test } from './support/test';

/*
 * Issue 17, task G: the admin area, the About, Sources and Terms pages and the Devanagari font in
 * Hindi, on a 360 px phone (the laptop's run is a route test: apps/web/test/hindi-admin.route.test.tsx),
 * every screen reached by clicking. The people and food are
 * named in Devanagari (with digits, not the usual hex tag, whose letters would read as English),
 * so the untranslated-text scan sees only the app's words.
 */

const number = () => String(randomInt(10_000, 99_999));

/** The font's files: the Devanagari subset of Noto Sans Devanagari, in any weight. */
const DEVANAGARI_FONT = /noto-sans-devanagari-devanagari-\d+-normal[^/]*\.woff2$/;

async function checked(page: Page) {
  await expectNoUntranslatedText(page);
  await expectNoTruncationOrSideScroll(page);
  await expectAccessible(page);
}

// The laptop's run is a route test (apps/web/test/hindi-admin.route.test.tsx); see PHONE.
for (const device of [PHONE]) {
  test(`a Hindi admin hides a reported listing, reads the audit log and the contact messages (${device.name})`, async ({ browser, request }) => {
    // The create-admin command (a TypeScript start of several seconds) and nine scans.
    test.slow();
    const donor = await registerPerson(request, 'DONOR', { fullName: `मीरा ${number()}` });
    const reporter = await registerPerson(request, 'RECEIVER', { fullName: `रवि ${number()}` });
    const admin = await createAdmin(request, `अनीता ${number()}`);
    const foodName = `पनीर करी ${number()}`;
    const donation = await donate(request, donor, foodName);
    const details = 'डिब्बा खोला तो खट्टी गंध आई।';
    const report = await request.post('/api/reports', {
      headers: { authorization: `Bearer ${reporter.token}` },
      data: { targetType: 'DONATION', targetId: donation.id, reason: 'SPOILED_OR_UNSAFE', details },
    });
    expect(report.status(), await report.text()).toBe(201);
    const sender = `सुनीता ${number()}`;
    const subject = `पिकअप कोड का सवाल ${number()}`;
    const contact = await request.post('/api/contact', {
      data: { name: sender, email: `sunita.${number()}@example.in`, subject, message: 'पिकअप कोड कहाँ मिलेगा?' },
    });
    expect(contact.status(), await contact.text()).toBe(201);

    const { context, page } = await devicePage(browser, device, admin);
    try {
      await test.step('हिन्दी chosen, the moderation queue from the header’s एडमिन link', async () => {
        await page.goto('/');
        await chooseLanguage(page, device, 'हिन्दी');
        const nav = await mainNav(page, device);
        await nav.getByRole('link', { name: 'एडमिन', exact: true }).click();
        await expect(page.getByRole('heading', { name: 'मॉडरेशन', level: 1 })).toBeVisible();
        const adminNav = page.getByRole('navigation', { name: 'एडमिन' });
        await expect(adminNav.getByRole('link', { name: 'मॉडरेशन' })).toHaveAttribute('aria-current', 'page');
        const item = page.getByRole('article', { name: `दान: ${foodName}` });
        await expect(item).toContainText('खराब या असुरक्षित खाना');
        await expect(item).toContainText(`– ${reporter.fullName}`);
        await expect(item).toContainText(details);
        await expect(item).toContainText(`स्थिति: उपलब्ध। डालने वाले: ${donor.fullName}।`);
        await expect(item.getByRole('heading', { name: 'खुली शिकायतें (1)' })).toBeVisible();
        await checked(page);
      });

      await test.step('the listing is hidden with a reason: the Hindi result, and it leaves the queue', async () => {
        const item = page.getByRole('article', { name: `दान: ${foodName}` });
        await item.getByRole('button', { name: `लिस्टिंग छिपाएँ: दान ${foodName}` }).click();
        const dialog = page.getByRole('dialog', { name: `“${foodName}” छिपाएँ` });
        await expect(dialog).toBeVisible();
        await expect(dialog.getByText('ऑडिट लॉग में रहेगी।', { exact: false })).toBeVisible();
        await dialog.getByLabel('वजह').fill('शिकायत सही निकली; दाता ने जवाब नहीं दिया।');
        await checked(page);
        await dialog.getByRole('button', { name: 'लिस्टिंग छिपाएँ' }).click();
        await expect(toast(page, 'लिस्टिंग छिपा दी गई है।')).toBeVisible();
        await expect(item).toHaveCount(0);
      });

      await test.step('the audit log says who hid what and why', async () => {
        await page.getByRole('navigation', { name: 'एडमिन' }).getByRole('link', { name: 'ऑडिट लॉग' }).click();
        await expect(page.getByRole('heading', { name: 'ऑडिट लॉग', level: 1 })).toBeVisible();
        const entry = page.getByRole('listitem').filter({ hasText: `लिस्टिंग छिपाई: दान #${donation.id}` });
        await expect(entry).toContainText(`किसने: ${admin.fullName}`);
        await expect(entry).toContainText('वजह: शिकायत सही निकली; दाता ने जवाब नहीं दिया।');
        await checked(page);
      });

      await test.step('the contact messages show who wrote, signed out', async () => {
        await page.getByRole('navigation', { name: 'एडमिन' }).getByRole('link', { name: 'संदेश' }).click();
        await expect(page.getByRole('heading', { name: 'संपर्क संदेश', level: 1 })).toBeVisible();
        const message = page.getByRole('article', { name: subject });
        await expect(message).toContainText(`भेजने वाले: ${sender}`);
        await expect(message).toContainText('लॉगिन किए बिना');
        await expect(message).toContainText('पिकअप कोड कहाँ मिलेगा?');
        await checked(page);
      });
    } finally {
      await context.close();
    }
  });

  test(`signed out: English downloads no Devanagari font; in Hindi the font arrives and About, Sources and Terms read in Hindi (${device.name})`, async ({
    browser,
  }) => {
    // Four pages scanned three ways; axe alone takes several seconds on /source's 66-row table.
    test.slow();
    const { context, page } = await devicePage(browser, device);
    const fontFiles: string[] = [];
    page.on('request', (request) => {
      if (DEVANAGARI_FONT.test(request.url())) fontFiles.push(request.url());
    });
    const footer = page.getByRole('contentinfo');
    const main = page.getByRole('main');
    try {
      await test.step('English: Home and About, no Devanagari font fetched', async () => {
        await page.goto('/');
        await footer.getByRole('link', { name: 'About Us' }).click();
        await expect(main.getByRole('heading', { name: 'About Annadaan', level: 1 })).toBeVisible();
        await page.waitForLoadState('networkidle');
        expect(fontFiles).toEqual([]);
      });

      await test.step('हिन्दी: the font’s two weights arrive and draw Devanagari', async () => {
        const regular = page.waitForResponse((response) => /devanagari-400-normal/.test(response.url()) && response.ok());
        const bold = page.waitForResponse((response) => /devanagari-700-normal/.test(response.url()) && response.ok());
        await chooseLanguage(page, device, 'हिन्दी');
        await Promise.all([regular, bold]);
        await expect.poll(() => page.evaluate(() => document.fonts.check('16px "Noto Sans Devanagari"', 'अ'))).toBe(true);
        await expect
          .poll(() => page.evaluate(() => [...document.fonts].some((face) => face.family.includes('Noto Sans Devanagari') && face.status === 'loaded')))
          .toBe(true);
        expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^"?Noto Sans Devanagari/);
        // Switching does not move the reader: still About, now in Hindi.
        await expect(page).toHaveURL(/\/about$/);
        await expect(main.getByRole('heading', { name: 'Annadaan के बारे में', level: 1 })).toBeVisible();
        await expect(main.getByRole('heading', { name: 'यह कैसे काम करता है' })).toBeVisible();
        await expect(main.getByRole('link', { name: 'नियम और शर्तें' })).toBeVisible();
        await checked(page);
      });

      await test.step('Sources and formulas in Hindi, the region switched to the world', async () => {
        await footer.getByRole('link', { name: /सोर्स|स्रोत/ }).click();
        await expect(main.getByRole('heading', { name: 'स्रोत और गणना', level: 1 })).toBeVisible();
        await expect(main.getByRole('heading', { name: 'फ़ॉर्मूले' })).toBeVisible();
        await expect(main.getByRole('region', { name: 'फ़ॉर्मूला: बर्बाद खाने से कितने लोगों का पेट भर सकता है' })).toBeVisible();
        const table = main.getByRole('table', { name: 'हर मान और उसका स्रोत' });
        await expect(table.locator('tbody tr')).toHaveCount(66);
        await expect(table.getByRole('columnheader', { name: 'तरीका और टिप्पणियाँ' })).toBeVisible();
        await main.getByLabel('क्षेत्र').selectOption({ label: 'दुनिया' });
        await expect(table.locator('tbody tr').filter({ hasText: '673 मिलियन लोग' }).first()).toBeAttached();
        await checked(page);
      });

      await test.step('Terms and conditions in Hindi: the five terms and deleting an account', async () => {
        await footer.getByRole('link', { name: 'नियम व शर्तें' }).click();
        await expect(main.getByRole('heading', { name: 'नियम और शर्तें', level: 1 })).toBeVisible();
        await expect(main.getByRole('listitem')).toHaveCount(5);
        await expect(main.getByRole('listitem').first()).toContainText('खाने की सुरक्षा:');
        await expect(main.getByRole('heading', { name: 'अपना खाता मिटाना और अपना डेटा लेना' })).toBeVisible();
        await checked(page);
      });
    } finally {
      await context.close();
    }
  });
}
