import { DEFAULT_CHANNELS, DEFAULT_QUIET_HOURS, type NotificationPreferences } from '@annadaan/contract/notification-preferences';
import { MESSAGES } from '@annadaan/contract/message-codes';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/test-app';
import { createTestUser } from '../../../test/test-users';

const URL = '/api/notification-preferences';

describeEachDatabase('notification preferences API', (ctx) => {
  it('answers 401 without a session, for reading and writing', async () => {
    expect((await ctx().app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
    expect((await ctx().app.inject({ method: 'PUT', url: URL, payload: {} })).statusCode).toBe(401);
  });

  it('gives the defaults to someone who never set anything: every kind, security email on, quiet hours 22:00-07:00 in Asia/Kolkata', async () => {
    const person = await createTestUser(ctx(), { fullName: 'Default Devi' });
    const response = await ctx().app.inject({ method: 'GET', url: URL, headers: person.headers });
    expect(response.statusCode).toBe(200);
    const body = response.json<NotificationPreferences>();
    expect(body.kinds).toEqual(DEFAULT_CHANNELS);
    expect(body.kinds.REQUEST_RECEIVED).toEqual({ push: true, email: true });
    expect(body.kinds.NEARBY_DONATION).toEqual({ push: true, email: false });
    expect(body.kinds.ACCOUNT_SECURITY.email).toBe(true);
    expect(Object.keys(body.kinds)).toEqual(expect.arrayContaining(['PICKUP_REMINDER', 'REQUEST_WAITING', 'NEARBY_DONATION']));
    expect(body.quietHours).toEqual({ enabled: true, start: '22:00', end: '07:00', timeZone: 'Asia/Kolkata' });
  });

  it('keeps what a person sets, leaves the kinds they did not name as they were, and answers the whole result', async () => {
    const person = await createTestUser(ctx(), { fullName: 'Setter Sita' });
    const quietHours = { enabled: true, start: '23:30', end: '06:15', timeZone: 'Asia/Kolkata' };
    const put = await ctx().app.inject({
      method: 'PUT',
      url: URL,
      headers: person.headers,
      payload: { kinds: { REQUEST_RECEIVED: { push: false, email: false }, NEARBY_DONATION: { push: true, email: true } }, quietHours },
    });
    expect(put.statusCode).toBe(200);
    const expected = {
      kinds: { ...DEFAULT_CHANNELS, REQUEST_RECEIVED: { push: false, email: false }, NEARBY_DONATION: { push: true, email: true } },
      quietHours,
    };
    expect(put.json()).toEqual(expected);
    expect((await ctx().app.inject({ method: 'GET', url: URL, headers: person.headers })).json()).toEqual(expected);

    // A second write changes one kind back and turns quiet hours off; the other choice stays.
    const again = await ctx().app.inject({
      method: 'PUT',
      url: URL,
      headers: person.headers,
      payload: { kinds: { REQUEST_RECEIVED: { push: true, email: false } }, quietHours: { ...quietHours, enabled: false } },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json<NotificationPreferences>().kinds.REQUEST_RECEIVED).toEqual({ push: true, email: false });
    expect(again.json<NotificationPreferences>().kinds.NEARBY_DONATION).toEqual({ push: true, email: true });
    expect(again.json<NotificationPreferences>().quietHours.enabled).toBe(false);
  });

  it('reads and writes only the caller’s own preferences', async () => {
    const one = await createTestUser(ctx(), { fullName: 'Own Omkar' });
    const two = await createTestUser(ctx(), { fullName: 'Other Oviya' });
    const put = await ctx().app.inject({
      method: 'PUT',
      url: URL,
      headers: one.headers,
      payload: { kinds: { REQUEST_ACCEPTED: { push: false, email: false } }, quietHours: { ...DEFAULT_QUIET_HOURS, enabled: false } },
    });
    expect(put.statusCode).toBe(200);
    // A user id in the body or query is not a way to reach someone else's.
    const sneaky = await ctx().app.inject({ method: 'PUT', url: `${URL}?userId=${two.id}`, headers: one.headers, payload: { userId: two.id } });
    expect(sneaky.statusCode).toBe(200);
    const theirs = await ctx().app.inject({ method: 'GET', url: URL, headers: two.headers });
    expect(theirs.json()).toEqual({ kinds: DEFAULT_CHANNELS, quietHours: DEFAULT_QUIET_HOURS });
    const rows = await ctx().database.db.selectFrom('notification_preferences').select('user_id').where('user_id', '=', two.id).execute();
    expect(rows).toEqual([]);
  });

  it('refuses bad input with 400 naming the field, and stores nothing of it', async () => {
    const person = await createTestUser(ctx(), { fullName: 'Wrong Waman' });
    const cases: [unknown, string, string | RegExp][] = [
      [{ quietHours: { ...DEFAULT_QUIET_HOURS, start: '25:00' } }, 'quietHours.start', 'Give a time as HH:MM, from 00:00 to 23:59.'],
      [{ quietHours: { ...DEFAULT_QUIET_HOURS, end: '7 am' } }, 'quietHours.end', 'Give a time as HH:MM, from 00:00 to 23:59.'],
      [{ quietHours: { ...DEFAULT_QUIET_HOURS, end: '22:00' } }, 'quietHours.end', 'Quiet hours must end at another time than they start.'],
      [{ quietHours: { ...DEFAULT_QUIET_HOURS, timeZone: 'Mars/Olympus_Mons' } }, 'quietHours.timeZone', 'Choose a time zone from the list.'],
      [{ quietHours: { ...DEFAULT_QUIET_HOURS, enabled: 'yes' } }, 'quietHours.enabled', 'Choose on or off.'],
      [{ kinds: { REQUEST_RECEIVED: { push: true } } }, 'kinds.REQUEST_RECEIVED.email', 'Choose on or off.'],
      [{ kinds: { ACCOUNT_SECURITY: { push: true, email: false } } }, 'kinds.ACCOUNT_SECURITY.email', MESSAGES.SECURITY_EMAIL_REQUIRED],
      [{ kinds: { NOT_A_KIND: { push: true, email: true } } }, 'kinds', /./],
    ];
    for (const [payload, field, message] of cases) {
      const response = await ctx().app.inject({ method: 'PUT', url: URL, headers: person.headers, payload: payload as object });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      const body = response.json<{ code: string; fieldErrors: Record<string, string> }>();
      expect(body.code).toBe('VALIDATION_ERROR');
      const key = Object.keys(body.fieldErrors).find((name) => name === field || name.startsWith(`${field}.`));
      expect(key, `${JSON.stringify(payload)} → ${JSON.stringify(body.fieldErrors)}`).toBeDefined();
      expect(body.fieldErrors[key ?? '']).toMatch(message);
    }
    const stored = await ctx().database.db.selectFrom('notification_preferences').select('kind').where('user_id', '=', person.id).execute();
    expect(stored).toEqual([]);
    const settings = await ctx().database.db.selectFrom('notification_settings').select('user_id').where('user_id', '=', person.id).execute();
    expect(settings).toEqual([]);
  });
});
