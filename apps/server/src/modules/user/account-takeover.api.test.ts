import { expect, it } from 'vitest';
import { bearer, freshAddress, registerPerson } from '../../../test/accounts';
import { describeEachDatabase } from '../../../test/test-app';
import { isOutboxNotifier } from '../notifications/notifier';

describeEachDatabase('a stolen session cannot take the account over', (ctx) => {
  const update = (token: string, payload: object) =>
    ctx().app.inject({ method: 'PUT', url: '/api/user/update-profile', headers: bearer(token), payload, remoteAddress: freshAddress() });
  const profile = (token: string) => ctx().app.inject({ method: 'GET', url: '/api/user/profile', headers: bearer(token) });
  const signIn = async (email: string, password: string) => {
    const response = await ctx().app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: freshAddress() });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ accessToken: string }>().accessToken;
  };
  const sentTo = (email: string) => {
    const notifier = ctx().app.notifier;
    if (!isOutboxNotifier(notifier)) throw new Error('The app does not use the outbox notifier.');
    return notifier.messages().filter((message) => message.email === email);
  };

  it('needs the current password to change the phone number', async () => {
    const person = await registerPerson(ctx());
    const missing = await update(person.token, { contactNumber: '7012345678' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ fieldErrors: { currentPassword: 'Enter your current password to change your phone number.' } });
    const wrong = await update(person.token, { contactNumber: '7012345678', currentPassword: 'Not-The-Password-9' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ fieldErrors: { currentPassword: 'Your current password is not correct.' } });
    expect((await profile(person.token)).json().contactNumber).toBe(person.contactNumber);
    expect(sentTo(person.email)).toEqual([]);
  });

  it('tells the old number, ends the other sessions and keeps this one', async () => {
    const person = await registerPerson(ctx());
    const laptop = await signIn(person.email, person.password);
    const changed = await update(person.token, { contactNumber: '7012345678', currentPassword: person.password });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().contactNumber).toBe('7012345678');
    expect((await profile(person.token)).statusCode).toBe(200);
    expect((await profile(laptop)).statusCode).toBe(401);

    const notices = sentTo(person.email);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      contactNumber: `+91${person.contactNumber}`,
      subject: 'The phone number on your Annadaan account was changed',
    });
    expect(notices[0]?.text).toContain(`ending in ${person.contactNumber.slice(-4)} to one ending in 5678`);
    expect(notices[0]?.text).not.toContain('7012345678');
  });

  it('burns a reset code sent before the number changed', async () => {
    const person = await registerPerson(ctx());
    const asked = await ctx().app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: person.email, contactNumber: person.contactNumber },
      remoteAddress: freshAddress(),
    });
    expect(asked.statusCode).toBe(200);
    const code = /\b(\d{6})\b/.exec(sentTo(person.email).at(-1)?.text ?? '')?.[1];
    if (!code) throw new Error('no reset code sent');

    const changed = await update(person.token, { contactNumber: '7012345678', currentPassword: person.password });
    expect(changed.statusCode, changed.body).toBe(200);
    for (const contactNumber of ['7012345678', person.contactNumber]) {
      const reset = await ctx().app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { email: person.email, contactNumber, code, newPassword: 'Monsoon-Lantern-Kettle-73' },
        remoteAddress: freshAddress(),
      });
      expect(reset.statusCode, reset.body).toBe(400);
    }
    // The password was not changed by the old code.
    expect(await signIn(person.email, person.password)).toEqual(expect.any(String));
  });

  it('needs no password when the number stays the same or other fields change', async () => {
    const person = await registerPerson(ctx());
    const other = await signIn(person.email, person.password);
    const same = await update(person.token, { contactNumber: person.contactNumber, fullName: 'Asha R.', location: 'Indiranagar, Bengaluru 560038' });
    expect(same.statusCode, same.body).toBe(200);
    expect((await profile(other)).statusCode).toBe(200);
    expect(sentTo(person.email)).toEqual([]);
  });

  it('stops guessing the current password after 10 wrong tries', async () => {
    const person = await registerPerson(ctx());
    const tries = await Promise.all(
      Array.from({ length: 15 }, (_, n) => update(person.token, { contactNumber: '7012345678', currentPassword: `Wrong-Guess-${n}-xyz` })),
    );
    const statuses = tries.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 400)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
    const right = await update(person.token, { contactNumber: '7012345678', currentPassword: person.password });
    expect(right.statusCode).toBe(429);
  });

  it('still needs the current password to change the password', async () => {
    const person = await registerPerson(ctx());
    const response = await ctx().app.inject({
      method: 'POST',
      url: '/api/user/change-password',
      headers: bearer(person.token),
      payload: { newPassword: 'Monsoon-Lantern-Orbit-77' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toMatchObject({ currentPassword: 'Enter your current password.' });
  });
});
