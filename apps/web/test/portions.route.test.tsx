import type { Donation } from '@annadaan/contract/donations';
import type { DonationRequest } from '@annadaan/contract/requests';
import { cleanup, waitFor, within } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import { setApiFetch } from '../src/lib/api-client';
import { injectFetch } from './support/inject-fetch';
import { type TestPerson, label, part, renderRoute, shownText, useRouteTestServer } from './support/route-test';

/*
 * Issue 33, the web side of portions, the waitlist and fair shares: the donate form's "Share in
 * portions" (a server error shown on its field), a donation's page with portions left and a
 * request for some of them, nothing left and the waitlist, and the donor accepting fewer.
 */
const server = useRouteTestServer();

afterEach(() => {
  // A test that changed what the app sends puts the plain in-process server back.
  setApiFetch(injectFetch(server.ctx));
});

/** Cooked food in Pune shared in portions, made through the API. */
async function donateInPortions(donor: TestPerson, foodName: string, portions: { total: number; maxPerRequest?: number; autoAccept?: boolean }) {
  const answer = await server.api<Donation>('POST', '/api/donations', {
    as: donor,
    body: {
      foodName,
      description: 'Wedding biryani, packed hot',
      quantity: `${portions.total} plates`,
      location: 'Jangli Maharaj Road, Shivajinagar, Pune 411005',
      geolocation: '18.52190,73.84710',
      refrigerationAvailable: false,
      diet: 'VEG',
      jain: false,
      allergens: [],
      preparedAt: new Date(Date.now() - 30 * 60_000).toISOString(),
      safetyChecklist: ['KEPT_COVERED', 'KEPT_HOT_OR_COLD', 'NO_PLATE_LEFTOVERS'],
      portions: { unit: 'PLATE', autoAccept: false, ...portions },
    },
  });
  expect(answer.status).toBe(201);
  return answer.body;
}

async function requestPortions(receiver: TestPerson, donationId: number, portions: number) {
  const answer = await server.api<DonationRequest>('POST', `/api/requests/create/${donationId}`, { as: receiver, body: { paymentMethod: '', portions } });
  expect(answer.status).toBe(201);
  return answer.body;
}

