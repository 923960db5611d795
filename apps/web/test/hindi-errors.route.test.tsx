import { within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { label, renderRoute, useRouteTestServer } from './support/route-test';
import { untranslatedText } from './support/language';

/*
 * Issue 17 (decision 032): errors in the reader's language. The server answers with its English
 * message and a stable code; the app shows the Hindi for that code. A wrong password at sign-in,
 * a field the contract's schema refuses before anything is sent, and a field the server refuses.
 * (Moved from e2e/hindi-errors.spec.ts; the layout and axe checks of these screens stay with the
 * browser's journeys and accessibility spec.)
 */
const server = useRouteTestServer();

test('sign-in and sign-up errors in Hindi', async () => {
  const someone = await server.signUp('RECEIVER');
  const { screen, user, main } = await renderRoute('/', { language: 'hi' });

  await user.click(within(await screen.findByRole('banner', undefined, { timeout: 10_000 })).getAllByRole('link', { name: 'लॉगिन' })[0] as HTMLElement);
  expect(await main().findByRole('heading', { name: 'लॉगिन करें' }, { timeout: 10_000 })).toBeTruthy();

  // The server's INVALID_LOGIN, in Hindi.
  await user.type(main().getByLabelText(label('ईमेल')), someone.email);
  await user.type(main().getByLabelText(label('पासवर्ड')), 'Galat-Password-123');
  await user.click(main().getByRole('button', { name: 'लॉगिन' }));
  expect(await main().findByText('ईमेल या पासवर्ड ग़लत है।')).toBeTruthy();
  expect(main().queryByText('Invalid email or password.')).toBeNull();
  expect(untranslatedText()).toEqual([]);

  await user.click(main().getByRole('link', { name: 'साइन अप करें' }));
  expect(await main().findByRole('heading', { name: 'साइन अप करें' })).toBeTruthy();
  await user.type(main().getByLabelText(label('पूरा नाम')), 'आशा वर्मा');
  await user.type(main().getByLabelText(label('फ़ोन नंबर')), `9${String(Date.now()).slice(-9)}`);
  await user.type(main().getByLabelText(label('ईमेल')), 'abc');
  await user.type(main().getByLabelText(label('जगह')), 'पुणे 411001');
  await user.type(main().getByLabelText(label('पासवर्ड')), 'Mango-x7Qp2LkA-Tree');
  await user.selectOptions(main().getByLabelText(label('आप कौन हैं')), 'लेने वाले');
  await user.click(main().getByRole('checkbox', { name: 'मैं नियम और शर्तें मानता/मानती हूँ' }));
  await user.click(main().getByRole('button', { name: 'साइन अप करें' }));

  // The contract's zod message, by its code, before anything is sent.
  expect(await main().findByText('सही ईमेल पता डालें।')).toBeTruthy();
  expect(untranslatedText()).toEqual([]);

  // The server's field error (EMAIL_TAKEN) on the email field, in Hindi.
  await user.clear(main().getByLabelText(label('ईमेल')));
  await user.type(main().getByLabelText(label('ईमेल')), someone.email);
  await user.click(main().getByRole('button', { name: 'साइन अप करें' }));
  expect(await main().findByText(/यह ईमेल पहले से रजिस्टर है।/, undefined, { timeout: 10_000 })).toBeTruthy();
  expect(main().queryByText(/already registered/)).toBeNull();
  expect(untranslatedText()).toEqual([]);
});
