import crypto from 'node:crypto';
import { MESSAGES } from '@annadaan/contract/message-codes';
import { NotificationKind } from '@annadaan/contract/notifications';
import { expect, it } from 'vitest';
import { freshAddress } from '../../../test/accounts';
import { type TestContext, describeEachDatabase } from '../../../test/test-app';
import { createTestUser } from '../../../test/test-users';
import { unsubscribeToken } from './unsubscribe-tokens';

async function choices(ctx: TestContext, userId: number) {
  return ctx.database.db
    .selectFrom('notification_preferences')
    .select(['kind', 'channel', 'enabled'])
    .where('user_id', '=', userId)
    .orderBy('kind')
    .orderBy('channel')
    .execute();
}

const url = (token: string) => `/api/unsubscribe?token=${encodeURIComponent(token)}`;

describeEachDatabase('unsubscribe links', (ctx) => {
  it('GET tells what the link would switch off and changes nothing, however often a scanner fetches it', async () => {
    const person = await createTestUser(ctx(), { fullName: 'Scanned Shanti' });
    const token = await unsubscribeToken(ctx().database.db, person.id, NotificationKind.REQUEST_RECEIVED, ctx().clock.now());
    for (let i = 0; i < 3; i += 1) {
      const response = await ctx().app.inject({ method: 'GET', url: url(token), remoteAddress: freshAddress() });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ kind: 'REQUEST_RECEIVED', label: 'New requests for my food', email: true });
    }
    expect(await choices(ctx(), person.id)).toEqual([]);
  });

  it('POST, signed out, switches off exactly that kind’s email and nothing else; again is harmless', async () => {
    const person = await createTestUser(ctx(), { fullName: 'Clicking Chitra' });
    const token = await unsubscribeToken(ctx().database.db, person.id, NotificationKind.REQUEST_RECEIVED, ctx().clock.now());
    for (let i = 0; i < 2; i += 1) {
      const response = await ctx().app.inject({ method: 'POST', url: url(token), payload: {}, remoteAddress: freshAddress() });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ kind: 'REQUEST_RECEIVED', label: 'New requests for my food', email: false });
    }
    expect(await choices(ctx(), person.id)).toEqual([{ kind: 'REQUEST_RECEIVED', channel: 'email', enabled: 0 }]);
    const prefs = await ctx().app.inject({ method: 'GET', url: '/api/notification-preferences', headers: person.headers });
    expect(prefs.json().kinds.REQUEST_RECEIVED).toEqual({ push: true, email: false });
    expect(prefs.json().kinds.REQUEST_ACCEPTED).toEqual({ push: true, email: true });
    // The one-click POST may also come as multipart/form-data (RFC 8058).
    const boundary = 'annadaanboundary';
    const multipart = await ctx().app.inject({
      method: 'POST',
      url: url(await unsubscribeToken(ctx().database.db, person.id, NotificationKind.DONATION_EXPIRED, ctx().clock.now())),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    expect(multipart.statusCode).toBe(200);
    expect(multipart.json().kind).toBe('DONATION_EXPIRED');
  });

  it('refuses forged, altered and missing tokens with 400 naming the token, and changes nothing', async () => {
    const victim = await createTestUser(ctx(), { fullName: 'Victim Vani' });
    const other = await createTestUser(ctx(), { fullName: 'Other Ojas' });
    const real = await unsubscribeToken(ctx().database.db, other.id, NotificationKind.REQUEST_RECEIVED, ctx().clock.now());
    const signature = real.split('.')[2] ?? '';
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    // A key the server never had: what an attacker would sign with.
    const forgedSignature = crypto.createHmac('sha256', 'guess').update(`unsubscribe:${victim.id}:REQUEST_RECEIVED`).digest('base64url');
    const bad = [
      `${victim.id}.REQUEST_RECEIVED.${signature}`, // someone else's signature on the victim's id
      `${other.id}.REQUEST_ACCEPTED.${signature}`, // the kind changed
      `${other.id}.REQUEST_RECEIVED.${flipped}`, // the signature altered
      `${victim.id}.REQUEST_RECEIVED.${forgedSignature}`,
      `${victim.id}.NOT_A_KIND.${signature}`,
      `${real}.extra`,
      'not-a-token',
      '',
    ];
    for (const token of bad) {
      for (const method of ['GET', 'POST'] as const) {
        const response = await ctx().app.inject({ method, url: url(token), ...(method === 'POST' ? { payload: {} } : {}) });
        expect(response.statusCode, `${method} ${token}`).toBe(400);
        expect(response.json(), `${method} ${token}`).toMatchObject({ code: 'VALIDATION_ERROR', fieldErrors: { token: MESSAGES.UNSUBSCRIBE_LINK_INVALID } });
      }
    }
    const missing = await ctx().app.inject({ method: 'POST', url: '/api/unsubscribe', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors).toHaveProperty('token');
    expect(await choices(ctx(), victim.id)).toEqual([]);
    expect(await choices(ctx(), other.id)).toEqual([]);
  });

  it('refuses a token for security email even when signed with the server’s own key', async () => {
    const person = await createTestUser(ctx(), { fullName: 'Guarded Gauri' });
    const token = await unsubscribeToken(ctx().database.db, person.id, NotificationKind.ACCOUNT_SECURITY, ctx().clock.now());
    const response = await ctx().app.inject({ method: 'POST', url: url(token), payload: {} });
    expect(response.statusCode).toBe(400);
    expect(await choices(ctx(), person.id)).toEqual([]);
  });

  it('refuses the link of an account that no longer exists', async () => {
    const token = await unsubscribeToken(ctx().database.db, 987_654, NotificationKind.REQUEST_RECEIVED, ctx().clock.now());
    expect((await ctx().app.inject({ method: 'POST', url: url(token), payload: {} })).statusCode).toBe(400);
  });
});
