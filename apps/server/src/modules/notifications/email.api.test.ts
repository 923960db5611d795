import { NotificationKind } from '@annadaan/contract/notifications';
import { afterAll, expect, it } from 'vitest';
import { freshAddress } from '../../../test/accounts';
import { startTestSmtpServer } from '../../../test/smtp-test-server';
import { type TestContext, describeEachDatabase } from '../../../test/test-app';
import { scenario } from '../../../test/test-handover';
import { type TestUser, createTestUser } from '../../../test/test-users';
import type { DeliverableNotification } from './channels';
import { deliverableNotification } from './deliveries';
import { createEmailChannel } from './email-channel';
import { MailNotSentYet } from './email-transport';
import { createPreferencePolicy } from './preferences-policy';
import { notices, recordNotification } from './notifications-service';

const smtp = await startTestSmtpServer();
afterAll(() => smtp.close());

const PUBLIC_URL = 'https://annadaan.test';
const FOOD = `<b>Dal & "rice"</b> <script>alert(1)</script>`;

/** A notification recorded the way services record them, read back as the delivery queue hands it to a channel. */
async function recorded(ctx: TestContext, notice: Parameters<typeof recordNotification>[1]): Promise<DeliverableNotification> {
  await ctx.database.db.transaction().execute((trx) => recordNotification(trx, notice, ctx.clock.now()));
  const row = await ctx.database.db
    .selectFrom('notifications')
    .select('id')
    .where('user_id', '=', notice.userId)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const notification = await deliverableNotification(ctx.database.db, row.id);
  if (!notification) throw new Error('the notification was not recorded');
  return notification;
}

/** The URL in a message's List-Unsubscribe header, read from the message as it arrived (folded lines joined). */
function listUnsubscribeUrl(raw: string): string {
  const headers = raw.split(/\r?\n\r?\n/)[0]?.replace(/\r?\n[ \t]+/g, ' ') ?? '';
  return /^List-Unsubscribe: <([^>]+)>$/im.exec(headers)?.[1] ?? '';
}

async function emailOf(ctx: TestContext, user: TestUser): Promise<string> {
  return (await ctx.database.db.selectFrom('users').select('email').where('id', '=', user.id).executeTakeFirstOrThrow()).email;
}

