import { toIso } from '../../server/src/lib/clock';
import { notices, recordNotification } from '../../server/src/modules/notifications/notifications-service';
import { runPastTheWait, verifiedPerson } from '../../server/test/messaging';
import { within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { renderRoute, useRouteTestServer } from './support/route-test';

// A cap of one SMS a day, so one handover message reaches it.
const server = useRouteTestServer({ SMS_DAILY_CAP: '1' });

const REASON = 'MSG91 refused the message: HTTP 200, type error: Number is in DND or invalid';

/**
 * One SMS counted against the cap through the real path (a verified person, a notice left unread,
 * the dev outbox), and one refusal as the delivery records it when a provider refuses for good
 * (no provider runs here to refuse; the API tests refuse through the local provider).
 */
async function capReachedAndOneRefusal() {
  const ctx = server.ctx();
  const person = await verifiedPerson(ctx, 'capped', { channels: ['sms'] });
  // Quiet hours (22:00-07:00 India time) would hold the message till morning, and this test may run at night.
  const quiet = { quietHours: { enabled: false, start: '22:00', end: '07:00', timeZone: 'Asia/Kolkata' } };
  const saved = await ctx.app.inject({ method: 'PUT', url: '/api/notification-preferences', headers: person.headers, payload: quiet });
  expect(saved.statusCode, saved.body).toBe(200);
  await ctx.database.db.transaction().execute((trx) => recordNotification(trx, notices.requestRejected(person.id, 'Dal'), ctx.clock.now()));
  await runPastTheWait(ctx);
  const now = toIso(ctx.clock.now());
  await ctx.database.db
    .insertInto('messaging_sends')
    .values({
      idempotency_key: 'notification:999:sms',
      user_id: person.id,
      notification_id: null,
      channel: 'sms',
      template: '1107173000000000105',
      to_ending: person.contactNumber.slice(-4),
      provider_id: null,
      status: 'failed',
      detail: REASON,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return person;
}

test("admins see each channel's daily cap, an alert when one is reached, the nav marker and the refused messages", async () => {
  const refused = await capReachedAndOneRefusal();
  const admin = await server.signUp('ADMIN');
  const { main, screen } = await renderRoute('/admin/messaging', { as: admin });
  expect(await main().findByRole('heading', { level: 1, name: 'WhatsApp and SMS' })).toBeTruthy();
  const alert = await main().findByRole('alert');
  expect(alert.textContent).toContain('Daily cap reached on SMS');
  expect(alert.textContent).toContain('SMS has reached its cap for the day (1 of 1 messages).');
  expect(main().getByTestId('usage-sms').textContent).toContain('1 of 1');
  expect(main().getByTestId('usage-whatsapp').textContent).toContain('0 of 10,000');
  expect(main().getByRole('progressbar', { name: 'SMS: 1 of 1 messages' })).toBeTruthy();
  // The admin nav tells it from every admin screen.
  const nav = screen.getByRole('navigation', { name: 'Admin' });
  expect(await within(nav).findByRole('link', { name: 'WhatsApp and SMS (daily cap reached)' })).toBeTruthy();

  const table = await main().findByRole('table', { name: 'Refused messages' });
  const rows = within(table).getAllByRole('row');
  expect(rows).toHaveLength(2);
  expect(within(rows[1]!).getByText(`ending ${refused.contactNumber.slice(-4)}`)).toBeTruthy();
  expect(within(rows[1]!).getByText(REASON)).toBeTruthy();
  expect(within(rows[1]!).getByText('SMS')).toBeTruthy();
  // Only the last 4 digits, nowhere the whole number.
  expect(document.body.textContent).not.toContain(refused.contactNumber.slice(-10));
});

test('in Hindi too', async () => {
  const admin = await server.signUp('ADMIN');
  const { main, screen } = await renderRoute('/admin/messaging', { as: admin, language: 'hi' });
  expect(await main().findByRole('heading', { level: 1, name: 'WhatsApp और SMS' })).toBeTruthy();
  expect((await main().findByRole('alert')).textContent).toContain('SMS की रोज़ की सीमा पूरी हो गई');
  expect(await within(screen.getByRole('navigation', { name: 'एडमिन' })).findByRole('link', { name: 'WhatsApp और SMS (रोज़ की सीमा पूरी)' })).toBeTruthy();
  const table = await main().findByRole('table', { name: 'अस्वीकार हुए संदेश' });
  expect(within(table).getByRole('columnheader', { name: 'प्रदाता का कारण' })).toBeTruthy();
  expect(within(table).getByText(/^आख़िरी अंक \d{4}$/)).toBeTruthy();
});

test('someone who is not an admin is told the screen is for admins', async () => {
  const donor = await server.signUp('DONOR');
  const { main } = await renderRoute('/admin/messaging', { as: donor });
  expect(await main().findByText('Only admins can see WhatsApp and SMS deliveries.')).toBeTruthy();
});
