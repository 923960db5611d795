import { DEFAULT_QUIET_HOURS } from '@annadaan/contract/notification-preferences';
import { NotificationKind } from '@annadaan/contract/notifications';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/test-app';
import { type TestUser, createTestUser } from '../../../test/test-users';
import type { DeliverableNotification, DeliveryPolicy } from './channels';
import { createPreferencePolicy } from './preferences-policy';

const QUIET_NIGHT = '2026-06-01T17:30:00.000Z'; // 23:00 in Asia/Kolkata
const MORNING = new Date('2026-06-02T01:30:00.000Z'); // 07:00 in Asia/Kolkata, when the default quiet hours end
const NOON = '2026-06-02T06:30:00.000Z'; // 12:00 in Asia/Kolkata

describeEachDatabase('preference policy', (ctx) => {
  let policy: DeliveryPolicy;
  let person: TestUser;
  const note = (kind: NotificationKind): DeliverableNotification => ({
    id: 1,
    userId: person.id,
    kind,
    language: 'en',
    title: 'A title',
    body: 'A body',
    link: '/my-order',
    createdAt: ctx().clock.now().toISOString(),
  });
  const decide = (kind: NotificationKind, channel: 'push' | 'email') => policy(note(kind), channel, ctx().clock.now());
  const put = async (payload: object) => {
    const response = await ctx().app.inject({ method: 'PUT', url: '/api/notification-preferences', headers: person.headers, payload });
    expect(response.statusCode).toBe(200);
  };

  beforeAll(async () => {
    policy = createPreferencePolicy(ctx().app);
    person = await createTestUser(ctx(), { fullName: 'Policy Priya' });
  });

  it('delivers by day what the defaults switch on and skips what they switch off', async () => {
    ctx().clock.set(NOON);
    expect(await decide(NotificationKind.REQUEST_RECEIVED, 'email')).toEqual({ action: 'deliver' });
    expect(await decide(NotificationKind.REQUEST_RECEIVED, 'push')).toEqual({ action: 'deliver' });
    expect(await decide(NotificationKind.PICKUP_COMPLETED, 'email')).toMatchObject({ action: 'skip' });
    expect(await decide(NotificationKind.NEARBY_DONATION, 'push')).toEqual({ action: 'deliver' });
  });

  it('during the default quiet hours (22:00-07:00 Kolkata) lets handover events and security through', async () => {
    ctx().clock.set(QUIET_NIGHT);
    for (const kind of [
      NotificationKind.REQUEST_ACCEPTED,
      NotificationKind.PICKUP_REMINDER,
      NotificationKind.PICKUP_COMPLETED,
      NotificationKind.DONATION_CANCELLED,
      NotificationKind.DONATION_EXPIRED,
      NotificationKind.ACCOUNT_SECURITY,
    ]) {
      expect(await decide(kind, 'push'), kind).toEqual({ action: 'deliver' });
    }
    expect(await decide(NotificationKind.ACCOUNT_SECURITY, 'email')).toEqual({ action: 'deliver' });
  });

  it('holds the rest until 07:00 Kolkata and drops alerts that would be stale by then', async () => {
    ctx().clock.set(QUIET_NIGHT);
    for (const kind of [NotificationKind.REQUEST_RECEIVED, NotificationKind.REQUEST_REJECTED, NotificationKind.REQUEST_CANCELLED]) {
      expect(await decide(kind, 'push'), kind).toEqual({ action: 'defer', until: MORNING });
    }
    expect(await decide(NotificationKind.REQUEST_RECEIVED, 'email')).toEqual({ action: 'defer', until: MORNING });
    expect(await decide(NotificationKind.NEARBY_DONATION, 'push')).toMatchObject({ action: 'skip', reason: expect.stringContaining('quiet hours') });
    expect(await decide(NotificationKind.REQUEST_WAITING, 'push')).toMatchObject({ action: 'skip', reason: expect.stringContaining('quiet hours') });
    // Asked again when the hold ends, it goes.
    ctx().clock.set(MORNING);
    expect(await decide(NotificationKind.REQUEST_RECEIVED, 'push')).toEqual({ action: 'deliver' });
  });

  it('follows the person’s own quiet hours, and none when they are off', async () => {
    await put({ quietHours: { enabled: true, start: '23:30', end: '06:00', timeZone: 'Asia/Kolkata' } });
    ctx().clock.set(QUIET_NIGHT); // 23:00: not quiet for them
    expect(await decide(NotificationKind.REQUEST_RECEIVED, 'push')).toEqual({ action: 'deliver' });
    ctx().clock.set('2026-06-01T18:30:00.000Z'); // midnight
    expect(await decide(NotificationKind.REQUEST_RECEIVED, 'push')).toEqual({ action: 'defer', until: new Date('2026-06-02T00:30:00.000Z') });
    await put({ quietHours: { ...DEFAULT_QUIET_HOURS, enabled: false } });
    expect(await decide(NotificationKind.REQUEST_RECEIVED, 'push')).toEqual({ action: 'deliver' });
    expect(await decide(NotificationKind.NEARBY_DONATION, 'push')).toEqual({ action: 'deliver' });
  });

  it('skips a channel the person switched off, on that channel only, quiet or not; security email stays on even if a row says off', async () => {
    ctx().clock.set(NOON);
    await put({ kinds: { REQUEST_ACCEPTED: { push: false, email: true }, NEARBY_DONATION: { push: true, email: true } } });
    expect(await decide(NotificationKind.REQUEST_ACCEPTED, 'push')).toMatchObject({ action: 'skip' });
    expect(await decide(NotificationKind.REQUEST_ACCEPTED, 'email')).toEqual({ action: 'deliver' });
    expect(await decide(NotificationKind.NEARBY_DONATION, 'email')).toEqual({ action: 'deliver' });
    await ctx()
      .database.db.insertInto('notification_preferences')
      .values({ user_id: person.id, kind: 'ACCOUNT_SECURITY', channel: 'email', enabled: 0, updated_at: NOON })
      .execute();
    expect(await decide(NotificationKind.ACCOUNT_SECURITY, 'email')).toEqual({ action: 'deliver' });
  });
});
