import { expectAccessible, newPassword, newUser, registerByApi } from './support/accounts';
import { DEVICES, devicePage } from './support/devices';
import { chooseLanguage, expectNoUntranslatedText } from './support/language';
import { expectNoTruncationOrSideScroll } from './support/layout';
import { expect, test } from './support/test';

/*
 * Issue 17 (decision 032): errors in the reader's language. The server answers with its English
 * message and a stable code; the app shows the Hindi for that code. A wrong password at sign-in,
 * a field the contract's schema refuses before anything is sent, and a field the server refuses.
 */
/** The language switch offers "English" in English, on purpose (the shell's; reported to its engineer). */

for (const device of DEVICES) {
  test(`on a ${device.name}: sign-in and sign-up errors in Hindi`, async ({ browser, request }) => {
    // Three screens, each scanned and checked with axe, on a shared machine.
    test.setTimeout(120_000);
    const user = newUser();
    await registerByApi(request, user);
    const { context, page } = await devicePage(browser, device);
    const main = page.getByRole('main');

    await page.goto('/');
    await chooseLanguage(page, device, 'हिन्दी');
    if (device.phone) await page.getByRole('banner').getByRole('button', { name: 'मेन्यू खोलें' }).click();
    const links = device.phone ? page.getByRole('dialog') : page.getByRole('banner');
    await links.getByRole('link', { name: 'लॉगिन', exact: true }).click();
    await expect(main.getByRole('heading', { name: 'लॉगिन करें' })).toBeVisible();

    // The server's INVALID_LOGIN, in Hindi.
    await main.getByLabel('ईमेल').fill(user.email);
    await main.getByRole('textbox', { name: 'पासवर्ड', exact: true }).fill('Galat-Password-123');
    await main.getByRole('button', { name: 'लॉगिन', exact: true }).click();
    await expect(main.getByText('ईमेल या पासवर्ड ग़लत है।', { exact: true })).toBeVisible();
    await expect(main.getByText('Invalid email or password.')).toHaveCount(0);
    await expectNoUntranslatedText(page);
    await expectNoTruncationOrSideScroll(page);
    await expectAccessible(page);

    await main.getByRole('link', { name: 'साइन अप करें' }).click();
    await expect(main.getByRole('heading', { name: 'साइन अप करें' })).toBeVisible();
    await main.getByLabel('पूरा नाम').fill('आशा वर्मा');
    await main.getByLabel('फ़ोन नंबर').fill(`9${String(Date.now()).slice(-9)}`);
    await main.getByLabel('ईमेल').fill('abc');
    await main.getByLabel('जगह').fill('पुणे 411001');
    await main.getByRole('textbox', { name: 'पासवर्ड', exact: true }).fill(newPassword());
    await main.getByLabel('आप कौन हैं').selectOption({ label: 'लेने वाले' });
    await main.getByRole('checkbox', { name: 'मैं नियम और शर्तें मानता/मानती हूँ' }).check();
    await main.getByRole('button', { name: 'साइन अप करें' }).click();

    // The contract's zod message, by its code, before anything is sent.
    await expect(main.getByText('सही ईमेल पता डालें।', { exact: true })).toBeVisible();
    await expectNoUntranslatedText(page);
    await expectNoTruncationOrSideScroll(page);
    await expectAccessible(page);

    // The server's field error (EMAIL_TAKEN) on the email field, in Hindi.
    await main.getByLabel('ईमेल').fill(user.email);
    await main.getByRole('button', { name: 'साइन अप करें' }).click();
    await expect(main.getByText(/यह ईमेल पहले से रजिस्टर है।/)).toBeVisible();
    await expect(main.getByText(/already registered/)).toHaveCount(0);
    await expectNoUntranslatedText(page);
    await expectNoTruncationOrSideScroll(page);
    await expectAccessible(page);
    await context.close();
  });
}
