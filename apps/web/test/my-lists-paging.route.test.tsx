import { expect, test } from 'vitest';
import { waitFor } from '@testing-library/react';
import { renderRoute, useRouteTestServer } from './support/route-test';

/*
 * "My" lists come from the server a page at a time (20 by default): My Orders shows how many of
 * how many, and "Load more" brings the rest. (Moved from e2e/my-lists-paging.spec.ts: nothing here
 * needs a browser.)
 */
const server = useRouteTestServer();

test('My Orders pages through a receiver’s requests with Load more and shows the count', async () => {
  const batch = 'Paged meal';
  const donor = await server.signUp('DONOR');
  const receiver = await server.signUp('RECEIVER');
  const total = 23;
  for (let i = 1; i <= total; i += 1) {
    const donation = await server.api<{ id: number }>('POST', '/api/donations', {
      as: donor,
      body: {
        foodName: `${batch} ${i}`,
        description: 'Freshly cooked, packed in boxes',
        quantity: '4 boxes',
        free: true,
        price: 0,
        location: 'FC Road, Pune 411004',
        deliveryType: 'SELF_PICKUP',
        foodType: 'PRECOOKED',
        refrigerationAvailable: false,
      },
    });
    expect(donation.status).toBe(201);
    const requested = await server.api('POST', `/api/requests/create/${donation.body.id}`, { as: receiver, body: { paymentMethod: '' } });
    expect(requested.status).toBe(201);
    // Each request a second later, so newest first is one order.
    server.ctx().clock.advance(1_000);
  }

  const { screen, user } = await renderRoute('/', { as: receiver });
  await user.click(await screen.findByRole('link', { name: 'My Orders' }, { timeout: 10_000 }));
  expect(await screen.findByRole('heading', { name: 'My Orders', level: 1 }, { timeout: 10_000 })).toBeTruthy();

  expect(await screen.findByText(`Showing 20 of ${total} requests`, undefined, { timeout: 10_000 })).toBeTruthy();
  const cards = () => screen.getAllByRole('article').filter((card) => card.textContent?.includes(batch));
  expect(cards()).toHaveLength(20);
  // Newest first: the last request made is on the first page, the first three are not yet.
  expect(cards().filter((card) => card.textContent?.includes(`${batch} ${total}`))).toHaveLength(1);
  expect(screen.queryAllByRole('article', { name: new RegExp(`^${batch} 1,`) })).toHaveLength(0);

  await user.click(screen.getByRole('button', { name: 'Load more' }));
  expect(await screen.findByText(`Showing ${total} of ${total} requests`)).toBeTruthy();
  await waitFor(() => expect(cards()).toHaveLength(total));
  expect(screen.getAllByRole('article', { name: new RegExp(`^${batch} 1,`) })).toHaveLength(1);
  expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
});
