import { expect, it } from 'vitest';
import { MINUTE } from '../../lib/clock';
import { bearer, freshAddress, newPerson, registerPerson } from '../../../test/accounts';
import { describeEachDatabase } from '../../../test/test-app';
import { errorBody } from '../../../test/error-body';

describeEachDatabase('auth: register', (ctx) => {
  const register = (payload: unknown, remoteAddress = freshAddress()) =>
    ctx().app.inject({ method: 'POST', url: '/api/auth/register', payload: payload as object, remoteAddress });

  it('creates a donor by default, signs them in and stores normalised details', async () => {
    const person = newPerson({ email: '  Priya.Shah@Example.IN ', contactNumber: '+91 98765-43210', fssaiLicenseNumber: '12345678901234' });
    delete (person as { role?: string }).role;
    const response = await register(person);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['accessToken', 'message', 'role']);
    expect(body.role).toBe('DONOR');
    expect(body.message).toBe('Registration successful!');
    expect(body.accessToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const stored = await ctx()
      .database.db.selectFrom('users')
      .select(['email', 'contact_number', 'role', 'fssai_license_number', 'password_hash'])
      .where('email', '=', 'priya.shah@example.in')
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ email: 'priya.shah@example.in', contact_number: '+919876543210', role: 'DONOR', fssai_license_number: '12345678901234' });
    expect(stored.password_hash).toMatch(/^\$argon2id\$/);

    const profile = await ctx().app.inject({ method: 'GET', url: '/api/user/profile', headers: bearer(body.accessToken) });
    expect(profile.statusCode).toBe(200);
  });

  it('registers a receiver and ignores a licence number', async () => {
    const person = newPerson({ role: 'RECEIVER', fssaiLicenseNumber: '12345678901234' });
    const response = await register(person);
    expect(response.statusCode).toBe(201);
    expect(response.json().role).toBe('RECEIVER');
    const stored = await ctx().database.db.selectFrom('users').select('fssai_license_number').where('email', '=', person.email).executeTakeFirstOrThrow();
    expect(stored.fssai_license_number).toBeNull();
  });

  it.each(['ADMIN', 'VOLUNTEER', 'donor', 'CHEF'])('refuses the role %s', async (role) => {
    const response = await register({ ...newPerson(), role });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(
      errorBody({ message: 'Choose Donor or Receiver.', code: 'VALIDATION_ERROR', fieldErrors: { role: 'Choose Donor or Receiver.' } }),
    );
  });

  const invalid: [string, Record<string, unknown>, string, string][] = [
    ['a short phone number', { contactNumber: '98765' }, 'contactNumber', 'Enter a 10-digit Indian mobile number starting with 6, 7, 8 or 9.'],
    ['a number starting with 5', { contactNumber: '5876543210' }, 'contactNumber', 'Enter a 10-digit Indian mobile number starting with 6, 7, 8 or 9.'],
    ['a bad email', { email: 'not-an-email' }, 'email', 'Enter a valid email address.'],
    ['a missing email', { email: undefined }, 'email', 'Enter your email address.'],
    ['a short password', { password: 'Ab1-xyz' }, 'password', 'Use at least 8 characters.'],
    ['a long password', { password: 'x'.repeat(129) }, 'password', 'Use at most 128 characters.'],
    ['a missing password', { password: undefined }, 'password', 'Enter a password.'],
    ['a blank full name', { fullName: '   ' }, 'fullName', 'Full name is required.'],
    ['a missing location', { location: undefined }, 'location', 'Location is required.'],
    ['a 13-digit licence', { fssaiLicenseNumber: '1234567890123' }, 'fssaiLicenseNumber', 'An FSSAI licence number has exactly 14 digits.'],
  ];
  it.each(invalid)('refuses %s with a human message', async (_label, change, field, message) => {
    const response = await register({ ...newPerson(), ...change });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.fieldErrors[field]).toBe(message);
  });

  it('refuses a common password', async () => {
    const response = await register({ ...newPerson(), password: 'Password123' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(
      errorBody({
        message: 'This password is too common. Choose one that is harder to guess.',
        code: 'VALIDATION_ERROR',
        fieldErrors: { password: 'This password is too common. Choose one that is harder to guess.' },
      }),
    );
  });

  it('refuses a password that contains the email name or the phone digits', async () => {
    const withEmail = await register({ ...newPerson({ email: 'meera.iyer@example.in' }), password: 'Meera.Iyer-2026!' });
    expect(withEmail.statusCode).toBe(400);
    expect(withEmail.json().fieldErrors).toEqual({ password: 'The password must not contain your email name.' });
    const withPhone = await register({ ...newPerson({ contactNumber: '9123456780' }), password: 'x9123456780y' });
    expect(withPhone.statusCode).toBe(400);
    expect(withPhone.json().fieldErrors).toEqual({ password: 'The password must not contain your phone number.' });
  });

  it('refuses an email that is already registered, whatever its case', async () => {
    const first = await registerPerson(ctx());
    const response = await register(newPerson({ email: `  ${first.email.toUpperCase()}  ` }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual(
      errorBody({ message: 'This email is already registered.', code: 'EMAIL_TAKEN', fieldErrors: { email: 'This email is already registered.' } }),
    );
  });

  it('answers a body that is not an object with a human 400', async () => {
    for (const payload of ['[1,2]', '"text"', 'null']) {
      const response = await ctx().app.inject({ method: 'POST', url: '/api/auth/register', headers: { 'content-type': 'application/json' }, payload });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(
        errorBody({
          message: 'The request body must be a JSON object.',
          code: 'VALIDATION_ERROR',
          fieldErrors: { body: 'The request body must be a JSON object.' },
        }),
      );
    }
  });

  it('publishes the account routes in the OpenAPI document', async () => {
    const paths = Object.keys((await ctx().app.inject({ method: 'GET', url: '/api/openapi.json' })).json().paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/auth/register', '/api/auth/login', '/api/user/profile', '/api/uploads']));
  });

  it('answers malformed JSON with 400', async () => {
    const response = await ctx().app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'The request body is not valid JSON.' });
  });

  it('allows 20 new accounts per hour per address, then 429 with Retry-After', async () => {
    const address = freshAddress();
    for (let n = 0; n < 20; n += 1) expect((await register(newPerson(), address)).statusCode).toBe(201);
    const refused = await register(newPerson(), address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
    // Another address is not affected.
    expect((await register(newPerson())).statusCode).toBe(201);
    ctx().clock.advance(61 * MINUTE);
    expect((await register(newPerson(), address)).statusCode).toBe(201);
  });
});

describeEachDatabase('auth: login and logout', (ctx) => {
  const login = (payload: object, remoteAddress = freshAddress()) => ctx().app.inject({ method: 'POST', url: '/api/auth/login', payload, remoteAddress });

  it('signs in with email in any case and returns only token and role', async () => {
    const person = await registerPerson(ctx(), { role: 'RECEIVER' });
    const response = await login({ email: ` ${person.email.toUpperCase()} `, password: person.password });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['accessToken', 'role']);
    expect(body.role).toBe('RECEIVER');
    expect(body.accessToken).not.toBe(person.token);
  });

  it('answers unknown email and wrong password with the same 401', async () => {
    const person = await registerPerson(ctx());
    const wrongPassword = await login({ email: person.email, password: 'Wrong-Password-1' });
    const unknownEmail = await login({ email: 'nobody-here@example.in', password: 'Wrong-Password-1' });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(errorBody({ message: 'Invalid email or password.', code: 'INVALID_CREDENTIALS' }));
    expect(unknownEmail.body).toBe(wrongPassword.body);
  });

  it('refuses missing fields with human messages', async () => {
    const response = await login({ email: 'x@example.in' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({ password: 'Enter your password.' });
    const noEmail = await login({ password: 'whatever1' });
    expect(noEmail.json().fieldErrors).toEqual({ email: 'Enter your email address.' });
  });

  it('locks an account for one address after 10 failed attempts in 15 minutes', async () => {
    const person = await registerPerson(ctx());
    const address = freshAddress();
    for (let n = 0; n < 10; n += 1) {
      expect((await login({ email: person.email, password: `Wrong-Password-${n}` }, address)).statusCode).toBe(401);
    }
    const locked = await login({ email: person.email, password: person.password }, address);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    // The same account from another address, and the same address for another account, still work.
    expect((await login({ email: person.email, password: person.password })).statusCode).toBe(200);
    const other = await registerPerson(ctx());
    expect((await login({ email: other.email, password: other.password }, address)).statusCode).toBe(200);

    ctx().clock.advance(15 * MINUTE);
    expect((await login({ email: person.email, password: person.password }, address)).statusCode).toBe(200);
  });

  it('throttles unknown emails the same way, so the limit reveals nothing', async () => {
    const address = freshAddress();
    for (let n = 0; n < 10; n += 1) await login({ email: 'ghost@example.in', password: 'Wrong-Password-1' }, address);
    expect((await login({ email: 'ghost@example.in', password: 'Wrong-Password-1' }, address)).statusCode).toBe(429);
  });

  it('a successful sign-in clears the failed attempts', async () => {
    const person = await registerPerson(ctx());
    const address = freshAddress();
    for (let n = 0; n < 9; n += 1) await login({ email: person.email, password: 'Wrong-Password-1' }, address);
    expect((await login({ email: person.email, password: person.password }, address)).statusCode).toBe(200);
    for (let n = 0; n < 9; n += 1) await login({ email: person.email, password: 'Wrong-Password-1' }, address);
    expect((await login({ email: person.email, password: person.password }, address)).statusCode).toBe(200);
  });

  it('allows 30 login requests per minute per address', async () => {
    const address = freshAddress();
    for (let n = 0; n < 30; n += 1) {
      // Distinct emails keep the per-account lock out of the way.
      expect((await login({ email: `flood${n}@example.in`, password: 'Wrong-Password-1' }, address)).statusCode).toBe(401);
    }
    const refused = await login({ email: 'flood-last@example.in', password: 'Wrong-Password-1' }, address);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    ctx().clock.advance(MINUTE);
    expect((await login({ email: 'flood-last@example.in', password: 'Wrong-Password-1' }, address)).statusCode).toBe(401);
  });

  it('logout ends the session at once and leaves others alone', async () => {
    const person = await registerPerson(ctx());
    const second = (await login({ email: person.email, password: person.password })).json().accessToken as string;
    const out = await ctx().app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(person.token) });
    expect(out.statusCode).toBe(204);
    expect(out.body).toBe('');
    const after = await ctx().app.inject({ method: 'GET', url: '/api/user/profile', headers: bearer(person.token) });
    expect(after.statusCode).toBe(401);
    expect((await ctx().app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(person.token) })).statusCode).toBe(401);
    expect((await ctx().app.inject({ method: 'GET', url: '/api/user/profile', headers: bearer(second) })).statusCode).toBe(200);
  });

  it('logout without a token is 401', async () => {
    const response = await ctx().app.inject({ method: 'POST', url: '/api/auth/logout' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(errorBody({ message: 'Please sign in to continue.', code: 'UNAUTHORIZED' }));
  });
});
