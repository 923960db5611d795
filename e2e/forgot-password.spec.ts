import { OutboxResponseSchema } from '@annadaan/contract/dev';
import { randomInt } from 'node:crypto';
import { type APIRequestContext } from '@playwright/test';
import { expectAccessible, newPassword, newUser, registerByApi, signIn, toast } from './support/accounts';
import { expect, test } from './support/test';

/** The newest reset code the dev outbox holds for this email. */
async function latestResetCode(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.get('/api/dev/outbox', { params: { email } });
  expect(response.status()).toBe(200);
  const { messages } = OutboxResponseSchema.parse(await response.json());
  // Other mail to the same address (the "a reset was asked for" security notice) may come after the code.
  const withCode = messages.filter((message) => /reset code is \d{6}\b/.test(message.text));
  const code = /reset code is (\d{6})\b/.exec(withCode.at(-1)?.text ?? '')?.[1];
  if (!code) throw new Error(`No reset code in the outbox for ${email}`);
  return code;
}

test('forgot password: a code from the outbox sets a new password', async ({ page, request }) => {
  const user = newUser();
  await registerByApi(request, user);
  const main = page.getByRole('main');

  await page.goto('/forgot-password');
  await expectAccessible(page);
  await main.getByLabel('Email').fill(user.email);
  await main.getByLabel('Contact number').fill(user.phone);
  await main.getByRole('button', { name: 'Send code' }).click();

  const codeField = main.getByLabel('6-digit code');
  await expect(codeField).toBeVisible();
  await expect(main.getByText('a 6-digit reset code has been sent')).toBeVisible();
  await expectAccessible(page);

  const code = await latestResetCode(request, user.email);
  const wrong = code === '000000' ? '111111' : '000000';
  const fresh = newPassword();

  await codeField.fill(wrong);
  await main.getByRole('textbox', { name: 'New password', exact: true }).fill(fresh);
  await main.getByRole('button', { name: 'Reset password' }).click();
  await expect(toast(page, /^Failed to reset password: /)).toBeVisible();
  await expect(page).toHaveURL(/\/forgot-password$/);

  await codeField.fill(code);
  await main.getByRole('button', { name: 'Reset password' }).click();
  await expect(toast(page, 'Password reset successful!')).toBeVisible();
  await expect(page).toHaveURL(/\/signin$/);

  await signIn(page, user.email, fresh);
  await expect(page).toHaveURL(/\/home2$/);
});

test('asking for codes too often is refused with how long to wait, in English', async ({ browser, request }) => {
  // An address of its own, so the limit (10 asks per address in 15 minutes) is this test's alone.
  const address = `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
  const headers = { 'x-forwarded-for': address };
  for (let ask = 0; ask < 10; ask++) {
    const response = await request.post('/api/auth/forgot-password', { headers, data: { email: `nobody${ask}@example.com`, contactNumber: '9876543210' } });
    expect(response.status()).toBe(200);
  }
  const context = await browser.newContext({ extraHTTPHeaders: headers });
  const page = await context.newPage();
  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'Sign In', exact: true }).click();
  await page.getByRole('main').getByRole('link', { name: 'Forgot password?' }).click();
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Forgot password', level: 1 })).toBeVisible();
  await main.getByLabel('Email').fill('nobody@example.com');
  await main.getByLabel('Contact number').fill('9876543210');
  await main.getByRole('button', { name: 'Send code' }).click();
  // English's error catalog is not in the first load: it is fetched with the refusal, so the wait is said.
  await expect(toast(page, /Too many attempts\. Please wait and try again\. Try again in 1[0-5] minutes\.$/)).toBeVisible();
  await context.close();
});