test("the donate form's portions part sends what the donor chose, and shows the server's error on its field", async () => {
  const donor = await server.signUp('DONOR', { location: 'Shivajinagar, Pune 411005' });
  // What reaches the server is changed on its way (as an older client's might be), so the
  // server's own check answers, not the form's.
  const plain = injectFetch(server.ctx);
  const sent: unknown[] = [];
  setApiFetch(async (input, init) => {
    if (input.startsWith('/api/donations') && init.method === 'POST' && typeof init.body === 'string') {
      const body = JSON.parse(init.body) as { portions?: { total: number } };
      sent.push(structuredClone(body));
      if (body.portions) body.portions.total = 5000;
      return plain(input, { ...init, body: JSON.stringify(body) });
    }
    return plain(input, init);
  });
  const { main, user } = await renderRoute('/DonateForm', { as: donor });
  expect(await main().findByRole('heading', { name: 'Donate food', level: 1 }, { timeout: 10_000 })).toBeTruthy();
  await user.type(main().getByLabelText(label('Food name')), 'Wedding biryani');
  await user.type(main().getByLabelText(label('Description')), 'Packed hot, in foil trays');
  await user.type(main().getByLabelText(label('Quantity')), '60 plates');
  await user.type(main().getByLabelText(label('Pickup Address')), 'Fergusson College Road, Shivajinagar, Pune 411005');
  await user.click(document.querySelector('main input[type="radio"][value="VEG"]') as HTMLElement);
  await user.click(main().getByRole('checkbox', { name: 'None known' }));
  const at = new Date(Date.now() - 45 * 60_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  await user.type(
    main().getByLabelText(label('When was it cooked?')),
    `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`,
  );
  for (const point of ['Kept covered', 'Kept hot or refrigerated', 'No leftovers from plates']) await user.click(main().getByRole('checkbox', { name: point }));
  await user.click(within(main().getByRole('radiogroup', { name: label('Is refrigeration available?') })).getByRole('radio', { name: 'Yes' }));

  // Share in portions: every field labelled.
  const portions = within(main().getByRole('group', { name: 'Share in portions (optional)' }));
  await user.click(portions.getByRole('checkbox', { name: 'Share in portions among several receivers' }));
  await user.type(portions.getByLabelText(label('Number of portions')), '60');
  const unit = portions.getByRole('combobox', { name: label('Unit') });
  await user.click(unit);
  // Mantine's dropdown keeps its opening transition's display: none in happy-dom: its options count as hidden.
  const listbox = await waitFor(() => {
    const found = document.getElementById(unit.getAttribute('aria-controls') ?? '');
    expect(found).not.toBeNull();
    return found as HTMLElement;
  });
  await user.click(within(listbox).getByRole('option', { name: 'plates', hidden: true }));
  await waitFor(() => expect((unit as HTMLInputElement).value).toBe('plates'));
  await user.type(portions.getByLabelText('Most per request (optional)'), '10');
  await user.click(portions.getByRole('checkbox', { name: 'Accept requests automatically, in the order they come' }));
  await user.type(portions.getByLabelText('Hold for verified organisations for the first … minutes'), '30');

  await user.click(main().getByRole('button', { name: 'Donate' }));
  const total = portions.getByLabelText(label('Number of portions'));
  await waitFor(() => expect(total.getAttribute('aria-invalid')).toBe('true'), { timeout: 10_000 });
  expect(main().getByText('Enter a whole number of portions from 2 to 1000.')).toBeTruthy();
  expect(sent[0]).toMatchObject({ portions: { total: 60, unit: 'PLATE', maxPerRequest: 10, autoAccept: true }, organisationsOnlyMinutes: 30 });
  // Still on the form, nothing listed.
  expect(main().getByRole('heading', { name: 'Donate food', level: 1 })).toBeTruthy();
});

test("a donation's page says what is left and the fair-share rule; the receiver asks for some of it", async () => {
  const donor = await server.signUp('DONOR');
  const receiver = await server.signUp('RECEIVER');
  const donation = await donateInPortions(donor, 'Canteen thali 33a', { total: 60, maxPerRequest: 10 });
  const { main, user, router } = await renderRoute(`/request-donation/${donation.id}`, { as: receiver });
  expect(await main().findByRole('heading', { name: 'Canteen thali 33a', level: 1 }, { timeout: 10_000 })).toBeTruthy();
  expect(shownText(main().getByTestId('portions-left'))).toBe('60 of 60 plates left');
  expect(shownText(await main().findByTestId('fair-share-rule', undefined, { timeout: 10_000 }))).toBe(
    'To reach more people, one account can take at most 20 portions in 24 hours (200 for a verified organisation).',
  );
  const howMany = await main().findByLabelText(label('How many?'), undefined, { timeout: 10_000 });
  await user.clear(howMany);
  await user.type(howMany, '5');
  await user.click(within(main().getByTestId('donation-action')).getByRole('button', { name: 'Request This Donation' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/my-order'), { timeout: 10_000 });
  const mine = await server.api<{ request: DonationRequest | null }>('GET', `/api/requests/for-donation/${donation.id}`, { as: receiver });
  expect(mine.body.request?.portions).toMatchObject({ unit: 'PLATE', asked: 5, accepted: null });
});

test('with nothing left a receiver joins the waitlist, sees their place, and later takes the offer', async () => {
  const donor = await server.signUp('DONOR');
  const first = await server.signUp('RECEIVER');
  const waiting = await server.signUp('RECEIVER');
  const donation = await donateInPortions(donor, 'Caterer pulao 33b', { total: 4, maxPerRequest: 4, autoAccept: true });
  const taken = await requestPortions(first, donation.id, 4);
  expect(taken.status).toBe('AWAITING_PICKUP');

  const view = await renderRoute(`/request-donation/${donation.id}`, { as: waiting });
  const { main, user } = view;
  expect(await main().findByRole('heading', { name: 'Caterer pulao 33b', level: 1 }, { timeout: 10_000 })).toBeTruthy();
  expect(shownText(main().getByTestId('portions-left'))).toBe('None of 4 plates left');
  const join = await main().findByTestId('waitlist-join', undefined, { timeout: 10_000 });
  expect(shownText(join)).toContain('Nothing is left just now. Join the waitlist: when portions come free, the first in line has 10 minutes to take them.');
  const wanted = within(join).getByLabelText(label('How many do you want?'));
  await user.clear(wanted);
  await user.type(wanted, '3');
  await user.click(within(join).getByRole('button', { name: 'Join the waitlist' }));
  expect(await main().findByRole('heading', { name: 'You are number 1 in line' }, { timeout: 10_000 })).toBeTruthy();
  expect(shownText(main().getByTestId('waitlist-place'))).toContain('For 3 plates.');
  expect(main().getByRole('button', { name: 'Leave the waitlist' })).toBeTruthy();

  // The first receiver cancels: the freed plates are offered to the first in line.
  expect((await server.api('POST', `/api/requests/${taken.id}/cancel`, { as: first })).status).toBe(200);
  cleanup();
  const again = await renderRoute(`/request-donation/${donation.id}`, { as: waiting });
  const offer = await again.main().findByTestId('waitlist-offer', undefined, { timeout: 10_000 });
  expect(shownText(within(offer).getByRole('heading', { level: 2 }))).toMatch(/^3 plates are yours until \d{1,2}:\d{2} [ap]m$/);
  await again.user.click(within(offer).getByRole('button', { name: 'Take them' }));
  await waitFor(() => expect(again.router.state.location.pathname).toBe('/my-order'), { timeout: 10_000 });
  const order = await again.main().findByRole('article', { name: part('Caterer pulao 33b') }, { timeout: 10_000 });
  await waitFor(() => expect(shownText(order)).toContain('Accepted: 3 plates'), { timeout: 10_000 });
  expect(shownText(order)).toMatch(/Collect by \d{1,2}:\d{2} [ap]m/);
});

test('the donor accepts fewer portions than asked, and the list shows each share', async () => {
  const donor = await server.signUp('DONOR');
  const receiver = await server.signUp('RECEIVER', { fullName: 'Farah Portions' });
  const donation = await donateInPortions(donor, 'Office lunch 33c', { total: 60, maxPerRequest: 10 });
  const asked = await requestPortions(receiver, donation.id, 8);
  const { main, user } = await renderRoute(`/my-received-requests?donation=${donation.id}`, { as: donor });
  const card = await main().findByRole('article', { name: 'Request for Office lunch 33c from Farah Portions' }, { timeout: 10_000 });
  expect(shownText(card)).toContain('Asked for 8 plates');
  const count = within(card).getByLabelText('Portions to accept');
  expect((count as HTMLInputElement).value).toBe('8');
  await user.clear(count);
  await user.type(count, '5');
  await user.click(within(card).getByRole('button', { name: 'Accept' }));
  await waitFor(
    () => expect(shownText(main().getByRole('article', { name: 'Request for Office lunch 33c from Farah Portions' }))).toContain('Accepted: 5 plates'),
    {
      timeout: 10_000,
    },
  );
  const request = (await server.api<DonationRequest[]>('GET', `/api/requests/my-received-requests?donationId=${donation.id}`, { as: donor })).body.find(
    (one) => one.id === asked.id,
  );
  expect(request?.portions).toMatchObject({ asked: 8, accepted: 5 });
  const left = await server.api<Donation>('GET', `/api/browse/donations/${donation.id}`);
  expect(left.body.portions).toMatchObject({ total: 60, left: 55 });
});

test('in Hindi: what is left, the fair-share rule and "How many?"', async () => {
  const donor = await server.signUp('DONOR');
  const receiver = await server.signUp('RECEIVER');
  const donation = await donateInPortions(donor, 'शादी की बिरयानी 33d', { total: 60, maxPerRequest: 10 });
  await requestPortions(receiver, donation.id, 1);
  const other = await server.signUp('RECEIVER');
  const { main } = await renderRoute(`/request-donation/${donation.id}`, { as: other, language: 'hi' });
  expect(await main().findByRole('heading', { name: 'शादी की बिरयानी 33d', level: 1 }, { timeout: 10_000 })).toBeTruthy();
  expect(shownText(main().getByTestId('portions-left'))).toBe('60 प्लेट में से 60 बाकी');
  expect(shownText(await main().findByTestId('fair-share-rule', undefined, { timeout: 10_000 }))).toBe(
    'ज़्यादा लोगों तक खाना पहुँचे, इसलिए एक खाता 24 घंटे में ज़्यादा से ज़्यादा 20 हिस्से ले सकता है (सत्यापित संगठन 200)।',
  );
  expect(await main().findByLabelText(label('कितने?'), undefined, { timeout: 10_000 })).toBeTruthy();
});
