import { expectAccessible, toast } from './support/accounts';
import { registerPerson, tag, useSession } from './support/scenario';
import { expect, test } from './support/test';

test('the directory masks contacts until the person opts in on the profile', async ({ browser, request }) => {
  const place = `Baner ${tag()}`;
  const listed = await registerPerson(request, 'DONOR', { fullName: `Ishita ${tag()}`, location: `${place}, Pune 411045` });
  const viewer = await registerPerson(request, 'RECEIVER');
  const listedPage = await (await browser.newContext()).newPage();
  const viewerPage = await (await browser.newContext()).newPage();
  await useSession(listedPage, listed);
  await useSession(viewerPage, viewer);

  const card = viewerPage.getByRole('article', { name: listed.fullName });
  const maskedEmail = `${listed.email[0]}•••@example.in`;
  const maskedPhone = `+91 ${listed.phone.slice(0, 2)}•••••${listed.phone.slice(7)}`;

  await test.step('the viewer finds the card by location and role; contacts are masked', async () => {
    await viewerPage.goto('/UserDirectory');
    const searched = viewerPage.waitForResponse((response) => response.url().includes(`location=${encodeURIComponent(place).replace(/%20/g, '+')}`));
    await viewerPage.getByLabel('Location').fill(place);
    await searched;
    await expect(card).toBeVisible();
    await expect(card).toContainText('Donor');
    await expect(card).toContainText('Active');
    await expect(card).toContainText(maskedEmail);
    await expect(card).toContainText(maskedPhone);
    await expect(card).not.toContainText(listed.email);
    await expectAccessible(viewerPage);

    await viewerPage.getByLabel('Role').selectOption('Receiver');
    await expect(viewerPage.getByText('No users found.')).toBeVisible();
    await viewerPage.getByLabel('Role').selectOption('Donor');
    await expect(card).toBeVisible();
    await viewerPage.getByLabel('Status').selectOption('Inactive');
    await expect(viewerPage.getByText('No users found.')).toBeVisible();
  });

  await test.step('the listed person turns on the opt-in', async () => {
    await listedPage.goto('/Profile');
    const optIn = listedPage.getByRole('switch', { name: 'Show my contact details in the directory' });
    await expect(optIn).not.toBeChecked();
    await optIn.check();
    await expect(toast(listedPage, 'Profile updated successfully!')).toBeVisible();
    await listedPage.reload();
    await expect(listedPage.getByRole('switch', { name: 'Show my contact details in the directory' })).toBeChecked();
    await expectAccessible(listedPage);
  });

  await test.step('the viewer now sees the real email and phone', async () => {
    await viewerPage.reload();
    await viewerPage.getByLabel('Location').fill(place);
    await expect(card).toContainText(listed.email);
    // The country code once, before the 10 digits.
    await expect(card).toContainText(`Phone: +91 ${listed.phone}`);
  });

  await test.step('a failed search says so', async () => {
    await viewerPage.route('**/api/directory/users/search*', (route) => route.fulfill({ status: 400, json: { message: 'Bad filter.', code: 'VALIDATION' } }));
    await viewerPage.getByLabel('Location').fill(`${place} x`);
    // The toast, and the same words in place of the cards.
    await expect(toast(viewerPage, 'Failed to load user data.')).toHaveCount(2);
  });
});
