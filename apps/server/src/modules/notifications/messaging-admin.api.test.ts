import type { MessagingRefusalList, MessagingUsage } from '@annadaan/contract/messaging';
import { afterAll, expect, it } from 'vitest';
import { startLocalMessagingProvider } from '../../../../../scripts/local-messaging-provider.mjs';
import { MESSAGING_PUBLIC_URL, receivedBy, runPastTheWait, verifiedPerson } from '../../../test/messaging';
import { type TestContext, describeEachDatabase } from '../../../test/test-app';
import { get } from '../../../test/test-handover';
import { createTestUser } from '../../../test/test-users';
import { DAY } from '../../lib/clock';
import type { NewNotification } from './notifications-repository';
import { notices, recordNotification } from './notifications-service';

const provider = await startLocalMessagingProvider();
afterAll(() => provider.close());

async function record(ctx: TestContext, notice: NewNotification) {
  await ctx.database.db.transaction().execute((trx) => recordNotification(trx, notice, ctx.clock.now()));
}

async function usage(ctx: TestContext) {
  const admin = await createTestUser(ctx, { role: 'ADMIN', fullName: 'Usage admin' });
  const response = await get(ctx, '/api/admin/messaging/usage', admin);
  expect(response.statusCode, response.body).toBe(200);
  return Object.fromEntries(response.json<MessagingUsage>().channels.map((row) => [row.channel, row]));
}

const env: Record<string, string> = { ...provider.env(), PUBLIC_URL: MESSAGING_PUBLIC_URL };

describeEachDatabase(
  "Admins' view of WhatsApp and SMS: refused messages, a page at a time",
  (ctx) => {
    it('lists refusals newest first in bounded pages, with the total in X-Total-Count and only the last 4 digits of each number', async () => {
      const people = [];
      for (const label of ['refused-a', 'refused-b', 'refused-c']) {
        const person = await verifiedPerson(ctx(), label, { channels: ['sms'] });
        provider.refuse(person.contactNumber, 'sms');
        await record(ctx(), notices.requestRejected(person.id, 'Dal'));
        await runPastTheWait(ctx());
        people.push(person);
      }
      const admin = await createTestUser(ctx(), { role: 'ADMIN', fullName: 'Admin' });
      const first = await get(ctx(), '/api/admin/messaging/failures?page=1&pageSize=2', admin);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.headers['x-total-count']).toBe('3');
      const firstPage = first.json<MessagingRefusalList>().failures;
      expect(firstPage.map((row) => row.toEnding)).toEqual([people[2]!.contactNumber.slice(-4), people[1]!.contactNumber.slice(-4)]);
      expect(firstPage[0]).toEqual({
        id: expect.any(Number),
        channel: 'sms',
        template: expect.any(String),
        toEnding: people[2]!.contactNumber.slice(-4),
        detail: 'MSG91 refused the message: HTTP 200, type error: Number is in DND or invalid',
        at: ctx().clock.now().toISOString(),
      });
      for (const person of people) expect(first.body).not.toContain(person.contactNumber.slice(-10));
      const second = await get(ctx(), '/api/admin/messaging/failures?page=2&pageSize=2', admin);
      expect(second.json<MessagingRefusalList>().failures.map((row) => row.toEnding)).toEqual([people[0]!.contactNumber.slice(-4)]);
      expect((await get(ctx(), '/api/admin/messaging/failures?pageSize=101', admin)).statusCode).toBe(400);
    });
  },
  env,
);

describeEachDatabase(
  "Admins' view of WhatsApp and SMS: the daily caps",
  (ctx) => {
    it('counts each channel against its cap, says when it is reached (alerts stop, handover goes on) and starts again after the window', async () => {
      const start = await usage(ctx());
      expect(start.sms).toEqual({ channel: 'sms', used: 0, cap: 2, reached: false, resetsAt: null });
      expect(start.whatsapp).toEqual({ channel: 'whatsapp', used: 0, cap: 10_000, reached: false, resetsAt: null });

      let windowStart: Date | null = null;
      for (const label of ['cap-a', 'cap-b']) {
        const person = await verifiedPerson(ctx(), label, { channels: ['sms'] });
        await record(ctx(), notices.requestRejected(person.id, 'Roti'));
        await runPastTheWait(ctx());
        // The window opens with the first message counted, once the wait is over.
        windowStart ??= ctx().clock.now();
        expect(receivedBy(provider, person.contactNumber)).toHaveLength(1);
      }
      const full = await usage(ctx());
      expect(full.sms).toEqual({ channel: 'sms', used: 2, cap: 2, reached: true, resetsAt: new Date(windowStart!.getTime() + DAY).toISOString() });
      expect(full.whatsapp!.reached).toBe(false);

      const alerted = await verifiedPerson(ctx(), 'cap-alert', { role: 'RECEIVER', channels: ['sms'] });
      await record(ctx(), notices.nearbyDonation(alerted.id, { label: 'Home', radiusKm: 3 }, 1, 'Sabzi'));
      await runPastTheWait(ctx());
      expect(receivedBy(provider, alerted.contactNumber)).toEqual([]);
      const handover = await verifiedPerson(ctx(), 'cap-handover', { channels: ['sms'] });
      await record(ctx(), notices.requestRejected(handover.id, 'Roti'));
      await runPastTheWait(ctx());
      expect(receivedBy(provider, handover.contactNumber)).toHaveLength(1);
      expect((await usage(ctx())).sms).toMatchObject({ used: 4, reached: true });

      ctx().clock.advance(DAY);
      expect((await usage(ctx())).sms).toEqual({ channel: 'sms', used: 0, cap: 2, reached: false, resetsAt: null });
    });
  },
  { ...env, SMS_DAILY_CAP: '2' },
);
