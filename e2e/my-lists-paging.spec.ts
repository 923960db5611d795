import { expectAccessible } from './support/accounts';
import { donate, registerPerson, requestDonation, tag, useSession } from './support/scenario';
import { expect, test } from './support/test';

/*
 * "My" lists come from the server a page at a time (20 by default): My Orders shows how many of
 * how many, and "Load more" brings the rest.
 */
test('My Orders pages through a receiver’s requests with Load more and shows the count', async ({ page, request }) => {
  const batch = `Paged meal ${tag()}`;
  const donor = await registerPerson(request, 'DONOR');
  const receiver = await registerPerson(request, 'RECEIVER');
  const total = 23;
  for (let i = 1; i <= total; i += 1) {
    const donation = await donate(request, donor, `${batch} ${i}`);
    await requestDonation(request, receiver, donation.id);
    // Withdrawn again (its request goes with it), so this batch never crowds another test's browse page.
    const withdrawn = await request.post(`/api/donations/${donation.id}/cancel`, { headers: { authorization: `Bearer ${donor.token}` } });
    expect(withdrawn.status()).toBe(200);
  }

  await useSession(page, receiver);
  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'My Orders' }).click();
  await expect(page.getByRole('heading', { name: 'My Orders', level: 1 })).toBeVisible();

  const cards = page.getByRole('article').filter({ hasText: batch });
  await expect(page.getByText(`Showing 20 of ${total} requests`)).toBeVisible();
  await expect(cards).toHaveCount(20);
  // Newest first: the last request made is on the first page, the first three are not yet.
  await expect(cards.filter({ hasText: `${batch} ${total}` })).toHaveCount(1);
  await expect(page.getByRole('article', { name: `${batch} 1,` })).toHaveCount(0);
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(page.getByText(`Showing ${total} of ${total} requests`)).toBeVisible();
  await expect(cards).toHaveCount(total);
  await expect(page.getByRole('article', { name: `${batch} 1,` })).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
});
