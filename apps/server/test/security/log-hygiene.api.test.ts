import crypto from 'node:crypto';
import type { PickupInfo } from '@annadaan/contract/requests';
import { expect, it } from 'vitest';
import { freshAddress } from '../accounts';
import { type TestContext, describeEachDatabase } from '../test-app';
import { baseDonation } from '../test-handover';
import { foodNeed } from '../test-people';

function send(ctx: TestContext, method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: object) {
  return ctx.app.inject({
    method,
    url,
    remoteAddress: freshAddress(),
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
    ...(payload ? { payload } : {}),
  });
}

/** Where `canary` appears in `lines`, in plain, URL-encoded or digits-only form. */
function sightings(lines: string[], canary: string, digitsOnly = false): string[] {
  const forms = [canary, encodeURIComponent(canary)].map((form) => form.toLowerCase());
  return lines.filter((line) => {
    const lower = line.toLowerCase();
    if (forms.some((form) => lower.includes(form))) return true;
    // A phone number may be logged as +91…, with spaces or dashes; a 6-digit code must not match inside a longer number.
    return digitsOnly && new RegExp(`(?<!\\d)${canary}(?!\\d)`).test(line.replace(/[\s-]/g, ''));
  });
}

// Both log formats: JSON (production) and the short lines people read in development.
for (const format of ['json', 'pretty'] as const)
  describeEachDatabase(
    `log hygiene (${format} logs)`,
    (ctx) => {
      it('never writes a password, pickup code, session token, phone number or email to the log', async () => {
        const tag = crypto.randomBytes(4).toString('hex');
        const password = `Canary-Pass-${tag}-Quill`;
        const phone = `97${crypto.randomInt(10_000_000, 99_999_999)}`;
        const email = `canary.${tag}@example.in`;

        // The receiver carries the canaries; the donor is an ordinary account.
        const registered = await send(ctx(), 'POST', '/api/auth/register', undefined, {
          fullName: 'Canary Receiver',
          contactNumber: phone,
          email,
          password,
          location: 'Shivajinagar, Pune 411005',
          role: 'RECEIVER',
        });
        expect(registered.statusCode, registered.body).toBe(201);
        expect((await send(ctx(), 'POST', '/api/auth/login', undefined, { email, password: `${password}-wrong` })).statusCode).toBe(401);
        const login = await send(ctx(), 'POST', '/api/auth/login', undefined, { email, password });
        expect(login.statusCode, login.body).toBe(200);
        const token = login.json<{ accessToken: string }>().accessToken;
        expect((await send(ctx(), 'GET', '/api/user/profile', token)).statusCode).toBe(200);
        expect((await send(ctx(), 'PUT', '/api/user/update-profile', token, { contactNumber: phone, alternateContact: phone })).statusCode).toBe(200);

        const donorSignUp = await send(ctx(), 'POST', '/api/auth/register', undefined, {
          fullName: 'Plain Donor',
          contactNumber: `96${crypto.randomInt(10_000_000, 99_999_999)}`,
          email: `donor.${tag}@example.in`,
          password: 'Tamarind-Sunrise-42',
          location: 'Baner, Pune 411045',
          role: 'DONOR',
        });
        const donorToken = donorSignUp.json<{ accessToken: string }>().accessToken;
        const donation = await send(ctx(), 'POST', '/api/donations', donorToken, baseDonation);
        const request = await send(ctx(), 'POST', `/api/requests/create/${donation.json<{ id: number }>().id}`, token, { paymentMethod: '' });
        const requestId = request.json<{ id: number }>().id;
        expect((await send(ctx(), 'POST', `/api/requests/${requestId}/accept`, donorToken)).statusCode).toBe(200);
        const info = await send(ctx(), 'GET', `/api/requests/${requestId}/pickup-code`, token);
        const { pickupCode } = info.json<PickupInfo>();
        const wrongCode = String((Number(pickupCode) + 1) % 1_000_000).padStart(6, '0');
        expect((await send(ctx(), 'POST', `/api/requests/${requestId}/confirm-pickup`, donorToken, { pickupCode: wrongCode })).statusCode).toBe(400);
        expect((await send(ctx(), 'POST', `/api/requests/${requestId}/confirm-pickup`, donorToken, { pickupCode })).statusCode).toBe(200);

        // Places where a phone or an email travel in a URL or a body.
        // The outbox answers callers on this machine only; refused or not, its URL reaches the log.
        expect((await send(ctx(), 'GET', `/api/dev/outbox?email=${encodeURIComponent(email)}`)).statusCode).toBe(403);
        expect((await send(ctx(), 'GET', `/api/directory/users/search?location=${encodeURIComponent(email)}`, token)).statusCode).toBe(200);
        expect((await send(ctx(), 'GET', `/api/browse/donations?location=${phone}`)).statusCode).toBe(200);
        expect((await send(ctx(), 'POST', '/api/food-requests/create', token, foodNeed({ contactNumber: phone, email }))).statusCode).toBe(201);
        expect(
          (await send(ctx(), 'POST', '/api/contact', undefined, { name: 'Canary', email, subject: 'Hello', message: `Call me on ${phone}` })).statusCode,
        ).toBe(201);
        expect((await send(ctx(), 'POST', '/api/auth/forgot-password', undefined, { email, contactNumber: phone })).statusCode).toBe(200);
        expect(
          (await send(ctx(), 'POST', '/api/auth/reset-password', undefined, { email, contactNumber: phone, code: '000000', newPassword: password })).statusCode,
        ).toBe(400);
        expect(
          (await send(ctx(), 'POST', '/api/user/change-password', token, { currentPassword: `${password}-wrong`, newPassword: `${password}-2` })).statusCode,
        ).toBe(400);
        expect((await send(ctx(), 'POST', '/api/auth/logout', token)).statusCode).toBe(204);

        const lines = ctx().logs();
        // The run did log: requests, responses, the notifier and the rejected pickup code.
        // JSON logs give a request two lines (incoming, completed); the short format one.
        expect(lines.length).toBeGreaterThan(format === 'json' ? 40 : 20);
        expect(lines.some((line) => line.includes('pickup code rejected'))).toBe(true);
        const found = {
          password: sightings(lines, password),
          pickupCode: sightings(lines, pickupCode, true),
          wrongPickupCode: sightings(lines, wrongCode, true),
          token: sightings(lines, token),
          phone: sightings(lines, phone, true),
          email: sightings(lines, email),
        };
        expect(found).toEqual({ password: [], pickupCode: [], wrongPickupCode: [], token: [], phone: [], email: [] });
        // The lines read above are the ones this format writes.
        const jsonLines = lines.filter((line) => line.startsWith('{')).length;
        expect(jsonLines).toBe(format === 'json' ? lines.length : 0);
      });
    },
    { DEV_OUTBOX: 'true', HOST: '0.0.0.0', LOG_LEVEL: 'trace', GEOCODER_URL: 'http://127.0.0.1:9', LOG_FORMAT: format },
  );
