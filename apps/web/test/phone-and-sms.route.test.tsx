import type { OutboxResponse } from '@annadaan/contract/dev';
import { cleanup } from '@testing-library/react';
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
