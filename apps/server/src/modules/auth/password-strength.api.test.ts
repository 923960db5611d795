import { expect, it } from 'vitest';
import { bearer, freshAddress, newPerson, registerPerson } from '../../../test/accounts';
import { describeEachDatabase } from '../../../test/test-app';
import { isOutboxNotifier } from '../notifications/notifier';

const WEAK = ['aaaaaaaa', 'Passw0rd!', 'india@123', '12345678a'];
/** '12345678a' is also on the common-password list, whose own message comes first. */
const REFUSED = /^This password is too (easy to guess\. \S|common\.)/;

describeEachDatabase('auth: weak passwords are refused with the reason', (ctx) => {
  it('at sign-up', async () => {
    for (const password of WEAK) {
      const response = await ctx().app.inject({ method: 'POST', url: '/api/auth/register', payload: newPerson({ password }), remoteAddress: freshAddress() });
      expect(response.statusCode, password).toBe(400);
      const body = response.json<{ message: string; code: string; fieldErrors: { password: string } }>();
      expect(body.code).toBe('VALIDATION_ERROR');
      expect(body.fieldErrors.password, password).toMatch(REFUSED);
      expect(body.message).toBe(body.fieldErrors.password);
    }
  });

  it('at a password change, and a strong one is taken', async () => {
    const person = await registerPerson(ctx());
    const change = (newPassword: string) =>
      ctx().app.inject({
        method: 'POST',
        url: '/api/user/change-password',
        headers: bearer(person.token),
        payload: { currentPassword: person.password, newPassword },
        remoteAddress: freshAddress(),
      });
    for (const password of WEAK) {
      const response = await change(password);
      expect(response.statusCode, password).toBe(400);
      expect(response.json<{ fieldErrors: { newPassword: string } }>().fieldErrors.newPassword, password).toMatch(REFUSED);
    }
    expect((await change('Monsoon-Lantern-Orbit-77')).statusCode).toBe(200);
  });

  it('at a reset, before the code is spent', async () => {
    const person = await registerPerson(ctx());
    const forgot = await ctx().app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: person.email, contactNumber: person.contactNumber },
      remoteAddress: freshAddress(),
    });
    expect(forgot.statusCode).toBe(200);
    const notifier = ctx().app.notifier;
    if (!isOutboxNotifier(notifier)) throw new Error('The app does not use the outbox notifier.');
    const code = /\b(\d{6})\b/.exec(
      notifier
        .messages()
        .filter((m) => m.email === person.email)
        .at(-1)?.text ?? '',
    )?.[1];
    const reset = (newPassword: string) =>
      ctx().app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { email: person.email, contactNumber: person.contactNumber, code, newPassword },
        remoteAddress: freshAddress(),
      });
    const weak = await reset('india@123');
    expect(weak.statusCode).toBe(400);
    expect(weak.json<{ fieldErrors: { newPassword: string } }>().fieldErrors.newPassword).toMatch(REFUSED);
    expect((await reset('Monsoon-Lantern-Orbit-77')).statusCode).toBe(200);
  });
});
