import { expectAccessible, toast } from './support/accounts';
import { registerPerson, useSession } from './support/scenario';
import { expect, test } from './support/test';

const SENT = 'Thank you! Your message has been sent. We will reply by email.';

test('Contact & Help: filled in from the profile, keeps the text on failure, clears it once sent', async ({ page, request }) => {
  const person = await registerPerson(request, 'RECEIVER');
  await useSession(page, person);
  const main = page.getByRole('main');
  await page.goto('/ContactHelpForm');
  await expect(main.getByLabel('Name')).toHaveValue(person.fullName);
  await expect(main.getByLabel('Email')).toHaveValue(person.email);
  await expectAccessible(page);

  await main.getByRole('button', { name: 'Send Message' }).click();
  await expect(main.getByText('Subject is required.')).toBeVisible();

  await main.getByLabel('Subject').fill('Pickup did not happen');
  await main.getByLabel('Message').fill('The donor was not at the address at the agreed time.');
  await page.route('**/api/contact', (route) => route.fulfill({ status: 500, json: { message: 'Something went wrong.', code: 'INTERNAL' } }));
  await main.getByRole('button', { name: 'Send Message' }).click();
  await expect(toast(page, 'Failed to send your message. Please try again.')).toBeVisible();
  await expect(main.getByLabel('Message')).toHaveValue('The donor was not at the address at the agreed time.');

  await page.unroute('**/api/contact');
  await main.getByRole('button', { name: 'Send Message' }).click();
  await expect(toast(page, SENT)).toBeVisible();
  await expect(main.getByLabel('Subject')).toHaveValue('');
  await expect(main.getByLabel('Message')).toHaveValue('');
  await expect(main.getByLabel('Name')).toHaveValue(person.fullName);
});

test('the contact messages screen tells a non-admin it is for admins only', async ({ page, request }) => {
  const person = await registerPerson(request, 'DONOR');
  await useSession(page, person);
  await page.goto('/admin/messages');
  await expect(page.getByText('Only admins can read contact messages.')).toBeVisible();
  await expectAccessible(page);
});
