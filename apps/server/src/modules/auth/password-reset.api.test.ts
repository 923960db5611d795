import { expect, it } from 'vitest';
import { MINUTE } from '../../lib/clock';
import { bearer, freshAddress, registerPerson } from '../../../test/accounts';
import { type TestContext, describeEachDatabase } from '../../../test/test-app';
import { errorBody } from '../../../test/error-body';

const NEW_PASSWORD = 'Monsoon-Lantern-77';

async function outbox(ctx: TestContext, email: string) {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/dev/outbox?email=${encodeURIComponent(email)}` });
  expect(response.statusCode).toBe(200);
  return response.json<{ messages: { email: string; contactNumber: string; subject: string; text: string }[] }>().messages;
}

function codeIn(text: string): string {
  const match = /\b(\d{6})\b/.exec(text);
  if (!match?.[1]) throw new Error(`no code in: ${text}`);
  return match[1];
}

// Each request from its own address, so the per-address reset limits do not couple the tests.
async function forgot(ctx: TestContext, payload: object) {
  return ctx.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload, remoteAddress: freshAddress() });
}

async function reset(ctx: TestContext, payload: object) {
  return ctx.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload, remoteAddress: freshAddress() });
}

async function requestCode(ctx: TestContext, person: { email: string; contactNumber: string }) {
  expect((await forgot(ctx, { email: person.email, contactNumber: person.contactNumber })).statusCode).toBe(200);
  const messages = await outbox(ctx, person.email);
  const last = messages.at(-1);
  if (!last) throw new Error('no message sent');
  return codeIn(last.text);
}

const profileStatus = async (ctx: TestContext, token: string) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/user/profile', headers: bearer(token) })).statusCode;

describeEachDatabase('auth: password reset', (ctx) => {
  it('answers the same whether or not the details match, and sends a code only on a match', async () => {
    const person = await registerPerson(ctx());
    const match = await forgot(ctx(), { email: person.email.toUpperCase(), contactNumber: `+91 ${person.contactNumber}` });
    const wrongPhone = await forgot(ctx(), { email: person.email, contactNumber: '9000000001' });
    const unknown = await forgot(ctx(), { email: 'nobody-at-all@example.in', contactNumber: person.contactNumber });
    expect(match.statusCode).toBe(200);
    expect(match.json()).toEqual({
      message: 'If the email and contact number match an account, a 6-digit reset code has been sent to it. The code is valid for 15 minutes.',
    });
    expect(wrongPhone.body).toBe(match.body);
    expect(unknown.body).toBe(match.body);

    const messages = await outbox(ctx(), person.email);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ email: person.email, contactNumber: `+91${person.contactNumber}`, subject: 'Your Annadaan password reset code' });
    expect(codeIn(messages[0]?.text ?? '')).toMatch(/^\d{6}$/);
    expect(await outbox(ctx(), 'nobody-at-all@example.in')).toHaveLength(0);
  });

  it('validates the request with human messages', async () => {
    const response = await forgot(ctx(), { email: 'x', contactNumber: '12' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({
      email: 'Enter a valid email address.',
      contactNumber: 'Enter a 10-digit Indian mobile number starting with 6, 7, 8 or 9.',
    });
    const badCode = await reset(ctx(), { email: 'a@example.in', contactNumber: '9876543210', code: '12ab', newPassword: NEW_PASSWORD });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().fieldErrors).toEqual({ code: 'Enter the 6-digit code.' });
  });

  it('resets with the code, ends every session, and the code works only once', async () => {
    const person = await registerPerson(ctx());
    const code = await requestCode(ctx(), person);
    const response = await reset(ctx(), { email: person.email, contactNumber: person.contactNumber, code, newPassword: NEW_PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Password reset successful!' });

    expect(await profileStatus(ctx(), person.token)).toBe(401);
    const login = (password: string) =>
      ctx().app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: person.email, password }, remoteAddress: freshAddress() });
    expect((await login(person.password)).statusCode).toBe(401);
    expect((await login(NEW_PASSWORD)).statusCode).toBe(200);

    const again = await reset(ctx(), { email: person.email, contactNumber: person.contactNumber, code, newPassword: 'Another-Lantern-88' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(
      errorBody({
        message: 'This code is not correct or is no longer valid. Check it, or request a new code.',
        code: 'VALIDATION_ERROR',
        fieldErrors: { code: 'This code is not correct or is no longer valid. Check it, or request a new code.' },
      }),
    );
  });

  it('refuses a wrong code and voids the code after 5 wrong tries', async () => {
    const person = await registerPerson(ctx());
    const code = await requestCode(ctx(), person);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let n = 0; n < 5; n += 1) {
      const response = await reset(ctx(), { email: person.email, contactNumber: person.contactNumber, code: wrong, newPassword: NEW_PASSWORD });
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors).toEqual({ code: 'This code is not correct or is no longer valid. Check it, or request a new code.' });
    }
    const right = await reset(ctx(), { email: person.email, contactNumber: person.contactNumber, code, newPassword: NEW_PASSWORD });
    expect(right.statusCode).toBe(400);
    expect(right.json().fieldErrors).toEqual({ code: 'This code is not correct or is no longer valid. Check it, or request a new code.' });
    expect(await profileStatus(ctx(), person.token)).toBe(200);

    // A new code works again.
    const fresh = await requestCode(ctx(), person);
    expect((await reset(ctx(), { email: person.email, contactNumber: person.contactNumber, code: fresh, newPassword: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it('refuses a code after 15 minutes', async () => {
    const person = await registerPerson(ctx());
    const code = await requestCode(ctx(), person);
    ctx().clock.advance(15 * MINUTE);
    const response = await reset(ctx(), { email: person.email, contactNumber: person.contactNumber, code, newPassword: NEW_PASSWORD });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({ code: 'This code is not correct or is no longer valid. Check it, or request a new code.' });
  });

  it('accepts only the newest code', async () => {
    const person = await registerPerson(ctx());
    const first = await requestCode(ctx(), person);
    const second = await requestCode(ctx(), person);
    if (first !== second) {
      const old = await reset(ctx(), { email: person.email, contactNumber: person.contactNumber, code: first, newPassword: NEW_PASSWORD });
      expect(old.statusCode).toBe(400);
    }
    expect((await reset(ctx(), { email: person.email, contactNumber: person.contactNumber, code: second, newPassword: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it('refuses the code when the contact number does not match the account', async () => {
    const person = await registerPerson(ctx());
    const code = await requestCode(ctx(), person);
    const response = await reset(ctx(), { email: person.email, contactNumber: '9000000002', code, newPassword: NEW_PASSWORD });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({ code: 'This code is not correct or is no longer valid. Check it, or request a new code.' });
  });

  it('applies the password rules to the new password', async () => {
    const person = await registerPerson(ctx());
    const code = await requestCode(ctx(), person);
    const common = await reset(ctx(), { email: person.email, contactNumber: person.contactNumber, code, newPassword: 'iloveyou123' });
    expect(common.statusCode).toBe(400);
    expect(common.json().fieldErrors).toEqual({ newPassword: 'This password is too common. Choose one that is harder to guess.' });
    const short = await reset(ctx(), { email: person.email, contactNumber: person.contactNumber, code, newPassword: 'short' });
    expect(short.json().fieldErrors).toEqual({ newPassword: 'Use at least 8 characters.' });
    // The rules are checked before the code, so these did not use up the code.
    expect((await reset(ctx(), { email: person.email, contactNumber: person.contactNumber, code, newPassword: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it('sends at most 5 codes per account per 30 minutes, answering the same beyond that', async () => {
    const person = await registerPerson(ctx());
    const payload = { email: person.email, contactNumber: person.contactNumber };
    const first = await forgot(ctx(), payload);
    for (let n = 0; n < 6; n += 1) {
      const response = await forgot(ctx(), payload);
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(first.body);
    }
    expect(await outbox(ctx(), person.email)).toHaveLength(5);
    ctx().clock.advance(30 * MINUTE);
    await forgot(ctx(), payload);
    expect(await outbox(ctx(), person.email)).toHaveLength(6);
  });
});

describeEachDatabase('auth: change password', (ctx) => {
  const change = (token: string | null, payload: object) =>
    ctx().app.inject({ method: 'POST', url: '/api/user/change-password', payload, headers: token ? bearer(token) : {} });
  const login = (email: string, password: string) =>
    ctx().app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: freshAddress() });

  it('changes the password, keeps this session and ends every other one', async () => {
    const person = await registerPerson(ctx());
    const other = (await login(person.email, person.password)).json().accessToken as string;
    const response = await change(person.token, { currentPassword: person.password, newPassword: NEW_PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Password updated successfully!' });
    expect(await profileStatus(ctx(), person.token)).toBe(200);
    expect(await profileStatus(ctx(), other)).toBe(401);
    expect((await login(person.email, person.password)).statusCode).toBe(401);
    expect((await login(person.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('checks the current password on the server', async () => {
    const person = await registerPerson(ctx());
    const response = await change(person.token, { currentPassword: 'Not-My-Password-1', newPassword: NEW_PASSWORD });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(
      errorBody({
        message: 'Your current password is not correct.',
        code: 'VALIDATION_ERROR',
        fieldErrors: { currentPassword: 'Your current password is not correct.' },
      }),
    );
  });

  it('stops guessing of the current password after 10 wrong tries', async () => {
    const person = await registerPerson(ctx());
    for (let n = 0; n < 10; n += 1) {
      expect((await change(person.token, { currentPassword: `Not-My-Password-${n}`, newPassword: NEW_PASSWORD })).statusCode).toBe(400);
    }
    const refused = await change(person.token, { currentPassword: person.password, newPassword: NEW_PASSWORD });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('applies the password rules to the new password', async () => {
    const person = await registerPerson(ctx());
    const withEmail = await change(person.token, { currentPassword: person.password, newPassword: `x-${person.email.split('@')[0]}-x` });
    expect(withEmail.statusCode).toBe(400);
    expect(withEmail.json().fieldErrors).toEqual({ newPassword: 'The password must not contain your email name.' });
    const missing = await change(person.token, { newPassword: NEW_PASSWORD });
    expect(missing.json().fieldErrors).toEqual({ currentPassword: 'Enter your current password.' });
  });

  it('is 401 without a token', async () => {
    const response = await change(null, { currentPassword: 'whatever1', newPassword: NEW_PASSWORD });
    expect(response.statusCode).toBe(401);
  });
});

describeEachDatabase('auth: secrets stay out of the logs', (ctx) => {
  it('never logs a password, token or reset code', async () => {
    const person = await registerPerson(ctx());
    const login = await ctx().app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: person.email, password: person.password },
      remoteAddress: freshAddress(),
    });
    const loginToken = login.json().accessToken as string;
    await ctx().app.inject({ method: 'GET', url: '/api/user/profile', headers: bearer(loginToken) });
    const code = await requestCode(ctx(), person);
    await reset(ctx(), { email: person.email, contactNumber: person.contactNumber, code, newPassword: NEW_PASSWORD });

    const logs = ctx().logs().join('\n');
    expect(logs).toContain('notification sent');
    for (const secret of [person.password, NEW_PASSWORD, person.token, loginToken, code]) expect(logs).not.toContain(secret);
  });
});

describeEachDatabase(
  'dev outbox switched off',
  (ctx) => {
    it('does not exist', async () => {
      const response = await ctx().app.inject({ method: 'GET', url: '/api/dev/outbox' });
      expect(response.statusCode).toBe(404);
    });

    it('still answers forgot-password', async () => {
      const person = await registerPerson(ctx());
      const response = await forgot(ctx(), { email: person.email, contactNumber: person.contactNumber });
      expect(response.statusCode).toBe(200);
    });
  },
  { DEV_OUTBOX: 'false' },
);
