import type { OutboxResponse } from '@annadaan/contract/dev';
import { cleanup, waitFor, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { type TestPerson, part, renderRoute, shownText, useRouteTestServer } from './support/route-test';
import { untranslatedText } from './support/language';

/*
 * Issue 17 (decision 033) at a laptop's width: a Hindi receiver's notifications, worded by the
 * server in the account's language, and the notification screens in Hindi, reached from the bell.
 * (Moved from e2e/hindi-notifications.spec.ts's laptop runs. The browser keeps the 360 px phone
 * runs, which also show the live stream's toast, the layout and axe, and a first visit in a
 * browser set to Hindi.)
 */
const server = useRouteTestServer();

const hindiOnly = () => waitFor(() => expect(untranslatedText()).toEqual([]));

async function speaksHindi(person: TestPerson) {
  expect((await server.api('PUT', '/api/user/update-profile', { as: person, body: { language: 'hi' } })).status).toBe(200);
}

async function donate(donor: TestPerson, foodName: string) {
  const answer = await server.api<{ id: number }>('POST', '/api/donations', {
    as: donor,
    body: {
      foodName,
      description: 'ताज़ा बना',
      quantity: '4 डिब्बे',
      free: true,
      price: 0,
      location: 'एफ़सी रोड, पुणे 411004',
      deliveryType: 'SELF_PICKUP',
      foodType: 'PRECOOKED',
      refrigerationAvailable: false,
    },
  });
  expect(answer.status).toBe(201);
  return answer.body;
}

async function requestFood(receiver: TestPerson, donationId: number) {
  const answer = await server.api<{ id: number }>('POST', `/api/requests/create/${donationId}`, { as: receiver, body: { paymentMethod: '' } });
  expect(answer.status).toBe(201);
  return answer.body;
}

/** The bar's bell (the phone's copy is drawn too; both say the same). */
const bell = (screen: Awaited<ReturnType<typeof renderRoute>>['screen']) =>
  waitFor(() => {
    const bells = screen.getAllByTestId('notification-bell');
    expect(bells.length).toBeGreaterThan(0);
    return bells[0] as HTMLElement;
  });

test('a Hindi receiver reads the accepted request in Hindi under the bell, and in English after switching', async () => {
  const donor = await server.signUp('DONOR', { fullName: 'दाता दिनेश' });
  const receiver = await server.signUp('RECEIVER', { fullName: 'रीना' });
  await speaksHindi(receiver);
  const food = 'आलू पूरी ३१४';
  const donation = await donate(donor, food);
  const asked = await requestFood(receiver, donation.id);
  expect((await server.api('POST', `/api/requests/${asked.id}/accept`, { as: donor, body: {} })).status).toBe(200);

  const { screen, main, user } = await renderRoute('/', { as: receiver, language: 'hi' });
  expect(await screen.findAllByRole('link', { name: 'सूचनाएँ (1 बिना पढ़ी)' }, { timeout: 10_000 })).not.toHaveLength(0);
  await user.click(await bell(screen));
  expect(await main().findByRole('heading', { name: 'सूचनाएँ', level: 1 }, { timeout: 10_000 })).toBeTruthy();
  const itemElement = (await main().findAllByTestId('notification', undefined, { timeout: 10_000 }))[0] as HTMLElement;
  const item = within(itemElement);
  expect(item.getByRole('heading', { name: 'आपका अनुरोध मंज़ूर हो गया' })).toBeTruthy();
  expect(itemElement.textContent).toContain(`दान करने वाले ने "${food}" के लिए आपका अनुरोध मंज़ूर कर दिया।`);
  expect(item.getByText('बिना पढ़ी', { exact: true })).toBeTruthy();
  expect(await main().findByRole('region', { name: 'फ़ोन पर सूचनाएँ' })).toBeTruthy();
  await hindiOnly();

  await user.click(item.getByRole('button', { name: part('पढ़ी हुई करें') }));
  await waitFor(() => expect(item.queryByText('बिना पढ़ी', { exact: true })).toBeNull());
  // Every bell the app draws (the laptop's and the phone's) is named by its aria-label.
  await waitFor(() =>
    expect(screen.getAllByTestId('notification-bell').map((element) => element.getAttribute('aria-label'))).toEqual(expect.arrayContaining(['सूचनाएँ'])),
  );
  expect(screen.queryAllByRole('link', { name: 'सूचनाएँ (1 बिना पढ़ी)' })).toHaveLength(0);

  // Back in English, the same notification reads in English: it is worded when read.
  await user.click(within(screen.getByRole('banner')).getAllByRole('button', { name: 'English' })[0] as HTMLElement);
  expect(await main().findByRole('heading', { name: 'Notifications', level: 1 }, { timeout: 10_000 })).toBeTruthy();
  expect(await main().findByRole('heading', { name: 'Your request was accepted' }, { timeout: 10_000 })).toBeTruthy();
});

test('a Hindi person opens notification settings from the bell and saves them in Hindi', async () => {
  const person = await server.signUp('RECEIVER', { fullName: 'सुनीता' });
  await speaksHindi(person);
  // This browser has no language of its own: the account's wins once the profile arrives.
  const first = await renderRoute('/', { as: person });
  await waitFor(() => expect(document.documentElement.lang).toBe('hi'), { timeout: 10_000 });
  await first.user.click(await bell(first.screen));
  expect(await first.main().findByRole('heading', { name: 'सूचनाएँ', level: 1 }, { timeout: 10_000 })).toBeTruthy();
  expect(await first.main().findByText('अभी कोई सूचना नहीं है।', undefined, { timeout: 10_000 })).toBeTruthy();
  await first.user.click(first.main().getByRole('link', { name: 'सूचना सेटिंग' }));
  expect(await first.main().findByRole('heading', { name: 'सूचना सेटिंग', level: 1 }, { timeout: 10_000 })).toBeTruthy();
  const kind = (label: string) => within(first.main().getByRole('group', { name: label }));
  const declinedEmail = (await waitFor(() => kind('नामंज़ूर हुए अनुरोध').getByRole('switch', { name: part('ईमेल') }), { timeout: 10_000 })) as HTMLInputElement;
  expect(declinedEmail.checked).toBe(true);
  expect((kind('अकाउंट की सुरक्षा').getByRole('switch', { name: part('ईमेल') }) as HTMLInputElement).disabled).toBe(true);
  expect(first.main().getByRole('group', { name: 'शांत समय' })).toBeTruthy();
  await hindiOnly();

  declinedEmail.focus();
  await first.user.keyboard(' ');
  await waitFor(() => expect(declinedEmail.checked).toBe(false));
  await first.user.click(first.main().getByRole('button', { name: 'सेटिंग सेव करें' }));
  expect(await first.screen.findByText('सूचना सेटिंग सेव हो गई।', undefined, { timeout: 10_000 })).toBeTruthy();
  await hindiOnly();
  first.router.dispose();
  cleanup();

  // Drawn again from the server's copy.
  const again = await renderRoute('/notification-settings', { as: person, language: 'hi' });
  const saved = await waitFor(
    () => within(again.main().getByRole('group', { name: 'नामंज़ूर हुए अनुरोध' })).getByRole('switch', { name: part('ईमेल') }) as HTMLInputElement,
    { timeout: 10_000 },
  );
  expect(saved.checked).toBe(false);
});

test('a Hindi email’s unsubscribe link opens the page in Hindi', async () => {
  const donor = await server.signUp('DONOR', { fullName: 'दाता दिव्या' });
  const receiver = await server.signUp('RECEIVER', { fullName: 'मीना' });
  await speaksHindi(receiver);
  // Quiet hours (22:00–07:00 India time by default) would hold the email when the suite runs at night there.
  const quiet = { quietHours: { enabled: false, start: '22:00', end: '07:00', timeZone: 'Asia/Kolkata' } };
  expect((await server.api('PUT', '/api/notification-preferences', { as: receiver, body: quiet })).status).toBe(200);
  const donation = await donate(donor, 'वेज पुलाव २७१');
  const asked = await requestFood(receiver, donation.id);
  expect((await server.api('POST', `/api/requests/${asked.id}/reject`, { as: donor, body: {} })).status).toBe(200);

  // Without SMTP the email waits in the dev outbox once the job runner has delivered it.
  await server.ctx().app.jobs.runDue();
  const outbox = await server.api<OutboxResponse>('GET', `/api/dev/outbox?email=${encodeURIComponent(receiver.email)}`);
  const declined = outbox.body.messages.find((message) => message.subject === 'आपका अनुरोध नामंज़ूर हुआ');
  expect(declined?.text).toContain('आपको यह ईमेल इसलिए मिला क्योंकि "नामंज़ूर हुए अनुरोध" के लिए ईमेल चालू है।');
  const link = /ये ईमेल बंद करें: (\S+)/.exec(declined?.text ?? '')?.[1] ?? '';
  expect(link).toContain('/unsubscribe?token=');

  const url = new URL(link);
  const { main, screen, user } = await renderRoute(`${url.pathname}${url.search}`, { language: 'hi' });
  expect(await main().findByRole('heading', { name: 'ईमेल बंद करें', level: 1 }, { timeout: 10_000 })).toBeTruthy();
  await waitFor(() => expect(shownText(screen.getByRole('main'))).toContain('“नामंज़ूर हुए अनुरोध” के बारे में ईमेल बंद करें?'));
  await hindiOnly();
  await user.click(main().getByRole('button', { name: 'ईमेल बंद करें' }));
  await waitFor(() => expect(shownText(main().getByRole('status'))).toBe('अब आपको “नामंज़ूर हुए अनुरोध” के बारे में ईमेल नहीं मिलेंगे। ऐप में घंटी के नीचे ये फिर भी दिखेंगी।'), {
    timeout: 10_000,
  });
  await hindiOnly();
});
