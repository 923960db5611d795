import type { ContactMessage } from '@annadaan/contract/contact';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/test-app';
import { get } from '../../../test/test-handover';
import { createTestUser } from '../../../test/test-users';
import { HOUR, MINUTE } from '../../lib/clock';
import { errorBody } from '../../../test/error-body';

const message = { name: 'Meera Nair', email: 'meera@example.in', subject: 'Volunteering', message: 'How can I help on weekends?' };

describeEachDatabase('contact and help', (ctx) => {
  const send = (payload: object, headers: Record<string, string> = {}, remoteAddress = '10.9.8.7') =>
    ctx().app.inject({ method: 'POST', url: '/api/contact', payload, headers, remoteAddress });

  it('stores a message from anyone and notes a signed-in sender', async () => {
    const anonymous = await send(message);
    expect(anonymous.statusCode, anonymous.body).toBe(201);
    expect(anonymous.json()).toEqual({ id: expect.any(Number), message: 'Thank you! Your message has been sent. We will reply by email.' });
    const user = await createTestUser(ctx(), { role: 'RECEIVER', fullName: 'Signed Sender' });
    ctx().clock.advance(MINUTE);
    const signed = await send({ ...message, name: 'Signed Sender', email: ' Signed@Example.in ' }, user.headers);
    expect(signed.statusCode).toBe(201);

    const admin = await createTestUser(ctx(), { role: 'ADMIN', fullName: 'Admin' });
    const list = await get(ctx(), '/api/admin/contact-messages', admin);
    expect(list.statusCode).toBe(200);
    const items = list.json<ContactMessage[]>();
    expect(items.slice(0, 2)).toEqual([
      {
        id: signed.json<{ id: number }>().id,
        userId: user.id,
        name: 'Signed Sender',
        email: 'signed@example.in',
        subject: 'Volunteering',
        message: 'How can I help on weekends?',
        createdAt: ctx().clock.now().toISOString(),
      },
      {
        id: anonymous.json<{ id: number }>().id,
        userId: null,
        name: 'Meera Nair',
        email: 'meera@example.in',
        subject: 'Volunteering',
        message: 'How can I help on weekends?',
        createdAt: new Date(ctx().clock.now().getTime() - MINUTE).toISOString(),
      },
    ]);
  });

  it('validates every field with a message', async () => {
    const cases: Array<[object, Record<string, string>]> = [
      [{ ...message, name: ' ' }, { name: 'Name is required.' }],
      [{ ...message, email: 'meera' }, { email: 'Enter a valid email address.' }],
      [{ ...message, subject: '' }, { subject: 'Subject is required.' }],
      [{ ...message, subject: 'x'.repeat(151) }, { subject: 'Subject must be at most 150 characters.' }],
      [{ ...message, message: 'x'.repeat(5001) }, { message: 'Message must be at most 5000 characters.' }],
      [{ name: 'Only a name' }, { email: 'Enter your email address.', subject: 'Subject is required.', message: 'Message is required.' }],
    ];
    for (const [payload, fieldErrors] of cases) {
      const response = await send(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', fieldErrors });
    }
  });

  it('takes at most 5 messages per email address and hour', async () => {
    const email = 'busy@example.in';
    for (let i = 0; i < 5; i += 1) {
      expect((await send({ ...message, email }, {}, `10.1.1.${i}`)).statusCode).toBe(201);
    }
    // Another client address and another spelling of the same address make no difference.
    const sixth = await send({ ...message, email: 'BUSY@example.in' }, {}, '10.2.2.2');
    expect(sixth.statusCode).toBe(429);
    // The wait goes with the code (decision 032): the window's full hour, as the clock stands still.
    expect(sixth.json()).toEqual(
      errorBody(
        {
          message: 'You have sent several messages in the last hour. Please wait a little before sending another.',
          code: 'RATE_LIMITED',
        },
        { minutes: '60' },
      ),
    );
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    expect((await send({ ...message, email: 'other@example.in' }, {}, '10.2.2.2')).statusCode).toBe(201);

    ctx().clock.advance(HOUR);
    expect((await send({ ...message, email }, {}, '10.2.2.3')).statusCode).toBe(201);
  });

  it('lets only admins read messages, newest first and paged', async () => {
    expect((await ctx().app.inject({ method: 'GET', url: '/api/admin/contact-messages' })).statusCode).toBe(401);
    const user = await createTestUser(ctx(), { role: 'DONOR', fullName: 'Not Admin' });
    expect((await get(ctx(), '/api/admin/contact-messages', user)).statusCode).toBe(403);
    const admin = await createTestUser(ctx(), { role: 'ADMIN', fullName: 'Admin Two' });
    const all = await get(ctx(), '/api/admin/contact-messages?pageSize=100', admin);
    const total = Number(all.headers['x-total-count']);
    expect(total).toBe(all.json<ContactMessage[]>().length);
    const times = all.json<ContactMessage[]>().map((m) => m.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const last = await get(ctx(), `/api/admin/contact-messages?pageSize=1&page=${total}`, admin);
    expect(last.json<ContactMessage[]>()).toEqual(all.json<ContactMessage[]>().slice(-1));
    expect((await get(ctx(), '/api/admin/contact-messages?page=0', admin)).statusCode).toBe(400);
  });
});
