import type { OutboxResponse } from '@annadaan/contract/dev';
import { cleanup, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { renderRoute, useRouteTestServer } from './support/route-test';

const server = useRouteTestServer();

/** The newest verification code the server "sent" by SMS (no provider is configured: it sits in the dev outbox). */
async function lastSmsCode(contactNumber: string): Promise<string> {
  const outbox = await server.api<OutboxResponse>('GET', '/api/dev/outbox');
  const sms = outbox.body.messages.filter((message) => message.channel === 'sms' && message.contactNumber.endsWith(contactNumber.slice(-10)));
  return /\b(\d{6})\b/.exec(sms.at(-1)?.text ?? '')?.[1] ?? '';
}

test('the profile says SMS alerts are off until the phone is verified and SMS is on, then on', async () => {
  const donor = await server.signUp('DONOR');
  const profile = await renderRoute('/Profile', { as: donor });
  expect(await profile.main().findByText('SMS alerts activation')).toBeTruthy();
  expect(await profile.main().findByText('Off')).toBeTruthy();
  const link = profile.main().getByRole('link', { name: 'Verify your phone and switch SMS on' });
  expect(link.getAttribute('href')).toBe('/notification-settings#whatsapp-and-sms');
  profile.router.dispose();
  cleanup();

  const { main, user } = await renderRoute('/notification-settings', { as: donor });
  expect(await main().findByRole('heading', { level: 2, name: 'WhatsApp and SMS' })).toBeTruthy();
  // Off and locked until the number is verified (Mantine puts the description inside the label, so the name starts with the label).
  const smsHandover = await main().findByRole('switch', { name: /^Requests, pickups and account notices on SMS/ });
  expect((smsHandover as HTMLInputElement).disabled).toBe(true);

  await user.click(main().getByRole('button', { name: 'Send code by SMS' }));
  const codeField = await main().findByLabelText('6-digit code');
  await user.type(codeField, '12');
  await user.click(main().getByRole('button', { name: 'Verify' }));
  expect(await main().findByText('Enter the 6-digit code we sent to your phone by SMS.')).toBeTruthy();

  await user.clear(codeField);
  await user.type(codeField, await lastSmsCode(donor.contactNumber));
  await user.click(main().getByRole('button', { name: 'Verify' }));
  expect(await main().findByText(`Your number ending in ${donor.contactNumber.slice(-4)} is verified.`)).toBeTruthy();

  const enabled = await main().findByRole('switch', { name: /^Requests, pickups and account notices on SMS/ });
  expect((enabled as HTMLInputElement).disabled).toBe(false);
  await user.click(enabled);
  await expect
    .poll(
      async () =>
        (await server.api<{ consent: { sms: { handover: { on: boolean } } } }>('GET', '/api/me/messaging', { as: donor })).body.consent.sms.handover.on,
    )
    .toBe(true);
});

test('a verified number with SMS on shows green on the profile, in Hindi too', async () => {
  const receiver = await server.signUp('RECEIVER');
  await server.api('POST', '/api/me/phone/verification', { as: receiver });
  const confirmed = await server.api('POST', '/api/me/phone/verification/confirm', { as: receiver, body: { code: await lastSmsCode(receiver.contactNumber) } });
  expect(confirmed.status).toBe(200);
  expect((await server.api('PUT', '/api/me/messaging/consent', { as: receiver, body: { sms: { handover: true } } })).status).toBe(200);

  const { main } = await renderRoute('/Profile', { as: receiver, language: 'hi' });
  expect(await main().findByText('SMS अलर्ट चालू')).toBeTruthy();
  expect(await main().findByText('चालू')).toBeTruthy();
  expect(main().getByRole('link', { name: 'WhatsApp और SMS सेटिंग्स बदलें' })).toBeTruthy();
});

test('Home offers an unverified person to verify the phone for WhatsApp and SMS, and the card is gone once verified', async () => {
  const receiver = await server.signUp('RECEIVER');
  const { main, user, router } = await renderRoute('/home2', { as: receiver });
  const card = await main().findByRole('region', { name: 'Get pickup updates on WhatsApp or SMS' });
  const link = within(card).getByRole('link', { name: 'Verify my phone' });
  expect(link.getAttribute('href')).toBe('/notification-settings#whatsapp-and-sms');

  await user.click(link);
  await user.click(await main().findByRole('button', { name: 'Send code by SMS' }));
  await user.type(await main().findByLabelText('6-digit code'), await lastSmsCode(receiver.contactNumber));
  await user.click(main().getByRole('button', { name: 'Verify' }));
  expect(await main().findByText(`Your number ending in ${receiver.contactNumber.slice(-4)} is verified.`)).toBeTruthy();

  await router.navigate('/home2');
  expect(await main().findByRole('heading', { level: 1, name: 'Welcome to Annadaan' })).toBeTruthy();
  expect(main().queryByRole('region', { name: 'Get pickup updates on WhatsApp or SMS' })).toBeNull();
});

test('the card speaks Hindi, and once dismissed stays away for that account on this device', async () => {
  const donor = await server.signUp('DONOR');
  const first = await renderRoute('/home2', { as: donor, language: 'hi' });
  const card = await first.main().findByRole('region', { name: 'पिकअप की खबरें WhatsApp या SMS पर पाएँ' });
  expect(within(card).getByRole('link', { name: 'मेरा फ़ोन सत्यापित करें' })).toBeTruthy();
  await first.user.click(within(card).getByRole('button', { name: 'अभी नहीं: यह कार्ड छिपाएँ' }));
  expect(first.main().queryByRole('region', { name: 'पिकअप की खबरें WhatsApp या SMS पर पाएँ' })).toBeNull();
  first.router.dispose();
  cleanup();

  const again = await renderRoute('/home2', { as: donor, language: 'hi' });
  // Home's reads have answered (the ending-soon list is asked for after the card's own read).
  expect(await again.main().findByText('जल्द खत्म होने वाला कोई दान नहीं।')).toBeTruthy();
  expect(localStorage.length).toBeGreaterThan(0);
  expect(again.main().queryByRole('region', { name: 'पिकअप की खबरें WhatsApp या SMS पर पाएँ' })).toBeNull();
  again.router.dispose();
  cleanup();

  // Another account on the same device still gets the offer.
  const other = await server.signUp('DONOR');
  const theirs = await renderRoute('/home2', { as: other, language: 'hi' });
  expect(await theirs.main().findByRole('region', { name: 'पिकअप की खबरें WhatsApp या SMS पर पाएँ' })).toBeTruthy();
});
