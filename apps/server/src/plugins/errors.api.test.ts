import { expect, it } from 'vitest';
import { freshAddress, newPerson, registerPerson } from '../../test/accounts';
import { describeEachDatabase } from '../../test/test-app';

/*
 * Every error answer names its messages by stable codes beside the English (issue 17; decision 032):
 * `messageCode` (+ `params`) and `fieldErrorCodes`, while `message` and `code` stay as before.
 */
describeEachDatabase('error answers carry message codes', (ctx) => {
  const register = (payload: object) => ctx().app.inject({ method: 'POST', url: '/api/auth/register', payload, remoteAddress: freshAddress() });

  it('a field error from the contract: the code of each field and of the message, values as params', async () => {
    const response = await register(newPerson({ email: 'not an email', password: 'short' }));
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.fieldErrors).toMatchObject({ email: 'Enter a valid email address.', password: 'Use at least 8 characters.' });
    expect(body.fieldErrorCodes).toMatchObject({ email: { code: 'EMAIL_INVALID' }, password: { code: 'PASSWORD_TOO_SHORT', params: { min: '8' } } });
    expect(body.fieldErrorCodes.email).toEqual({ code: 'EMAIL_INVALID' });
    expect(['EMAIL_INVALID', 'PASSWORD_TOO_SHORT']).toContain(body.messageCode);
  });

  it('a conflict: the code of the message and of the field', async () => {
    const person = await registerPerson(ctx());
    const response = await register(newPerson({ email: person.email }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: 'This email is already registered.',
      code: 'EMAIL_TAKEN',
      messageCode: 'EMAIL_TAKEN',
      fieldErrors: { email: 'This email is already registered.' },
      fieldErrorCodes: { email: { code: 'EMAIL_TAKEN' } },
    });
  });

  it('not found, from a service and from an unknown path', async () => {
    const donation = await ctx().app.inject({ method: 'GET', url: '/api/browse/donations/987654' });
    expect(donation.statusCode).toBe(404);
    expect(donation.json()).toEqual({ message: 'Donation not found.', code: 'NOT_FOUND', messageCode: 'DONATION_NOT_FOUND' });
    const path = await ctx().app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(path.json()).toEqual({ message: 'Not found.', code: 'NOT_FOUND', messageCode: 'NOT_FOUND' });
  });

  it('signing in: a wrong password, and no session', async () => {
    const person = await registerPerson(ctx());
    const wrong = await ctx().app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: person.email, password: 'Not-The-Password-1' },
      remoteAddress: freshAddress(),
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Invalid email or password.', code: 'INVALID_CREDENTIALS', messageCode: 'INVALID_LOGIN' });
    const anonymous = await ctx().app.inject({ method: 'GET', url: '/api/user/profile' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: 'Please sign in to continue.', code: 'UNAUTHORIZED', messageCode: 'SIGN_IN_REQUIRED' });
  });

  it('a rate limit: the wait in whole minutes from Retry-After', async () => {
    const address = freshAddress();
    const ask = (n: number) =>
      ctx().app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: `someone${n}@example.in`, contactNumber: '9876500000' },
        remoteAddress: address,
      });
    for (let n = 0; n < 10; n += 1) expect((await ask(n)).statusCode).toBe(200);
    const refused = await ask(10);
    expect(refused.statusCode).toBe(429);
    const minutes = String(Math.ceil(Number(refused.headers['retry-after']) / 60));
    expect(Number(minutes)).toBeGreaterThanOrEqual(1);
    expect(refused.json()).toEqual({
      message: 'Too many attempts. Please wait and try again.',
      code: 'RATE_LIMITED',
      messageCode: 'TOO_MANY_ATTEMPTS',
      params: { minutes },
    });
  });

  it('a body that is not JSON, from Fastify itself', async () => {
    const response = await ctx().app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
      remoteAddress: freshAddress(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'The request body is not valid JSON.', messageCode: 'BODY_NOT_JSON' });
  });

  it('are described in the OpenAPI document', async () => {
    const document = (await ctx().app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const text = JSON.stringify(document);
    expect(text).toContain('"messageCode"');
    expect(text).toContain('"fieldErrorCodes"');
  });
});
