import { type APIRequestContext, type BrowserContext } from '@playwright/test';
import { receivedBy, replyOnWhatsApp, waitForMessage } from './support/messaging';
import { type Person, donate, registerPerson, requestDonation, signedInContext } from './support/scenario';
import { expect, test } from './support/test';

/*
 * Issue 31: a receiver whose browser does not show notifications (push never allowed) verifies
 * their phone and switches WhatsApp on in the app; the donor answers the request by tapping Accept
 * on WhatsApp (the local provider plays Meta's part and signs the reply); the receiver's pickup
 * code arrives on WhatsApp and is the one My Orders shows.
 */

const auth = (person: Person) => ({ authorization: `Bearer ${person.token}` });

/** The donor's side through the API: the code from the provider, then WhatsApp on. */
async function verifyAndSwitchOn(request: APIRequestContext, person: Person) {
  expect((await request.post('/api/me/phone/verification', { headers: auth(person), data: {} })).status()).toBe(202);
  const sms = await waitForMessage(`+91${person.phone}`, '1107173000000000121');
  const code = sms.channel === 'sms' ? (sms.vars[0] ?? '') : '';
  expect((await request.post('/api/me/phone/verification/confirm', { headers: auth(person), data: { code } })).status()).toBe(200);
  expect((await request.put('/api/me/messaging/consent', { headers: auth(person), data: { whatsapp: { handover: true } } })).status()).toBe(200);
  // A new request waits out quiet hours (22:00-07:00 India time) like push and email; this test may run at night.
  const quiet = { quietHours: { enabled: false, start: '22:00', end: '07:00', timeZone: 'Asia/Kolkata' } };
  expect((await request.put('/api/notification-preferences', { headers: auth(person), data: quiet })).status()).toBe(200);
}

test.describe('WhatsApp', () => {
  let contexts: BrowserContext[] = [];
  test.afterEach(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    contexts = [];
  });

  test('a receiver without push gets the pickup code on WhatsApp after the donor taps Accept there', async ({ browser, request }) => {
    const donor = await registerPerson(request, 'DONOR');
    const receiver = await registerPerson(request, 'RECEIVER');
    await verifyAndSwitchOn(request, donor);

    // The receiver's browser never allows notifications.
    const receiverContext = await signedInContext(browser, receiver, { permissions: [] });
    contexts.push(receiverContext);
    const page = await receiverContext.newPage();
    await page.goto('/notification-settings');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: 'WhatsApp and SMS' })).toBeVisible();
    await main.getByRole('button', { name: 'Send code by SMS' }).click();
    const sms = await waitForMessage(`+91${receiver.phone}`, '1107173000000000121');
    await main.getByLabel('6-digit code').fill(sms.channel === 'sms' ? (sms.vars[0] ?? '') : '');
    await main.getByRole('button', { name: 'Verify' }).click();
    await expect(main.getByText(`Your number ending in ${receiver.phone.slice(-4)} is verified.`)).toBeVisible();
    const whatsapp = main.getByRole('switch', { name: /^Requests, pickups and account notices on WhatsApp/ });
    await expect(whatsapp).toBeEnabled();
    // Saved at once: the switch turns on when the server has it (no optimistic state).
    await whatsapp.click({ force: true });
    await expect(whatsapp).toBeChecked();
    await expect
      .poll(
        async () =>
          ((await (await request.get('/api/me/messaging', { headers: auth(receiver) })).json()) as { consent: { whatsapp: { handover: { on: boolean } } } })
            .consent.whatsapp.handover.on,
      )
      .toBe(true);

    const foodName = `Veg pulao ${receiver.phone.slice(-4)}`;
    const donation = await donate(request, donor, foodName);
    await requestDonation(request, receiver, donation.id);

    // The donor's WhatsApp gets the request with Accept and Decline; the donor taps Accept.
    const asked = await waitForMessage(`+91${donor.phone}`, 'annadaan_request_received');
    const [accept = ''] = asked.channel === 'whatsapp' ? asked.buttons : [];
    await replyOnWhatsApp(`+91${donor.phone}`, { payload: accept });

    const accepted = await waitForMessage(`+91${receiver.phone}`, 'annadaan_request_accepted');
    const codeOnWhatsApp = accepted.channel === 'whatsapp' ? (accepted.params[1] ?? '') : '';
    expect(codeOnWhatsApp).toMatch(/^\d{6}$/);

    // My Orders shows the same code, and the request as accepted.
    await page.goto('/my-order');
    const order = page.getByRole('article', { name: new RegExp(foodName) });
    await expect(order.getByTestId('request-status')).toHaveText('Awaiting pickup');
    await order.getByRole('button', { name: 'View pickup code (OTP) and donor contact' }).click();
    await expect(order.getByTestId('pickup-code')).toHaveText(codeOnWhatsApp);

    // A second tap changes nothing and is answered plainly.
    await replyOnWhatsApp(`+91${donor.phone}`, { payload: accept });
    await waitForMessage(`+91${donor.phone}`, 'annadaan_reply_refused');
    expect(
      (await receivedBy(`+91${receiver.phone}`)).filter((message) => message.channel === 'whatsapp' && message.template === 'annadaan_request_accepted'),
    ).toHaveLength(1);
  });
});
