import { randomBytes, randomInt } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Page, expect } from '@playwright/test';

export interface TestUser {
  fullName: string;
  email: string;
  /** 10 digits, as a person types them after the +91 prefix. */
  phone: string;
  location: string;
  password: string;
}

/** A fresh account per test: workers run in parallel against one database. */
export function newUser(): TestUser {
  const tag = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  return {
    fullName: 'Asha Verma',
    email: `asha.${tag}@example.in`,
    phone: `9${randomInt(100_000_000, 999_999_999)}`,
    location: 'Pune 411001',
    password: newPassword(),
  };
}

/** Long, random and free of the user's email name or phone digits, so the server's checks pass. */
export function newPassword(): string {
  return `Mango-${randomBytes(6).toString('base64url')}-Tree`;
}

/** Creates an account through the API, for tests that are about something after sign-up. */
export async function registerByApi(request: APIRequestContext, user: TestUser) {
  const response = await request.post('/api/auth/register', {
    data: { fullName: user.fullName, contactNumber: user.phone, email: user.email, password: user.password, location: user.location, role: 'RECEIVER' },
  });
  expect(response.status()).toBe(201);
}

export async function signIn(page: Page, email: string, password: string) {
  const form = page.getByRole('main');
  await form.getByLabel('Email').fill(email);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await form.getByRole('button', { name: 'Login' }).click();
}

/** Zero serious or critical axe violations on what the page shows now. */
export async function expectAccessible(page: Page) {
  // Colours measured halfway through a fade (a dialog opening, a toast arriving) are not real.
  // Endless animations (a scrolling strip, a spinner) never finish, so only finite ones are awaited.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  expect(blocking).toEqual([]);
}

/** A toast: Mantine renders each notification with role="alert". */
export function toast(page: Page, text: string | RegExp) {
  return page.getByRole('alert').filter({ hasText: text });
}