describeEachDatabase(
  'email channel over SMTP',
  (ctx) => {
    it('sends plain text and escaped HTML with a link into the app and a one-click unsubscribe for that kind, and nothing private', async () => {
      const receiver = await createTestUser(ctx(), { fullName: 'Mail Meera', location: 'Flat 12, Rose Villa, MG Road, Pune 411001' });
      const address = await emailOf(ctx(), receiver);
      const notification = await recorded(ctx(), notices.requestAccepted(receiver.id, FOOD));
      const before = smtp.received.length;

      expect(await createEmailChannel(ctx().app).deliver(notification, ctx().clock.now())).toEqual({ status: 'sent' });
      const mail = await smtp.lastTo(address, before);
      const { parsed } = mail;

      expect(parsed.subject).toBe('Your request was accepted');
      expect(parsed.from?.value).toEqual([{ name: 'Annadaan', address: 'no-reply@annadaan.test' }]);
      expect(parsed.messageId).toBe(`<notification-${notification.id}@annadaan.test>`);
      expect(parsed.text).toContain(`The donor accepted your request for "${FOOD}".`);
      expect(parsed.text).toContain(`Open in Annadaan: ${PUBLIC_URL}/my-order`);
      expect(parsed.text).toContain(`Stop these emails: ${PUBLIC_URL}/unsubscribe?token=`);
      expect(parsed.text).toContain(`All notification settings: ${PUBLIC_URL}/notification-settings`);

      const html = String(parsed.html);
      expect(html).toContain('&lt;b&gt;Dal &amp; &quot;rice&quot;&lt;/b&gt; &lt;script&gt;alert(1)&lt;/script&gt;');
      expect(html).not.toContain('<script>');
      expect(html).not.toContain('<b>Dal');
      expect(html).toContain(`<a href="${PUBLIC_URL}/my-order">Open in Annadaan</a>`);

      const oneClick = listUnsubscribeUrl(mail.raw);
      expect(oneClick).toMatch(new RegExp(`^${PUBLIC_URL}/api/unsubscribe\\?token=${receiver.id}\\.REQUEST_ACCEPTED\\.`));
      expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
      expect(parsed.headers.get('auto-submitted')).toBe('auto-generated');

      // Nothing private: no phone number, no street address, no pickup code, no session token.
      for (const secret of [receiver.contactNumber, receiver.contactNumber.slice(-10), 'Rose Villa', 'MG Road', receiver.token]) {
        expect(mail.raw).not.toContain(secret);
      }
      expect(mail.raw).not.toMatch(/pickup code is \d/i);
    });

    it('the unsubscribe link works end to end: GET shows and changes nothing, the one-click POST switches off exactly that kind’s email', async () => {
      const receiver = await createTestUser(ctx(), { fullName: 'Unsub Usha' });
      const address = await emailOf(ctx(), receiver);
      const before = smtp.received.length;
      await createEmailChannel(ctx().app).deliver(await recorded(ctx(), notices.requestRejected(receiver.id, 'Idli')), ctx().clock.now());
      const { parsed, raw } = await smtp.lastTo(address, before);
      const pageLink = /Stop these emails: (\S+)/.exec(parsed.text ?? '')?.[1] ?? '';
      const token = new URL(pageLink).searchParams.get('token') ?? '';
      expect(token).toMatch(new RegExp(`^${receiver.id}\\.REQUEST_REJECTED\\.`));
      const oneClick = new URL(listUnsubscribeUrl(raw));

      const shown = await ctx().app.inject({ method: 'GET', url: `/api/unsubscribe?token=${encodeURIComponent(token)}` });
      expect(shown.statusCode).toBe(200);
      expect(shown.json()).toEqual({ kind: 'REQUEST_REJECTED', label: 'Declined requests', email: true });
      const policy = createPreferencePolicy(ctx().app);
      const probe = (kind: NotificationKind, channel: 'push' | 'email') =>
        policy({ id: 1, userId: receiver.id, kind, language: 'en', title: 't', body: 'b', link: '/', createdAt: '' }, channel, ctx().clock.now());
      expect(await probe(NotificationKind.REQUEST_REJECTED, 'email')).toEqual({ action: 'deliver' });

      // RFC 8058: the mail client posts "List-Unsubscribe=One-Click" as a form to the header's URL, signed out.
      const posted = await ctx().app.inject({
        method: 'POST',
        url: `${oneClick.pathname}${oneClick.search}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
        remoteAddress: freshAddress(),
      });
      expect(posted.statusCode).toBe(200);
      expect(posted.json()).toEqual({ kind: 'REQUEST_REJECTED', label: 'Declined requests', email: false });

      expect(await probe(NotificationKind.REQUEST_REJECTED, 'email')).toMatchObject({ action: 'skip' });
      expect(await probe(NotificationKind.REQUEST_REJECTED, 'push')).toEqual({ action: 'deliver' });
      expect(await probe(NotificationKind.REQUEST_ACCEPTED, 'email')).toEqual({ action: 'deliver' });
      const prefs = await ctx().app.inject({ method: 'GET', url: '/api/notification-preferences', headers: receiver.headers });
      expect(prefs.json().kinds.REQUEST_REJECTED).toEqual({ push: true, email: false });
    });

    it('security email carries no unsubscribe link or header, only the settings link', async () => {
      const person = await createTestUser(ctx(), { fullName: 'Secure Sunil' });
      const address = await emailOf(ctx(), person);
      const before = smtp.received.length;
      await createEmailChannel(ctx().app).deliver(await recorded(ctx(), notices.passwordChanged(person.id)), ctx().clock.now());
      const mail = await smtp.lastTo(address, before);
      expect(mail.parsed.subject).toBe('Your password was changed');
      expect(listUnsubscribeUrl(mail.raw)).toBe('');
      expect(mail.raw).not.toMatch(/^List-Unsubscribe/im);
      expect(mail.parsed.text).not.toContain('/unsubscribe');
      expect(mail.parsed.text).toContain('Security emails are always sent');
    });

    it('a permanently refused address is skipped, not retried; a temporary refusal throws for a retry without naming the address', async () => {
      const refused = await createTestUser(ctx(), { fullName: 'Refused Rani' });
      await ctx()
        .database.db.updateTable('users')
        .set({ email: `rani${refused.id}@refuse.test` })
        .where('id', '=', refused.id)
        .execute();
      const channel = createEmailChannel(ctx().app);
      const outcome = await channel.deliver(await recorded(ctx(), notices.requestRejected(refused.id, 'Poha')), ctx().clock.now());
      expect(outcome).toEqual({ status: 'skipped', reason: 'the mail server refused the address (550)' });

      const later = await createTestUser(ctx(), { fullName: 'Later Lata' });
      await ctx()
        .database.db.updateTable('users')
        .set({ email: `lata${later.id}@later.test` })
        .where('id', '=', later.id)
        .execute();
      const attempt = channel.deliver(await recorded(ctx(), notices.requestRejected(later.id, 'Poha')), ctx().clock.now());
      await expect(attempt).rejects.toBeInstanceOf(MailNotSentYet);
      await expect(attempt).rejects.not.toThrow(/later\.test|lata/);
    });

    it('a real request reaches the donor’s mailbox through the delivery queue (app.jobs.runDue), once', async () => {
      ctx().clock.set('2026-06-03T06:30:00.000Z'); // noon in Kolkata
      const before = smtp.received.length;
      const { donor, donation } = await scenario(ctx(), 'queued mail');
      const address = await emailOf(ctx(), donor);
      await ctx().app.jobs.runDue();
      const mail = await smtp.lastTo(address, before);
      expect(mail.parsed.subject).toBe('New request for your food');
      expect(mail.parsed.text).toContain(`Open in Annadaan: ${PUBLIC_URL}/my-received-requests?donation=${donation.id}`);
      const notification = await ctx()
        .database.db.selectFrom('notifications')
        .select('id')
        .where('user_id', '=', donor.id)
        .where('kind', '=', 'REQUEST_RECEIVED')
        .executeTakeFirstOrThrow();
      const delivery = await ctx()
        .database.db.selectFrom('notification_deliveries')
        .select(['status'])
        .where('notification_id', '=', notification.id)
        .where('channel', '=', 'email')
        .executeTakeFirstOrThrow();
      expect(delivery.status).toBe('sent');
      // Running the queue again sends nothing more to the donor.
      await ctx().app.jobs.runDue();
      expect(smtp.received.filter((received) => received.envelopeTo.includes(address))).toHaveLength(1);
    });

    it('in quiet hours the request waits in the queue until 07:00 Kolkata, then arrives', async () => {
      ctx().clock.set('2026-06-03T17:30:00.000Z'); // 23:00 in Kolkata
      const { donor } = await scenario(ctx(), 'quiet mail');
      const address = await emailOf(ctx(), donor);
      await ctx().app.jobs.runDue();
      expect(smtp.received.filter((received) => received.envelopeTo.includes(address))).toHaveLength(0);
      ctx().clock.set('2026-06-04T01:29:00.000Z'); // 06:59
      await ctx().app.jobs.runDue();
      expect(smtp.received.filter((received) => received.envelopeTo.includes(address))).toHaveLength(0);
      const before = smtp.received.length;
      ctx().clock.set('2026-06-04T01:30:00.000Z'); // 07:00
      await ctx().app.jobs.runDue();
      const mail = await smtp.lastTo(address, before);
      expect(mail.parsed.subject).toBe('New request for your food');
    });

    it('skips a deactivated account', async () => {
      const gone = await createTestUser(ctx(), { fullName: 'Gone Gita' });
      await ctx().database.db.updateTable('users').set({ deactivated_at: ctx().clock.now().toISOString() }).where('id', '=', gone.id).execute();
      const outcome = await createEmailChannel(ctx().app).deliver(await recorded(ctx(), notices.requestRejected(gone.id, 'Upma')), ctx().clock.now());
      expect(outcome).toEqual({ status: 'skipped', reason: 'the account is deactivated' });
    });

    it('sends the password reset code by email through the same transport, and never logs the code', async () => {
      const person = { fullName: 'Reset Raghav', email: `raghav${Date.now()}@example.in`, contactNumber: `97${String(Date.now()).slice(-8)}` };
      const registered = await ctx().app.inject({
        method: 'POST',
        url: '/api/auth/register',
        remoteAddress: freshAddress(),
        payload: { ...person, password: 'Tamarind-Sunrise-42', location: 'Baner, Pune 411045', role: 'RECEIVER' },
      });
      expect(registered.statusCode).toBe(201);
      const before = smtp.received.length;
      const asked = await ctx().app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        remoteAddress: freshAddress(),
        payload: { email: person.email, contactNumber: person.contactNumber },
      });
      expect(asked.statusCode).toBe(200);
      const mail = await smtp.lastTo(person.email, before);
      expect(mail.parsed.subject).toBe('Your Annadaan password reset code');
      const code = /reset code is (\d{6})/.exec(mail.parsed.text ?? '')?.[1];
      expect(code).toMatch(/^\d{6}$/);
      const logs = ctx().logs().join('\n');
      expect(logs).toContain('email sent');
      expect(logs).not.toContain(`reset code is ${code}`);
      expect(logs).not.toContain(person.email);
      expect(logs).not.toContain(smtp.url.split('//')[1] ?? 'unreachable');
    });
  },
  { SMTP_URL: smtp.url, PUBLIC_URL },
);

describeEachDatabase('email channel without SMTP', (ctx) => {
  it('keeps the email in the dev outbox and logs it with the unsubscribe token masked', async () => {
    const person = await createTestUser(ctx(), { fullName: 'Outbox Om' });
    const address = await emailOf(ctx(), person);
    const outcome = await createEmailChannel(ctx().app).deliver(await recorded(ctx(), notices.requestReceived(person.id, 7, 'Khichdi')), ctx().clock.now());
    expect(outcome).toEqual({ status: 'sent' });
    const outbox = await ctx().app.inject({ method: 'GET', url: `/api/dev/outbox?email=${encodeURIComponent(address)}`, remoteAddress: '127.0.0.1' });
    const [message] = outbox.json<{ messages: { subject: string; text: string }[] }>().messages;
    expect(message?.subject).toBe('New request for your food');
    expect(message?.text).toContain('Someone asked for "Khichdi".');
    expect(message?.text).toContain('Open in Annadaan: http://localhost:3000/my-received-requests?donation=7');
    const token = /unsubscribe\?token=(\S+)/.exec(message?.text ?? '')?.[1] ?? '';
    expect(token.length).toBeGreaterThan(20);
    expect(ctx().logs().join('\n')).not.toContain(token);
    expect(ctx().logs().join('\n')).not.toContain(decodeURIComponent(token));
  });
});
